/* 2-D Laplace equation by Jacobi iteration with XcalableMP global-view
 * directives only, as a user writes it: the static arrays of the serial
 * program (laplace_serial.c) block-distributed along i (1-D, the default) or
 * along i and j (-DNDJ=2 or more), a shadow of one element on u, the loop
 * nests of the serial program under `loop`, and `reflect (u)` after the copy
 * loop. The checksum and residual of the last field are loop reductions.
 *
 *   xmpcc -O3 [-DNDJ=2] laplace_xmp.c -o laplace_xmp
 *   mpirun -np N ./laplace_xmp [ITERATIONS]
 *
 * The process count must be a multiple of NDJ; i takes the rest. */
#include <xmp.h>

#include "laplace_cpu.h"

#ifndef NDJ
#define NDJ 1
#endif

double u[NX][NY], uu[NX][NY];

#pragma xmp template t(0:NY-1, 0:NX-1)
#if NDJ > 1
#pragma xmp nodes n(NDJ, *)
#pragma xmp distribute t(block, block) onto n
#else
#pragma xmp nodes n(*)
#pragma xmp distribute t(*, block) onto n
#endif
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align uu[i][j] with t(j, i)
#if NDJ > 1
#pragma xmp shadow u[1][1]
#else
#pragma xmp shadow u[1][0]
#endif

int main(int argc, char **argv) {
  int iterations, n, i, j;
  if (laplace_args(argc, argv, &iterations) != 0)
    xmp_exit(2);

#pragma xmp loop (j, i) on t(j, i)
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      u[i][j] = uu[i][j] = laplace_initial(i, j);
#pragma xmp reflect (u)

#pragma xmp barrier
  double t0 = xmp_wtime();
  for (n = 0; n < iterations; n++) {
#pragma xmp loop (j, i) on t(j, i)
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        uu[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * 0.25;
#pragma xmp loop (j, i) on t(j, i)
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        u[i][j] = uu[i][j];
#pragma xmp reflect (u)
  }
  double seconds = xmp_wtime() - t0;
#pragma xmp reduction (max:seconds)

  unsigned long long checksum = 0;
  double residual = 0.0;
#pragma xmp loop (j, i) on t(j, i) reduction(+:checksum)
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      checksum += laplace_bits(u[i][j], i, j);
#pragma xmp loop (j, i) on t(j, i) reduction(+:residual)
  for (i = 1; i < NX - 1; i++)
    for (j = 1; j < NY - 1; j++) {
      double d = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * 0.25 - u[i][j];
      residual += d * d;
    }
  if (xmp_node_num() == 1)
    laplace_report("xmp", xmp_num_nodes() / NDJ, NDJ, iterations, checksum, residual, seconds);
  return 0;
}
