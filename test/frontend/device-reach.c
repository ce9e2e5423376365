// Which rows of each array a device loop's iteration accesses (`reach` on xmp.device_loop,
// four numbers per array in the order of `arrays`: 1, the dimension, the lowest and highest
// constant added to the outermost index; 0 0 0 0 for any row), from which out-of-core
// executions cut chunks: a stencil read at i-1..i+1 along dimension 0; coefficient planes
// `c[q][i][j]` along dimension 1 (distributed: the layout is patched per chunk); a plain
// array along its first dimension only, and at larger constants (`m[i + 3]`); an array read
// at an index other than the outermost (`w[j]`) or at two different dimensions: any row.
// Written arrays have their own row.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 40
#define M 16
double a[N][M], b[N][M], c[2][N][M], e[N][M], m[N + 8], w[M], g[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:M-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: a, b, e
#pragma xmp align [*][i][j] with t(j, i) :: c
#pragma xmp shadow a[1][0]

int main(void) {
  int i, j;
#pragma xmp device replicate (a, b, c, e, m, w, g)
  {
// CHECK: xmp.device_loop on @t ["i", "j"]
// CHECK-SAME: arrays ["b", "a", "c", "m", "w"]
// CHECK-SAME: reach = array<i64: 1, 0, 0, 0, 1, 0, -1, 1, 1, 1, 0, 0, 1, 0, -2, 3, 0, 0, 0, 0>
#pragma xmp device loop (j, i) on t(j, i)
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < M; j++)
        b[i][j] = a[i - 1][j] + a[i + 1][j] + c[0][i][j] * c[1][i][j] + m[i + 3] + m[i - 2] +
                  w[j] + a[i][j];
// e read at row i and at column i: two dimensions; g (plain) at its second dimension only
// CHECK: xmp.device_loop on @t ["i", "j"]
// CHECK-SAME: arrays ["b", "e", "g"]
// CHECK-SAME: reach = array<i64: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>
#pragma xmp device loop (j, i) on t(j, i)
    for (i = 1; i < M - 1; i++)
      for (j = 0; j < M; j++)
        b[i][j] = e[i][j] + e[j][i] + g[j][i];
  }
  return 0;
}
