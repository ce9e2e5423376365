// An element a[i + c] of a block-distributed array, read or written by the
// iteration of index i, lies beyond the node's block plus shadow on some
// iterations when |c| (plus the align offset) exceeds the shadow on that
// side: a warning at the subscript. Within the shadow, on a '*' dimension,
// with a full shadow or a cyclic template: no warning.
// RUN: %xmpcc -emit-mlir %s 2>&1 >/dev/null | FileCheck %s --implicit-check-not=warning:
#define N 64
double u[N], v[N], w[N], z[N], c[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template tc(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute tc(cyclic) onto p
#pragma xmp align [i] with t(i) :: u, v, z
#pragma xmp align w[i] with t(i + 1)
#pragma xmp align c[i] with tc(i)
#pragma xmp shadow u[1]
#pragma xmp shadow v[1:2]
#pragma xmp shadow z[*]
int main(void) {
#pragma xmp loop on t(i)
  for (int i = 2; i < N - 2; i++) {
    // CHECK: shadow-reach.c:[[@LINE+1]]:25: warning: 'u' is reached 2 above the iteration's own index along dimension 0, but its upper shadow is 1
    v[i] = u[i - 1] + u[i + 2];
    // CHECK: shadow-reach.c:[[@LINE+1]]:14: warning: 'v' is reached 2 below the iteration's own index along dimension 0, but its lower shadow is 1
    u[i] = v[i - 2] + v[i + 2] + z[i + 5];
    // w[i - 1] sits at template index i: the iteration's own.
    u[i] += w[i - 1];
    // CHECK: shadow-reach.c:[[@LINE+1]]:15: warning: 'w' is reached 1 above the iteration's own index along dimension 0, but its upper shadow is 0
    u[i] += w[i];
  }
#pragma xmp loop on tc(i)
  for (int i = 1; i < N; i++)
    c[i] = 2 * c[i];
  return 0;
}
