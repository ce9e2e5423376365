/* Himeno benchmark with XcalableACC, thesis appendix A.2 ("リスト A.2")
 * completed into a program: its directive lines are the listing's (one fix:
 * the listing's `reflect.do` is `reflect_do`). `acc data copy(...)` gives the
 * arrays device copies for the sweeps; each `xmp loop` with its `acc parallel
 * loop` runs as a device loop over this node's block, shared between the GPUs
 * and the CPU workers; the loop's `reduction(+:gosa)` is per node, as in
 * OpenACC, and `reduction (+:gosa) acc` combines the nodes' values. Launch
 * clauses (gang, vector_length, collapse, async) are accepted; the device
 * layer picks its own launch shape and a device loop is complete when it
 * returns, so `acc wait` has nothing to wait for. Scalars stay on the host:
 * `update device/host (gosa)` move nothing.
 *
 *   xmpcc -O3 -DHIMENO_SIZE_S [-DNDJ=2] himeno_acc.c -o himeno_acc
 *   mpirun -np 4 ./himeno_acc [-b B] [ITERATIONS]
 *
 * Sizes and decomposition as himeno.c (1-D over i, or -DNDJ=.. for the
 * listing's 2-D (i, j)); output as the other versions. */
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

float p[MIMAX][MJMAX][MKMAX], wrk1[MIMAX][MJMAX][MKMAX], wrk2[MIMAX][MJMAX][MKMAX],
    bnd[MIMAX][MJMAX][MKMAX];
float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX], c[3][MIMAX][MJMAX][MKMAX];

#pragma xmp template t(0:MKMAX-1, 0:MJMAX-1, 0:MIMAX-1)
#pragma xmp nodes n(NDJ, *)
#pragma xmp distribute t(*, block, block) onto n
#pragma xmp align p[k][j][i] with t(i, j, k)
#pragma xmp align bnd[k][j][i] with t(i, j, k)
#pragma xmp align wrk1[k][j][i] with t(i, j, k)
#pragma xmp align wrk2[k][j][i] with t(i, j, k)
#pragma xmp align a[*][k][j][i] with t(i, j, k)
#pragma xmp align b[*][k][j][i] with t(i, j, k)
#pragma xmp align c[*][k][j][i] with t(i, j, k)
#pragma xmp shadow p[1][1][0]

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

/* nn Jacobi sweeps on the device copies (the listing's n loop); returns the last Gosa and
 * their time in *seconds: that of the sweeps after the first, scaled to nn (the first loads
 * the kernels and starts the halo plan, which himeno.c leaves out with an untimed sweep). */
static double jacobi(int nn, double *seconds) {
  int i, j, k, n;
  const int imax = MIMAX, jmax = MJMAX, kmax = MKMAX;
  const float omega = 0.8f;
  float s0, ss;
  double gosa = 0.0, t0;
#pragma acc data copy(p, bnd, wrk1, wrk2, a, b, c) create(gosa)
  {
#pragma xmp reflect_init (p) acc
    t0 = xmp_wtime();
    for (n = 0; n < nn; ++n) {
      if (n == 1) {
#pragma xmp barrier
        t0 = xmp_wtime();
      }
      gosa = 0.0;
#pragma acc update device(gosa)

#pragma xmp loop (k,j,i) on t(k,j,i)
#pragma acc parallel loop firstprivate(omega) reduction(+:gosa) collapse(2) gang vector_length(64) async
      for (i = 1; i < imax - 1; ++i)
        for (j = 1; j < jmax - 1; ++j) {
#pragma acc loop vector reduction(+:gosa) private(s0, ss)
          for (k = 1; k < kmax - 1; ++k) {
            s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
                 a[2][i][j][k] * p[i][j][k + 1] +
                 b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                                  p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
                 b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                                  p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
                 b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                                  p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
                 c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
                 c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
            ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
            gosa += ss * ss;

            wrk2[i][j][k] = p[i][j][k] + omega * ss;
          }
        }

#pragma xmp loop (k,j,i) on t(k,j,i)
#pragma acc parallel loop collapse(2) gang vector_length(64) async
      for (i = 1; i < imax - 1; ++i)
        for (j = 1; j < jmax - 1; ++j) {
#pragma acc loop vector
          for (k = 1; k < kmax - 1; ++k)
            p[i][j][k] = wrk2[i][j][k];
        }

#pragma acc wait
#pragma xmp reflect_do (p) acc
#pragma xmp reduction(+:gosa) acc
#pragma acc update host (gosa)
    } /* end n loop */
#pragma xmp barrier
    *seconds = (xmp_wtime() - t0) * (nn > 1 ? (double)nn / (nn - 1) : 1.0);
  } // end of acc data
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
    const int procs[3] = {xmp_num_nodes() / NDJ, NDJ, 1};
    himeno_report("xacc", grid, procs, iterations, gosa, seconds);
  }
  return 0;
}
