// A reflect of an array without shadow exchanges nothing: a warning at the
// array (most likely its shadow directive is missing), and the program
// still compiles; with a shadow, no warning.
// RUN: %xmpcc -emit-mlir %s 2>&1 >/dev/null | FileCheck %s
// CHECK: reflect-no-shadow.c:[[@LINE+13]]:22: warning: array 'u' has no shadow: 'reflect' exchanges nothing (declare one with '#pragma xmp shadow u[...]')
// CHECK-NOT: warning:
// CHECK: 1 warning generated
#define N 16
double u[N], v[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: u, v
#pragma xmp shadow v[1]
int main(void) {
#pragma xmp reflect (v)
  /* u: none */
#pragma xmp reflect (u)
  return 0;
}
