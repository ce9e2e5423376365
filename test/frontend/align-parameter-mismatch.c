// RUN: %xmpcc -emit-mlir %s 2>&1 >/dev/null | FileCheck %s
// A distributed array passed whole to a function whose parameter is aligned
// otherwise, or given another shadow: the callee lays out the caller's
// storage differently (silently wrong elements); a warning at the argument.
// The same mapping (a shadow [1] written `[1:1]` too): no warning.
#define N 16
double u[N], w[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: u, w
#pragma xmp shadow u[1]

void plain(double a[N]) {
#pragma xmp align a[i] with t(i)
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = 1;
}

void halo(double b[N]) {
#pragma xmp align b[i] with t(i)
#pragma xmp shadow b[1:1]
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    b[i] = 2;
}

int main(void) {
  plain(u);
  // CHECK: align-parameter-mismatch.c:[[@LINE-1]]:9: warning: 'u' is passed to 'plain', whose parameter 'a' is given shadow none where the caller's array has [1:1]: the callee would lay out this node's storage differently and reach other elements; give both the same align and shadow
  halo(u);
  plain(w);
  halo(w);
  // CHECK: align-parameter-mismatch.c:[[@LINE-1]]:8: warning: 'w' is passed to 'halo', whose parameter 'b' is given shadow [1:1] where the caller's array has none
  // CHECK-NOT: warning:
  return 0;
}
