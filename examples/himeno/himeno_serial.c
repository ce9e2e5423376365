/* Himeno benchmark, serial reference: Jacobi iterations of a 19-point
 * Poisson stencil in single precision on an I x J x K grid (k contiguous).
 *
 *   himeno_serial [-b B] SIZE [ITERATIONS]     SIZE: XS S M L XL, or IxJxK
 *
 * Coefficients as the benchmark defines them: a0..a2 = 1, a3 = 1/6, b = 0,
 * c = 1, bnd = 1, wrk1 = 0; p starts as (i / (I-1))^2 along the outermost
 * axis; omega = 0.8. Each iteration updates the interior points into wrk2,
 * sums the squared residuals into Gosa and copies wrk2 back to p. Gosa is
 * summed in double so that parallel versions, which add in another order,
 * can be compared with it closely. -b sets the three b coefficients (the
 * benchmark's 0 hides the edge terms of the stencil; tests make them count). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdlib.h>
#include <time.h>

#include "himeno_size.h"

static int ni, nj, nk;
#define AT(i, j, k) (((size_t)(i) * nj + (j)) * nk + (k))

enum { A0, A1, A2, A3, B0, B1, B2, C0, C1, C2, WRK1, BND, NCOEF };
static float *coef[NCOEF], *p, *wrk2;

static float *alloc_filled(float value) {
  size_t n = (size_t)ni * nj * nk;
  float *v = malloc(n * sizeof *v);
  if (!v) {
    fprintf(stderr, "himeno: out of memory for a %dx%dx%d grid\n", ni, nj, nk);
    exit(1);
  }
  for (size_t x = 0; x < n; x++)
    v[x] = value;
  return v;
}

static void init(float b) {
  const float value[NCOEF] = {1, 1, 1, 1.0f / 6, b, b, b, 1, 1, 1, 0, 1};
  for (int c = 0; c < NCOEF; c++)
    coef[c] = alloc_filled(value[c]);
  wrk2 = alloc_filled(0);
  p = alloc_filled(0);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        p[AT(i, j, k)] = (float)((long long)i * i) / (float)((long long)(ni - 1) * (ni - 1));
}

static double jacobi(int iterations) {
  const float omega = 0.8f;
  double gosa = 0;
  for (int n = 0; n < iterations; n++) {
    gosa = 0;
    for (int i = 1; i < ni - 1; i++)
      for (int j = 1; j < nj - 1; j++)
        for (int k = 1; k < nk - 1; k++) {
          size_t x = AT(i, j, k);
          float s0 = coef[A0][x] * p[AT(i + 1, j, k)] + coef[A1][x] * p[AT(i, j + 1, k)] +
                     coef[A2][x] * p[AT(i, j, k + 1)] +
                     coef[B0][x] * (p[AT(i + 1, j + 1, k)] - p[AT(i + 1, j - 1, k)] -
                                    p[AT(i - 1, j + 1, k)] + p[AT(i - 1, j - 1, k)]) +
                     coef[B1][x] * (p[AT(i, j + 1, k + 1)] - p[AT(i, j - 1, k + 1)] -
                                    p[AT(i, j + 1, k - 1)] + p[AT(i, j - 1, k - 1)]) +
                     coef[B2][x] * (p[AT(i + 1, j, k + 1)] - p[AT(i - 1, j, k + 1)] -
                                    p[AT(i + 1, j, k - 1)] + p[AT(i - 1, j, k - 1)]) +
                     coef[C0][x] * p[AT(i - 1, j, k)] + coef[C1][x] * p[AT(i, j - 1, k)] +
                     coef[C2][x] * p[AT(i, j, k - 1)] + coef[WRK1][x];
          float ss = (s0 * coef[A3][x] - p[x]) * coef[BND][x];
          gosa += (double)(ss * ss);
          wrk2[x] = p[x] + omega * ss;
        }
    for (int i = 1; i < ni - 1; i++)
      for (int j = 1; j < nj - 1; j++)
        for (int k = 1; k < nk - 1; k++)
          p[AT(i, j, k)] = wrk2[AT(i, j, k)];
  }
  return gosa;
}

int main(int argc, char **argv) {
  int dims[3], iterations = 10, a = 1;
  float b = 0;
  if (argc > 2 && strcmp(argv[1], "-b") == 0) {
    if (himeno_parse_real("-b", argv[2], &b) != 0)
      return 2;
    a = 3;
  }
  if (argc - a < 1 || argc - a > 2) {
    fprintf(stderr, "usage: %s [-b B] XS|S|M|L|XL|IxJxK [iterations]\n", argv[0]);
    return 2;
  }
  if (himeno_parse_size(argv[a], dims) != 0 ||
      (argc - a > 1 && (iterations = himeno_parse_iterations(argv[a + 1])) < 0))
    return 2;
  ni = dims[0], nj = dims[1], nk = dims[2];
  init(b);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  double gosa = jacobi(iterations);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  static const int one[3] = {1, 1, 1};
  himeno_report("serial", dims, one, iterations, gosa, seconds);
  return 0;
}
