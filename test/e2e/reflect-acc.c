// Plain `reflect ... acc` (XACC): the shadows of an array's device copy are
// updated through a plan built at the directive's first execution and kept
// (no reflect_init). Every step writes new values on the device; every
// device-loop result that reads shadows (corners included) is compared with a
// serial reference. Declared widths, and /periodic/ widths with async and
// wait_async; 1-D and 2-D node arrays, uneven blocks (13x11), 1-4 nodes,
// paths forced and measured, faces all at once and phased by direction. No
// GPU here: StarPU's CPU workers run the device loops.
// RUN: %xmpcc --gpu=none -DNDX=1 %s -o %t.1d
// RUN: %xmpcc --gpu=none -DNDX=2 %s -o %t.2d
// RUN: %mpirun -np 1 %t.1d | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t.1d | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 2 %t.2d | FileCheck %s
// RUN: env XMP_COMM=direct-kernel %mpirun -np 3 %t.1d | FileCheck %s
// RUN: %mpirun -np 4 %t.2d | FileCheck %s
// The faces going up first, then those going down (XMP_HALO_ORDER=phased):
// RUN: env XMP_HALO_ORDER=phased %mpirun -np 3 %t.1d | FileCheck %s
// RUN: env XMP_HALO_ORDER=phased XMP_COMM=direct %mpirun -np 4 %t.2d | FileCheck %s
// CHECK: reflect acc: 0 wrong of 858
// Outside a device replicate region: in a function another file could call
// inside one, a collective error at run time naming the array; in main, a
// compile-time error.
// RUN: %xmpcc --gpu=none -DNDX=1 -DNOT_REPLICATED %s -o %t.bad
// RUN: not %mpirun -np 2 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %xmpcc --gpu=none -DNDX=1 -DIN_MAIN %s -o %t.main 2>&1 | FileCheck %s --check-prefix=MAIN
#include <stdio.h>
#include <xmp.h>
#define NY 13
#define NX 11
#define K 6

double v[NY][NX], r[NY][NX];
#pragma xmp nodes p(NDX, *)
#pragma xmp template t(0:NX-1, 0:NY-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align v[y][x] with t(x, y)
#pragma xmp align r[y][x] with t(x, y)
#pragma xmp shadow v[1][1]

#define VALUE(k, y, x) ((k) * 1e4 + (y) * 100 + (x) + 1)
static int wrap(int i, int n) { return (i % n + n) % n; }

#ifdef NOT_REPLICATED
void outside(void) {
// BAD: reflect-acc.c:[[#@LINE+1]]: 'reflect (v) acc': reflect of array 'v' with 'acc': the array is not replicated on the device ('device replicate')
#pragma xmp reflect (v) acc
}
#endif

int main(void) {
#ifdef NOT_REPLICATED
  outside();
#endif
#ifdef IN_MAIN
// MAIN: reflect-acc.c:[[@LINE+1]]:22: error: 'reflect ... acc' of array 'v' outside every 'acc data' region and 'device replicate' block that holds it: there is no device copy here
#pragma xmp reflect (v) acc
#endif
  long wrong = 0, checked = 0;
#pragma xmp device replicate (v, r)
  {
    for (int k = 0; k < K; k++) {
#pragma xmp device loop (x, y) on t(x, y)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
          v[y][x] = VALUE(k, y, x);
          r[y][x] = 0;
        }
      int periodic = k % 2;
      if (periodic) {
#pragma xmp reflect (v) width(/periodic/1, /periodic/1) acc async(5)
#pragma xmp wait_async (5)
#pragma xmp device loop (x, y) on t(x, y)
        for (int y = 0; y < NY; y++)
          for (int x = 0; x < NX; x++) {
            r[y][x] = v[y - 1][x - 1] + 2 * v[y + 1][x] + 3 * v[y][x + 1];
          }
      } else {
#pragma xmp reflect (v) acc
#pragma xmp device loop (x, y) on t(x, y)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 1; x < NX - 1; x++) {
            r[y][x] = v[y - 1][x - 1] + 2 * v[y + 1][x] + 3 * v[y][x + 1];
          }
      }
#pragma xmp device replicate_sync out (r)
      long w = 0, c = 0; /* the loop's reduction sums every node's value: start from 0 */
#pragma xmp loop (x, y) on t(x, y) reduction(+:w, c)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
          int inside = y > 0 && y < NY - 1 && x > 0 && x < NX - 1;
          double want = 0;
          if (periodic || inside)
            want = VALUE(k, wrap(y - 1, NY), wrap(x - 1, NX)) +
                   2 * VALUE(k, wrap(y + 1, NY), x) + 3 * VALUE(k, y, wrap(x + 1, NX));
          w += r[y][x] != want;
          c++;
        }
      wrong += w;
      checked += c;
    }
  }
  if (xmp_node_num() == 1)
    printf("reflect acc: %ld wrong of %ld\n", wrong, checked);
  return 0;
}
