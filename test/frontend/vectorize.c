// The innermost loop of a work-shared stencil nest, and of a copy loop,
// vectorize as the serial ones do: bounds computed before the nest, a
// canonical header, accesses through loop-invariant locals (a restrict base
// pointer, strides and a folded offset).
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: mpicc -std=c11 -O3 -fopt-info-vec-optimized -I%runtime_include -c %t/vectorize.xmp.c -o %t/v.o 2>&1 | FileCheck %s
#define N 64
float u[N][N][N], v[N][N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1, 0:N-1)
#pragma xmp distribute t(*, *, block) onto p
#pragma xmp align [i][j][k] with t(k, j, i) :: u, v
#pragma xmp shadow u[1][0][0]

void stencil(void) {
  int i, j, k;
#pragma xmp reflect (u)
#pragma xmp loop (k, j, i) on t(k, j, i)
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++)
// CHECK-DAG: vectorize.c:[[@LINE+1]]:{{[0-9]+}}: optimized: loop vectorized
      for (k = 1; k < N - 1; k++)
        v[i][j][k] = (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] +
                      u[i][j][k - 1] + u[i][j][k + 1] + u[i][j][k]) / 7.0f;
#pragma xmp loop (k, j, i) on t(k, j, i)
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++)
// CHECK-DAG: vectorize.c:[[@LINE+1]]:{{[0-9]+}}: optimized: loop vectorized
      for (k = 1; k < N - 1; k++)
        u[i][j][k] = v[i][j][k];
}
