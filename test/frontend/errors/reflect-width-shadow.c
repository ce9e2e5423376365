// reflect and reduce_shadow widths larger than the declared shadow (or than
// none, with no shadow directive) are errors at the width when both are
// numbers, as for reflect_init; they were run-time errors. Full shadows take
// any width.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
double u[N][N], v[N], w[N];
#pragma xmp align u[j][i] with t(i, j)
#pragma xmp shadow u[2:1][0]
#pragma xmp align v[i] with t(*, i)
#pragma xmp align w[i] with t(*, i)
#pragma xmp shadow w[*]

int main(void) {
// CHECK: reflect-width-shadow.c:[[@LINE+1]]:31: error: width 2 of dimension 0 of array 'u' is larger than its upper shadow (1)
#pragma xmp reflect (u) width(2, 0)
// CHECK: reflect-width-shadow.c:[[@LINE+1]]:46: error: width 1 of dimension 1 of array 'u' is larger than its upper shadow (0)
#pragma xmp reflect (u) width(/periodic/2:1, 0:1)
// CHECK: reflect-width-shadow.c:[[@LINE+1]]:31: error: width 1 of dimension 0 of array 'v' is larger than its lower shadow (0)
#pragma xmp reflect (v) width(1)
// CHECK: reflect-width-shadow.c:[[@LINE+1]]:37: error: width 3 of dimension 0 of array 'u' is larger than its lower shadow (2)
#pragma xmp reduce_shadow (u) width(3:0, 0)
#pragma xmp reflect (w) width(5)
#pragma xmp reflect (u) width(2:1, 0)
  return 0;
}
// CHECK-NOT: error:
