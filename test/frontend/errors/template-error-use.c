// A template whose declaration has an error may still be used by later
// directives: one error, no crash (the plugin read bounds the rejected
// template did not have; found by the directive fuzzer,
// test/tools/fuzz-directives.py).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 8
double u[N][N];
#pragma xmp nodes p(*)
// CHECK: template-error-use.c:[[@LINE+1]]:33: error: template 's' has upper bound -2 below its lower bound 0
#pragma xmp template s(0:N-1, 0:-1-1)
#pragma xmp distribute s(*, block) onto p
#pragma xmp align u[i][j] with s(j, i)
int main(void) {
#pragma xmp array on s(0:N-1, 0:N-1)
  u[0:N][0:N] = 1;
#pragma xmp loop (j, i) on s(j, i)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = 2;
  return 0;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
