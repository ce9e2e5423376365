// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-undeclared.c:6:19: error: array 'b' is not declared
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
#pragma xmp align b[i] with t(i)
int main(void) { return 0; }
