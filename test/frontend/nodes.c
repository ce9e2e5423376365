// Node arrays in both bracket styles; lists are stored in C order.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s

// CHECK: xmp.nodes @p shape ["*", "4"] {{{.*}}directive = "nodes p(4,*)", {{.*}}name = "p", scope = #xmp<scope file>, site = 0 : i64}
#pragma xmp nodes p(4,*)
// CHECK: xmp.nodes @q shape ["*", "2"] {{{.*}}name = "q", scope = #xmp<scope file>
#pragma xmp nodes q[*][2]
// CHECK: xmp.nodes @r shape ["NP"]
#define NP 3
#pragma xmp nodes r(NP)
// Keywords are not case-sensitive.
// CHECK: xmp.nodes @s shape ["8"]
#pragma xmp NODES s(8)

int main(void) { return 0; }
