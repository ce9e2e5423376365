// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}redeclared.c:4:19: error: 'p' is already declared as a node array or template in this scope
#pragma xmp nodes p(4)
#pragma xmp nodes p(2)
int main(void) { return 0; }
