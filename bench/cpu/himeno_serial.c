/* Himeno benchmark, serial twin of himeno_xmp.c: the same static arrays, the
 * same loop nests in the same order, without directives.
 *
 *   gcc -O3 [-DHIMENO_SIZE_M] himeno_serial.c -o himeno_serial
 *   ./himeno_serial [-b B] [ITERATIONS]
 *
 * Each iteration updates the interior points into wrk2 while summing the
 * squared residuals into Gosa (in double, point by point in loop order), then
 * copies wrk2 back to p. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <time.h>

#include "himeno_cpu.h"

float p[MIMAX][MJMAX][MKMAX], bnd[MIMAX][MJMAX][MKMAX], wrk1[MIMAX][MJMAX][MKMAX],
    wrk2[MIMAX][MJMAX][MKMAX];
float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX], c[3][MIMAX][MJMAX][MKMAX];

static void init(float bcoef) {
  int i, j, k;
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
}

static double jacobi(int iterations) {
  const float omega = 0.8f;
  double gosa = 0.0;
  int n, i, j, k;
  for (n = 0; n < iterations; n++) {
    gosa = 0.0;
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
    for (i = 1; i < MIMAX - 1; i++)
      for (j = 1; j < MJMAX - 1; j++)
        for (k = 1; k < MKMAX - 1; k++)
          p[i][j][k] = wrk2[i][j][k];
  }
  return gosa;
}

int main(int argc, char **argv) {
  float bcoef;
  int iterations;
  if (himeno_cpu_args(argc, argv, &bcoef, &iterations) != 0)
    return 2;
  init(bcoef);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  double gosa = jacobi(iterations);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  himeno_cpu_report("serial", 1, 1, iterations, gosa, seconds);
  return 0;
}
