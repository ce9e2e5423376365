/* 2-D Laplace equation by Jacobi iteration (thesis appendix A.1), on host
 * arrays: u and uu are block-distributed over a 2-D node array with a shadow
 * of one element on each side, refreshed by 'reflect' before each sweep.
 * Build with -DYNODES=.. -DXNODES=.. (their product = number of processes).
 *
 * Output: the iteration count, the largest value, and a checksum of the bits
 * of every element: integer sums are exact in any order, so equal checksums
 * mean bit-identical fields. */
#include <stdio.h>
#include <xmp.h>

#include "laplace.h"

#ifndef YNODES
#define YNODES 1
#endif
#ifndef XNODES
#define XNODES 1
#endif

double u[XSIZE][YSIZE], uu[XSIZE][YSIZE];

#pragma xmp nodes p(YNODES, XNODES)
#pragma xmp template t(0:YSIZE-1, 0:XSIZE-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align uu[i][j] with t(j, i)
#pragma xmp shadow u[1:1][1:1]
#pragma xmp shadow uu[1:1][1:1]

int main(void) {
  int x, y, k;

#pragma xmp loop (y, x) on t(y, x)
  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++) {
      u[x][y] = laplace_initial(x, y);
      uu[x][y] = u[x][y];
    }

  for (k = 0; k < NITER; k++) {
    if ((k % 2) == 0) {
#ifdef PERIODIC
#pragma xmp reflect (u) width(/periodic/1, /periodic/1)
#else
#pragma xmp reflect (u)
#endif
#pragma xmp loop (y, x) on t(y, x)
      for (x = LAPLACE_FIRST; x < XSIZE - LAPLACE_FIRST; x++)
        for (y = LAPLACE_FIRST; y < YSIZE - LAPLACE_FIRST; y++)
          uu[x][y] = (u[x - 1][y] + u[x + 1][y] + u[x][y - 1] + u[x][y + 1]) * 0.25;
    } else {
#ifdef PERIODIC
#pragma xmp reflect (uu) width(/periodic/1, /periodic/1)
#else
#pragma xmp reflect (uu)
#endif
#pragma xmp loop (y, x) on t(y, x)
      for (x = LAPLACE_FIRST; x < XSIZE - LAPLACE_FIRST; x++)
        for (y = LAPLACE_FIRST; y < YSIZE - LAPLACE_FIRST; y++)
          u[x][y] = (uu[x - 1][y] + uu[x + 1][y] + uu[x][y - 1] + uu[x][y + 1]) * 0.25;
    }
  }

  double largest = 0.0;
  unsigned long long checksum = 0;
#pragma xmp loop (y, x) on t(y, x) reduction(max:largest) reduction(+:checksum)
  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++) {
      largest = u[x][y] > largest ? u[x][y] : largest;
      checksum += laplace_bits(u[x][y]) * (unsigned long long)(x * YSIZE + y + 1);
    }

  if (xmp_node_num() == 1)
    printf("laplace %dx%d" LAPLACE_KIND ", %d iterations: max %.17g, checksum %llu\n", XSIZE, YSIZE,
           NITER, largest, checksum);
  return 0;
}
