// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-pointer-length.c:11:3: error: the section of pointer 'q' must give its length in dimension 1 ('q[first:length]')
// CHECK: {{.*}}gmove-pointer-length.c:13:3: error: the section of pointer 'r' must give its length in dimension 1 ('r[first:length]')
double a[4];
#pragma xmp nodes p(*)
#pragma xmp template t(0:3)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
void f(double *q, double (*r)[4]) {
#pragma xmp gmove
  q[:] = a[:];
#pragma xmp gmove
  r[1:][2] = a[:];
}
