// A negative reflect width is an error at the width.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: reflect-negative-width.c:[[@LINE+9]]:{{[0-9]+}}: error: width -1 of dimension 0 of array 'u' is negative
#define N 16
double u[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[1]
int main(void) {
#pragma xmp reflect (u) width(-1)
  return 0;
}
