/* Problem sizes and the "AxBxC" parser shared by the Himeno versions
 * (serial, directives, MPI + CUDA), so that they accept the same command line.
 * Plain C, usable from C and C++. */
#ifndef HIMENO_SIZE_H
#define HIMENO_SIZE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The benchmark's named grids (points along i, j, k; k is contiguous). */
static const struct {
  const char *name;
  int dims[3];
} himeno_sizes[] = {
    {"XS", {32, 32, 64}},    {"S", {64, 64, 128}},     {"M", {128, 128, 256}},
    {"L", {256, 256, 512}}, {"XL", {512, 512, 1024}},
};

/* "AxBxC" with positive integers into out[3]; 0 on success. */
static inline int himeno_parse_triple(const char *s, int out[3]) {
  for (int d = 0; d < 3; d++) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v <= 0 || v > 1 << 20)
      return -1;
    out[d] = (int)v;
    if (d < 2 && *end != 'x')
      return -1;
    s = end + (d < 2);
    if (d == 2 && *end != '\0')
      return -1;
  }
  return 0;
}

/* A size name or explicit "IxJxK" (each at least 3: one interior point) into
 * dims; on error prints what is accepted and returns -1. */
static inline int himeno_parse_size(const char *arg, int dims[3]) {
  for (size_t n = 0; n < sizeof himeno_sizes / sizeof himeno_sizes[0]; n++)
    if (strcmp(arg, himeno_sizes[n].name) == 0) {
      memcpy(dims, himeno_sizes[n].dims, sizeof himeno_sizes[n].dims);
      return 0;
    }
  if (himeno_parse_triple(arg, dims) == 0 && dims[0] >= 3 && dims[1] >= 3 && dims[2] >= 3)
    return 0;
  fprintf(stderr,
          "himeno: bad size '%s': expected XS, S, M, L, XL or IxJxK with each extent >= 3\n",
          arg);
  return -1;
}

/* The iteration count argument; on error prints what is accepted and returns -1. */
static inline int himeno_parse_iterations(const char *arg) {
  char *end;
  long v = strtol(arg, &end, 10);
  if (end == arg || *end != '\0' || v <= 0 || v > 1000000000L) {
    fprintf(stderr, "himeno: bad iteration count '%s': expected a positive integer\n", arg);
    return -1;
  }
  return (int)v;
}

/* The value of option `opt` (a finite real) into out; on error prints what is
 * accepted and returns -1. */
static inline int himeno_parse_real(const char *opt, const char *arg, float *out) {
  char *end;
  double v = strtod(arg, &end);
  if (end == arg || *end != '\0' || !(v > -1e30 && v < 1e30)) {
    fprintf(stderr, "himeno: bad %s '%s': expected a real number\n", opt, arg);
    return -1;
  }
  *out = (float)v;
  return 0;
}

/* Floating-point operations per interior point and iteration. */
#define HIMENO_FLOP_PER_POINT 34.0

/* The result lines every version prints (tests compare the Gosa line). */
static inline void himeno_report(const char *version, const int dims[3], const int procs[3],
                          int iterations, double gosa, double seconds) {
  double points = (double)(dims[0] - 2) * (dims[1] - 2) * (dims[2] - 2);
  printf("himeno %s: grid %dx%dx%d\n", version, dims[0], dims[1], dims[2]);
  printf("decomposition %dx%dx%d\n", procs[0], procs[1], procs[2]);
  printf("iterations %d\n", iterations);
  printf("Gosa %.12e\n", gosa);
  printf("MFLOPS %.1f\n", HIMENO_FLOP_PER_POINT * points * iterations / seconds * 1e-6);
  printf("time %.6f s\n", seconds);
}

#endif
