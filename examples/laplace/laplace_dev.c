/* 2-D Laplace equation by Jacobi iteration on the devices, as thesis appendix
 * A.1 writes it with XACC: u and uu are block-distributed over a 2-D node
 * array with one shadow element on each side; 'device replicate' gives them
 * device copies, 'reflect_init ... acc' builds the halo exchange of the device
 * copies once and 'reflect_do ... acc' runs it before each sweep; the sweeps
 * are 'device loop's, shared between the GPU and the CPU workers.
 * Build with -DYNODES=.. -DXNODES=.. (their product = number of processes),
 * -DPERIODIC for a grid that wraps around (see laplace.h).
 *
 * Output as laplace.c: equal to the serial twin's bit for bit. */
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

#pragma xmp device replicate (u, uu)
  {
#pragma xmp device replicate_sync in (u, uu)
#ifdef PERIODIC
#pragma xmp reflect_init (u) width(/periodic/1, /periodic/1) acc
#pragma xmp reflect_init (uu) width(/periodic/1, /periodic/1) acc
#else
#pragma xmp reflect_init (u) acc
#pragma xmp reflect_init (uu) acc
#endif
    for (k = 0; k < NITER; k++) {
      if ((k % 2) == 0) {
#pragma xmp reflect_do (u) acc
#pragma xmp device loop (y, x) on t(y, x)
        for (x = LAPLACE_FIRST; x < XSIZE - LAPLACE_FIRST; x++)
          for (y = LAPLACE_FIRST; y < YSIZE - LAPLACE_FIRST; y++)
            uu[x][y] = (u[x - 1][y] + u[x + 1][y] + u[x][y - 1] + u[x][y + 1]) * 0.25;
      } else {
#pragma xmp reflect_do (uu) acc
#pragma xmp device loop (y, x) on t(y, x)
        for (x = LAPLACE_FIRST; x < XSIZE - LAPLACE_FIRST; x++)
          for (y = LAPLACE_FIRST; y < YSIZE - LAPLACE_FIRST; y++)
            u[x][y] = (uu[x - 1][y] + uu[x + 1][y] + uu[x][y - 1] + uu[x][y + 1]) * 0.25;
      }
    }
#pragma xmp device replicate_sync out (u)
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
    printf("laplace %dx%d" LAPLACE_KIND ", %d iterations: max %.17g, checksum %llu\n", XSIZE,
           YSIZE, NITER, largest, checksum);
  return 0;
}
