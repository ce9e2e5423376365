// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}shadow-collapsed.c:8:25: error: dimension 1 of 'a' is not distributed and can have no shadow
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][10];
#pragma xmp align a[i][*] with t(i)
#pragma xmp shadow a[1][1]
int main(void) { return 0; }
