/* Serial twin of laplace.c: the same iteration without directives. */
#include <stdio.h>
#include <string.h>

#ifndef XSIZE
#define XSIZE 67
#endif
#ifndef YSIZE
#define YSIZE 45
#endif
#ifndef NITER
#define NITER 100
#endif

double u[XSIZE][YSIZE], uu[XSIZE][YSIZE];

static unsigned long long bits(double v) {
  unsigned long long b;
  memcpy(&b, &v, sizeof b);
  return b;
}

int main(void) {
  int x, y, k;
  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++) {
      double edge = (x == 0 || x == XSIZE - 1 || y == 0 || y == YSIZE - 1)
                        ? 1.0 + 0.01 * x + 0.02 * y
                        : 0.0;
      u[x][y] = edge;
      uu[x][y] = edge;
    }
  for (k = 0; k < NITER; k++) {
    if ((k % 2) == 0) {
      for (x = 1; x < XSIZE - 1; x++)
        for (y = 1; y < YSIZE - 1; y++)
          uu[x][y] = (u[x - 1][y] + u[x + 1][y] + u[x][y - 1] + u[x][y + 1]) * 0.25;
    } else {
      for (x = 1; x < XSIZE - 1; x++)
        for (y = 1; y < YSIZE - 1; y++)
          u[x][y] = (uu[x - 1][y] + uu[x + 1][y] + uu[x][y - 1] + uu[x][y + 1]) * 0.25;
    }
  }
  double largest = 0.0;
  unsigned long long checksum = 0;
  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++) {
      largest = u[x][y] > largest ? u[x][y] : largest;
      checksum += bits(u[x][y]) * (unsigned long long)(x * YSIZE + y + 1);
    }
  printf("laplace %dx%d, %d iterations: max %.17g, checksum %llu\n", XSIZE, YSIZE,
         NITER, largest, checksum);
  return 0;
}
