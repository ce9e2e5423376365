/* What the bench/cpu Himeno versions share: the grid (compile time), the
 * initial values, the command line and the report.
 *
 * Sizes: -DHIMENO_SIZE_S (64x64x128, the default) or -DHIMENO_SIZE_M
 * (128x128x256), or -DMIMAX=.. -DMJMAX=.. -DMKMAX=.. (points along i, j, k;
 * k is contiguous). Command line of every version: [-b B] [ITERATIONS].
 * The report is examples/himeno's (himeno_size.h), so that the versions of
 * both folders print the same lines. */
#ifndef HIMENO_CPU_H
#define HIMENO_CPU_H

#include "../../examples/himeno/himeno_size.h"

#ifndef MIMAX
#if defined(HIMENO_SIZE_M)
#define MIMAX 128
#define MJMAX 128
#define MKMAX 256
#define HIMENO_ITERATIONS 60
#else
#define MIMAX 64
#define MJMAX 64
#define MKMAX 128
#define HIMENO_ITERATIONS 400
#endif
#endif
#ifndef HIMENO_ITERATIONS
#define HIMENO_ITERATIONS 10
#endif

/* p's initial value on plane i: the benchmark's (i / (I-1))^2. */
#define HIMENO_P_INITIAL(i)                                                                        \
  ((float)((long long)(i) * (i)) / (float)((long long)(MIMAX - 1) * (MIMAX - 1)))

/* [-b B] [ITERATIONS] into *bcoef and *iterations; prints what is wrong and
 * returns -1 on a bad command line. */
static inline int himeno_cpu_args(int argc, char **argv, float *bcoef, int *iterations) {
  int arg = 1;
  *bcoef = 0.0f;
  *iterations = HIMENO_ITERATIONS;
  if (argc > 2 && strcmp(argv[1], "-b") == 0) {
    if (himeno_parse_real("-b", argv[2], bcoef) != 0)
      return -1;
    arg = 3;
  }
  if (argc - arg > 1) {
    fprintf(stderr, "usage: %s [-b B] [iterations]  (grid %dx%dx%d set at compile time)\n",
            argv[0], MIMAX, MJMAX, MKMAX);
    return -1;
  }
  if (argc - arg == 1 && (*iterations = himeno_parse_iterations(argv[arg])) < 0)
    return -1;
  return 0;
}

/* The report of every version: grid, decomposition, iterations, Gosa, MFLOPS, time. */
static inline void himeno_cpu_report(const char *version, int pi, int pj, int iterations,
                                     double gosa, double seconds) {
  const int grid[3] = {MIMAX, MJMAX, MKMAX};
  const int procs[3] = {pi, pj, 1};
  himeno_report(version, grid, procs, iterations, gosa, seconds);
}

#endif
