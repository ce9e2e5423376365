// The sections of an array assignment statement have one shape (XMP 1.4
// 3.2): the same rank, and lengths that are equal where both are numbers;
// a pointer's section gives its length; the assigned reference is a section.
// Each error is at the offending reference.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 8
int main(void) {
  double a[N], b[N][N], *p = a;
// CHECK: array-assignment-shape.c:[[@LINE+1]]:12: error: the section of 'b' has rank 2 but the assigned section has rank 1
  a[0:4] = b[0:4][:];
// CHECK: array-assignment-shape.c:[[@LINE+1]]:21: error: the section of 'a' has length 3 in its dimension 1 but the assigned section has 4 there: they must have the same shape
  b[1][0:4] = 1.0 + a[1:3];
// CHECK: array-assignment-shape.c:[[@LINE+1]]:5: error: the section of pointer 'p' must give its length in dimension 1 ('p[first:length]')
    p[2:] = 0;
// CHECK: array-assignment-shape.c:[[@LINE+1]]:21: error: variable 'zz' is not declared
  a[0:2] = a[0:2] + zz[0:2];
  return 0;
}
