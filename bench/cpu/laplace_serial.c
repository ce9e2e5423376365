/* 2-D Laplace equation by Jacobi iteration, serial twin of laplace_xmp.c:
 * the same static arrays and loop nests, without directives.
 *
 *   gcc -O3 laplace_serial.c -o laplace_serial && ./laplace_serial [ITERATIONS]
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <time.h>

#include "laplace_cpu.h"

double u[NX][NY], uu[NX][NY];

int main(int argc, char **argv) {
  int iterations, n, i, j;
  if (laplace_args(argc, argv, &iterations) != 0)
    return 2;

  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      u[i][j] = uu[i][j] = laplace_initial(i, j);

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (n = 0; n < iterations; n++) {
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        uu[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * 0.25;
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        u[i][j] = uu[i][j];
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);

  unsigned long long checksum = 0;
  double residual = 0.0;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      checksum += laplace_bits(u[i][j], i, j);
  for (i = 1; i < NX - 1; i++)
    for (j = 1; j < NY - 1; j++) {
      double d = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * 0.25 - u[i][j];
      residual += d * d;
    }
  laplace_report("serial", 1, 1, iterations, checksum, residual, seconds);
  return 0;
}
