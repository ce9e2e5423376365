/* 2-D Laplace equation by Jacobi iteration with XcalableACC, thesis appendix
 * A.1 ("リスト A.1") completed into a program: its directive lines are the
 * listing's, unchanged. `acc data copy(u, uu)` gives u and uu device copies
 * for the iterations (copied in at its start, back at its end); `reflect_init
 * ... acc` builds the halo exchange of the device copies and `reflect_do ...
 * acc` runs it; each `xmp loop` with its `acc parallel loop` runs as a device
 * loop over this node's block, shared between the GPUs and the CPU workers.
 * The listing's gang, vector, vector_length and async clauses are accepted;
 * the device layer picks its own launch shape, and a device loop is complete
 * when the directive returns.
 * Build with -DYNODES=.. -DXNODES=.. (their product = number of processes).
 *
 * Output as laplace.c: equal to the serial twin's bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>

#include "laplace.h"

#ifndef YNODES
#define YNODES 1
#endif
#ifndef XNODES
#define XNODES 1
#endif
#ifdef PERIODIC
#error "laplace_acc.c is the listing's fixed-edge version (see laplace_dev.c for /periodic/)"
#endif

double u[XSIZE][YSIZE], uu[XSIZE][YSIZE];

#pragma xmp nodes p(YNODES, XNODES)
#pragma xmp template t(0:YSIZE-1, 0:XSIZE-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align uu[i][j] with t(j, i)
#pragma xmp shadow u[1:1][1:1]
#pragma xmp shadow uu[1:1][1:1]

int main(int argc, char **argv) {
  int x, y, k;
  int niter = argc > 1 ? atoi(argv[1]) : NITER;

#pragma xmp loop (y, x) on t(y, x)
  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++) {
      u[x][y] = laplace_initial(x, y);
      uu[x][y] = u[x][y];
    }

#pragma acc data copy(u, uu)
  {
#pragma xmp reflect_init (u) acc
#pragma xmp reflect_init (uu) acc

    for (k = 0; k < niter; k++) {
      if ((k % 2) == 0) {
#pragma xmp reflect_do (u) acc

#pragma xmp loop (y, x) on t(y, x)
#pragma acc parallel loop gang vector_length(256) async(1)
        for (x = 1; x < XSIZE - 1; x++) {
#pragma acc loop vector
          for (y = 1; y < YSIZE - 1; y++) {
            uu[x][y] = (u[x - 1][y] + u[x + 1][y] + u[x][y - 1] + u[x][y + 1]) * 0.25;
          }
        }
      } else {
#pragma xmp reflect_do (uu) acc

#pragma xmp loop (y, x) on t(y, x)
#pragma acc parallel loop gang vector_length(256) async(1)
        for (x = 1; x < XSIZE - 1; x++) {
#pragma acc loop vector
          for (y = 1; y < YSIZE - 1; y++)
            u[x][y] = (uu[x - 1][y] + uu[x + 1][y] + uu[x][y - 1] + uu[x][y + 1]) * 0.25;
        }
      }
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
    printf("laplace %dx%d" LAPLACE_KIND ", %d iterations: max %.17g, checksum %llu\n", XSIZE,
           YSIZE, niter, largest, checksum);
  return 0;
}
