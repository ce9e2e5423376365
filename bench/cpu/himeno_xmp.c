/* Himeno benchmark with XcalableMP global-view directives only, as a user
 * writes it: the static arrays of the serial program (himeno_serial.c)
 * distributed along i (1-D, the default) or along i and j (-DNDJ=2 or more)
 * with a shadow on p, the loop nests of the serial program under `loop`, the
 * Gosa sum as the stencil loop's reduction, a copy loop p = wrk2 and
 * `reflect (p)`. No device directives.
 *
 *   xmpcc -O3 [-DHIMENO_SIZE_M] [-DNDJ=2] himeno_xmp.c -o himeno_xmp
 *   mpirun -np N ./himeno_xmp [-b B] [ITERATIONS]
 *
 * The process count must be a multiple of NDJ (the runtime says so
 * otherwise); i takes the rest. At one node Gosa is added in the serial
 * program's order; on several, each node adds its points in that order and the
 * loop's reduction adds the nodes' sums. */
#include <xmp.h>

#include "himeno_cpu.h"

#ifndef NDJ
#define NDJ 1
#endif

float p[MIMAX][MJMAX][MKMAX], bnd[MIMAX][MJMAX][MKMAX], wrk1[MIMAX][MJMAX][MKMAX],
    wrk2[MIMAX][MJMAX][MKMAX];
float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX], c[3][MIMAX][MJMAX][MKMAX];

#pragma xmp template t(0:MKMAX-1, 0:MJMAX-1, 0:MIMAX-1)
#if NDJ > 1
#pragma xmp nodes n(NDJ, *)
#pragma xmp distribute t(*, block, block) onto n
#else
#pragma xmp nodes n(*)
#pragma xmp distribute t(*, *, block) onto n
#endif
#pragma xmp align [i][j][k] with t(k, j, i) :: p, bnd, wrk1, wrk2
#pragma xmp align [*][i][j][k] with t(k, j, i) :: a, b, c
#if NDJ > 1
#pragma xmp shadow p[1][1][0]
#else
#pragma xmp shadow p[1][0][0]
#endif

static void init(float bcoef) {
  int i, j, k;
#pragma xmp loop (k, j, i) on t(k, j, i)
  for (i = 0; i < MIMAX; i++)
    for (j = 0; j < MJMAX; j++)
      for (k = 0; k < MKMAX; k++) {
        a[0][i][j][k] = a[1][i][j][k] = a[2][i][j][k] = 1.0f;
        a[3][i][j][k] = 1.0f / 6.0f;
        b[0][i][j][k] = b[1][i][j][k] = b[2][i][j][k] = bcoef;
        c[0][i][j][k] = c[1][i][j][k] = c[2][i][j][k] = 1.0f;
        bnd[i][j][k] = 1.0f;
        wrk1[i][j][k] = wrk2[i][j][k] = 0.0f;
        p[i][j][k] = HIMENO_P_INITIAL(i);
      }
#pragma xmp reflect (p)
}

static double jacobi(int iterations) {
  const float omega = 0.8f;
  double gosa = 0.0;
  int n, i, j, k;
  for (n = 0; n < iterations; n++) {
    gosa = 0.0;
#pragma xmp loop (k, j, i) on t(k, j, i) reduction(+:gosa)
    for (i = 1; i < MIMAX - 1; i++)
      for (j = 1; j < MJMAX - 1; j++)
        for (k = 1; k < MKMAX - 1; k++) {
          float s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
                     a[2][i][j][k] * p[i][j][k + 1] +
                     b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                                      p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
                     b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                                      p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
                     b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                                      p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
                     c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
                     c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
          float ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
          gosa += (double)(ss * ss);
          wrk2[i][j][k] = p[i][j][k] + omega * ss;
        }
#pragma xmp loop (k, j, i) on t(k, j, i)
    for (i = 1; i < MIMAX - 1; i++)
      for (j = 1; j < MJMAX - 1; j++)
        for (k = 1; k < MKMAX - 1; k++)
          p[i][j][k] = wrk2[i][j][k];
#pragma xmp reflect (p)
  }
  return gosa;
}

int main(int argc, char **argv) {
  float bcoef;
  int iterations;
  if (himeno_cpu_args(argc, argv, &bcoef, &iterations) != 0)
    xmp_exit(2);
  init(bcoef);
#pragma xmp barrier
  double t0 = xmp_wtime();
  double gosa = jacobi(iterations);
  double seconds = xmp_wtime() - t0;
#pragma xmp reduction (max:seconds)
  if (xmp_node_num() == 1)
    himeno_cpu_report("xmp", xmp_num_nodes() / NDJ, NDJ, iterations, gosa, seconds);
  return 0;
}
