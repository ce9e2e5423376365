/* Himeno benchmark with xmpcc directives, in the style of thesis appendix A.2:
 * distributed arrays with shadows, `device replicate`, `device loop ...
 * reduction(+:gosa)` (combined across the nodes, XMP's rule for a loop's
 * reduction clause) and `reflect_init` / `reflect_do ... acc`. Each node's
 * device loops run on its GPUs and CPU cores
 * (StarPU, CPU weight from XMP_BALANCE); on a machine without GPUs they run on
 * CPU workers.
 *
 * Grid and decomposition are fixed at compile time (XMP arrays have constant
 * extents), the iteration count and the b coefficients at run time:
 *
 *   xmpcc -O3 -DHIMENO_SIZE_S [-DNDJ=2] [-DNDK=2] himeno.c -o himeno
 *   mpirun -np 4 ./himeno [-b B] [ITERATIONS]
 *
 * Sizes: -DHIMENO_SIZE_XS, _S (default), _M, _L, _XL, or -DMIMAX=.. -DMJMAX=..
 * -DMKMAX=.. (points along i, j, k; k contiguous). Decomposition: the i axis
 * takes the processes left over by NDJ (default 1) and NDK (default 1): NDJ=1,
 * NDK=1 is 1-D over i; NDJ>1 is the thesis's 2-D (i, j); NDK>1 a 3-D grid.
 * The process count must be a multiple of NDJ*NDK (the runtime says so
 * otherwise). Output as the other versions (himeno_size.h): grid,
 * decomposition, loop count, Gosa (summed in double), MFLOPS, time. */
#include <stdlib.h>
#include <xmp.h>

#include "himeno_size.h"

#ifndef MIMAX
#if defined(HIMENO_SIZE_XS)
#define MIMAX 32
#define MJMAX 32
#define MKMAX 64
#elif defined(HIMENO_SIZE_M)
#define MIMAX 128
#define MJMAX 128
#define MKMAX 256
#elif defined(HIMENO_SIZE_L)
#define MIMAX 256
#define MJMAX 256
#define MKMAX 512
#elif defined(HIMENO_SIZE_XL)
#define MIMAX 512
#define MJMAX 512
#define MKMAX 1024
#else
#define MIMAX 64
#define MJMAX 64
#define MKMAX 128
#endif
#endif
#ifndef NDJ
#define NDJ 1
#endif
#ifndef NDK
#define NDK 1
#endif

float p[MIMAX][MJMAX][MKMAX], wrk1[MIMAX][MJMAX][MKMAX], wrk2[MIMAX][MJMAX][MKMAX],
    bnd[MIMAX][MJMAX][MKMAX];
float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX], c[3][MIMAX][MJMAX][MKMAX];

#pragma xmp template t(0:MKMAX-1, 0:MJMAX-1, 0:MIMAX-1)
#if NDK > 1
#pragma xmp nodes n(NDK, NDJ, *)
#pragma xmp distribute t(block, block, block) onto n
#else
#pragma xmp nodes n(NDJ, *)
#pragma xmp distribute t(*, block, block) onto n
#endif
#pragma xmp align [i][j][k] with t(k, j, i) :: p, wrk1, wrk2, bnd
#pragma xmp align [*][i][j][k] with t(k, j, i) :: a, b, c
#if NDK > 1
#pragma xmp shadow p[1][1][1]
#else
#pragma xmp shadow p[1][1][0]
#endif

/* p's initial value at row i (the benchmark's (i / (I-1))^2). */
#define P_INITIAL(i) ((float)((long long)(i) * (i)) / (float)((long long)(MIMAX - 1) * (MIMAX - 1)))

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
        p[i][j][k] = P_INITIAL(i);
      }
#pragma xmp reflect (p)
}

/* ITERATIONS Jacobi sweeps on the device copies; returns the last Gosa and their time in
 * *seconds. As the hand-coded version does, one untimed sweep first moves the arrays to the
 * devices and launches the kernels once; p is then reset (on the devices) and the measured
 * sweeps start from the initial state. */
static double jacobi(int iterations, double *seconds) {
  const float omega = 0.8f;
  double gosa = 0.0, t0 = 0.0;
  int i, j, k;
#pragma xmp device replicate (p, wrk1, wrk2, bnd, a, b, c)
  {
#pragma xmp device replicate_sync in (p, wrk1, wrk2, bnd, a, b, c)
#pragma xmp reflect_init (p) acc
    for (int run = 0; run < 2; run++) {
      if (run == 1) {
#pragma xmp device loop (k, j, i) on t(k, j, i)
        for (i = 0; i < MIMAX; i++)
          for (j = 0; j < MJMAX; j++)
            for (k = 0; k < MKMAX; k++) {
              p[i][j][k] = P_INITIAL(i);
            }
#pragma xmp reflect_do (p) acc
#pragma xmp barrier
        t0 = xmp_wtime();
      }
      for (int n = 0; n < (run == 0 ? 1 : iterations); n++) {
        gosa = 0.0;
#pragma xmp device loop (k, j, i) on t(k, j, i) reduction(+:gosa)
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
#pragma xmp device loop (k, j, i) on t(k, j, i)
        for (i = 1; i < MIMAX - 1; i++)
          for (j = 1; j < MJMAX - 1; j++)
            for (k = 1; k < MKMAX - 1; k++) {
              p[i][j][k] = wrk2[i][j][k];
            }
#pragma xmp reflect_do (p) acc
      }
    }
#pragma xmp barrier
    *seconds = xmp_wtime() - t0;
  }
  return gosa;
}

int main(int argc, char **argv) {
  int iterations = 10, arg = 1;
  float bcoef = 0.0f;
  if (argc > 2 && strcmp(argv[1], "-b") == 0) {
    if (himeno_parse_real("-b", argv[2], &bcoef) != 0)
      xmp_exit(2);
    arg = 3;
  }
  if (argc - arg > 1) {
    if (xmp_node_num() == 1)
      fprintf(stderr, "usage: %s [-b B] [iterations]  (grid %dx%dx%d set at compile time)\n",
              argv[0], MIMAX, MJMAX, MKMAX);
    xmp_exit(2);
  }
  if (argc - arg == 1 && (iterations = himeno_parse_iterations(argv[arg])) < 0)
    xmp_exit(2);

  init(bcoef);
  double seconds;
  double gosa = jacobi(iterations, &seconds);

  if (xmp_node_num() == 1) {
    const int grid[3] = {MIMAX, MJMAX, MKMAX};
    const int procs[3] = {xmp_num_nodes() / (NDJ * NDK), NDJ, NDK};
    himeno_report("xmp", grid, procs, iterations, gosa, seconds);
  }
  return 0;
}
