// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}block-param.c:5:26: error: 'block(n)' is not supported; use 'block' or 'gblock(m)'
#pragma xmp nodes p(4)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block(10)) onto p
int main(void) { return 0; }
