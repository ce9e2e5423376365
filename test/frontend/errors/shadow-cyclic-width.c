// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}shadow-cyclic-width.c:8:22: error: dimension 0 of 'a' is distributed cyclic and can have only a full shadow ('*')
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(cyclic) onto p
double a[10];
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]
int main(void) { return 0; }
