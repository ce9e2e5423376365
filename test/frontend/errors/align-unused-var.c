// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-unused-var.c:7:24: error: 'j' of array 'a' does not appear in the template subscripts
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][10];
#pragma xmp align a[i][j] with t(i)
int main(void) { return 0; }
