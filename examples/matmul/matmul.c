/* Matrix product C = A * B with XMP-dev (thesis 4.5): rows of A and C are
 * distributed over the nodes; inside each node a device loop shares its rows
 * between the GPUs and the CPU cores (one GPU thread per element of C). B is
 * read only, so it is sent to each GPU once and stays there across the
 * steps.
 *
 *   xmpcc -DN=512 matmul.c -o matmul
 *   mpirun -np 2 ./matmul [cpu_weight|- [steps]]
 *
 * Without a weight (or with -) the runtime balances (XMP_BALANCE); a weight
 * given here is set once with reset_weight.
 *
 * Prints a checksum and sample elements; matmul_serial.c prints the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xmp.h>

#ifndef N
#define N 96
#endif

double A[N][N], B[N][N], C[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align A[i][*] with t(*, i)
#pragma xmp align C[i][j] with t(j, i)

int main(int argc, char **argv) {
  int given = argc > 1 && strcmp(argv[1], "-") != 0;
  double weight = given ? atof(argv[1]) : 0.0;
  int steps = argc > 2 ? atoi(argv[2]) : 3;
  int i, j;

#pragma xmp loop (i) on t(*, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 16.0 - 0.5;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      B[i][j] = (double)((i * 5 + j * 11) % 13) / 12.0 + 0.25;

  double t0 = xmp_wtime();
#pragma xmp device replicate (A, B, C)
  {
#pragma xmp device replicate_sync in (A, B)
    if (given) {
#pragma xmp device reset_weight (weight)
    }
    for (int step = 0; step < steps; step++) {
#pragma xmp device loop (j, i) on t(j, i)
      for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
          double s = 0.0;
          for (int k = 0; k < N; k++)
            s += A[i][k] * B[k][j];
          C[i][j] = s;
        }
      if (xmp_node_num() == 1)
        printf("step %d: cpu %.3f ms gpu %.3f ms\n", step, xmp_cpu_wtime() * 1e3,
               xmp_gpu_wtime() * 1e3);
    }
#pragma xmp device replicate_sync out (C)
  }
  double t1 = xmp_wtime();

  double sum = 0.0;
#pragma xmp loop (i) on t(*, i) reduction(+:sum)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sum += C[i][j] * (double)(1 + (i + 2 * j) % 5);
  double c00 = 0.0, cmid = 0.0, clast = 0.0;
#pragma xmp loop (i) on t(*, i) reduction(+:c00, cmid, clast)
  for (i = 0; i < N; i++) {
    if (i == 0)
      c00 = C[0][0];
    if (i == N / 2)
      cmid = C[N / 2][N / 3];
    if (i == N - 1)
      clast = C[N - 1][N - 1];
  }
  if (xmp_node_num() == 1) {
    printf("matmul N=%d nodes=%d time=%.3f s\n", N, xmp_num_nodes(), t1 - t0);
    printf("checksum %.17g\n", sum);
    printf("C[0][0] %.17g\nC[N/2][N/3] %.17g\nC[N-1][N-1] %.17g\n", c00, cmid, clast);
  }
  return 0;
}
