/* What the bench/cpu Laplace versions share: the grid (compile time), the
 * initial field, the command line, the checksum and the report.
 *
 * The grid is NX x NY doubles (NY contiguous), -DNX=.. -DNY=.. change it.
 * The edges hold fixed values, the interior starts at zero; each iteration
 * writes the 5-point average of u's interior into uu and copies it back.
 * Command line of every version: [ITERATIONS]. At the end every version
 * prints a checksum of the bits of every element (integer sums are exact in
 * any order, so equal checksums mean bit-identical fields, whatever the
 * decomposition) and the squared residual of the last field summed in
 * double (its last digits depend on the order of the sum). */
#ifndef LAPLACE_CPU_H
#define LAPLACE_CPU_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NX
#define NX 1024
#endif
#ifndef NY
#define NY 1024
#endif
#ifndef LAPLACE_ITERATIONS
#define LAPLACE_ITERATIONS 1000
#endif

/* Floating-point operations per interior point and iteration: 3 adds, 1 multiply. */
#define LAPLACE_FLOP_PER_POINT 4.0

static inline double laplace_initial(int i, int j) {
  int edge = i == 0 || i == NX - 1 || j == 0 || j == NY - 1;
  return edge ? 1.0 + 0.5 * i / NX + 0.25 * j / NY : 0.0;
}

/* The checksum's term of element (i, j). */
static inline unsigned long long laplace_bits(double v, int i, int j) {
  unsigned long long bits;
  memcpy(&bits, &v, sizeof bits);
  return bits * ((unsigned long long)i * NY + (unsigned long long)j + 1);
}

/* [ITERATIONS] into *iterations; prints what is wrong and returns -1 on a bad command line. */
static inline int laplace_args(int argc, char **argv, int *iterations) {
  *iterations = LAPLACE_ITERATIONS;
  if (argc > 2) {
    fprintf(stderr, "usage: %s [iterations]  (grid %dx%d set at compile time)\n", argv[0], NX,
            NY);
    return -1;
  }
  if (argc == 2) {
    char *end;
    long v = strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v <= 0 || v > 1000000000L) {
      fprintf(stderr, "laplace: bad iteration count '%s': expected a positive integer\n",
              argv[1]);
      return -1;
    }
    *iterations = (int)v;
  }
  return 0;
}

/* The report of every version (tests compare the checksum and residual lines). */
static inline void laplace_report(const char *version, int pi, int pj, int iterations,
                                  unsigned long long checksum, double residual, double seconds) {
  double points = (double)(NX - 2) * (NY - 2);
  printf("laplace %s: grid %dx%d\n", version, NX, NY);
  printf("decomposition %dx%d\n", pi, pj);
  printf("iterations %d\n", iterations);
  printf("checksum %llu\n", checksum);
  printf("residual %.12e\n", residual);
  printf("MFLOPS %.1f\n", LAPLACE_FLOP_PER_POINT * points * iterations / seconds * 1e-6);
  printf("time %.6f s\n", seconds);
}

#endif
