// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-paren.c:3:25: error: expected ')'
#pragma xmp nodes p(4, 2
int main(void) { return 0; }
