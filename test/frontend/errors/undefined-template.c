// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}undefined-template.c:4:24: error: template 'u' is not declared
#pragma xmp nodes p(4)
#pragma xmp distribute u(block) onto p
int main(void) { return 0; }
