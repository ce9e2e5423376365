// Distribution formats, reversed into C order for round brackets; styles mix.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s

#pragma xmp nodes p(2,*)
#pragma xmp template t(0:99, 0:49, 0:9)
// CHECK: xmp.distribute @t onto @p formats ["*", "block", "block"] params ["", "", ""]
#pragma xmp distribute t(block, block, *) onto p
#pragma xmp nodes q[4]
#pragma xmp template u[100][20]
// CHECK: xmp.distribute @u onto @q formats ["block", "*"] params ["", ""]
#pragma xmp distribute u[BLOCK][*] onto q
#pragma xmp template w(0:99)
// CHECK: xmp.distribute @w onto @q formats ["cyclic"] params ["3"]
#pragma xmp distribute w(cyclic(3)) onto q

int main(void) { return 0; }
