/* Serial twin of laplace.c and laplace_dev.c: the same iteration without
 * directives, the reference their output must equal bit for bit. */
#include <stdio.h>

#include "laplace.h"

double u[XSIZE][YSIZE], uu[XSIZE][YSIZE];

/* Neighbour indices; with -DPERIODIC they wrap around the grid. */
#ifdef PERIODIC
#define PREV(i, n) (((i) + (n) - 1) % (n))
#define NEXT(i, n) (((i) + 1) % (n))
#else
#define PREV(i, n) ((i) - 1)
#define NEXT(i, n) ((i) + 1)
#endif

static void sweep(double (*to)[YSIZE], double (*from)[YSIZE]) {
  for (int x = LAPLACE_FIRST; x < XSIZE - LAPLACE_FIRST; x++)
    for (int y = LAPLACE_FIRST; y < YSIZE - LAPLACE_FIRST; y++)
      to[x][y] = (from[PREV(x, XSIZE)][y] + from[NEXT(x, XSIZE)][y] + from[x][PREV(y, YSIZE)] +
                  from[x][NEXT(y, YSIZE)]) *
                 0.25;
}

int main(void) {
  for (int x = 0; x < XSIZE; x++)
    for (int y = 0; y < YSIZE; y++) {
      u[x][y] = laplace_initial(x, y);
      uu[x][y] = u[x][y];
    }
  for (int k = 0; k < NITER; k++) {
    if ((k % 2) == 0)
      sweep(uu, u);
    else
      sweep(u, uu);
  }
  double largest = 0.0;
  unsigned long long checksum = 0;
  for (int x = 0; x < XSIZE; x++)
    for (int y = 0; y < YSIZE; y++) {
      largest = u[x][y] > largest ? u[x][y] : largest;
      checksum += laplace_bits(u[x][y]) * (unsigned long long)(x * YSIZE + y + 1);
    }
  printf("laplace %dx%d" LAPLACE_KIND ", %d iterations: max %.17g, checksum %llu\n", XSIZE,
         YSIZE, NITER, largest, checksum);
  return 0;
}
