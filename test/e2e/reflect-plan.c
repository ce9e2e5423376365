// reflect_init / reflect_do on host arrays and, with `acc`, on device copies
// (device replicate; on a machine without GPUs StarPU's CPU workers run the
// device loops and the exchange acquires the host copy around it). Every
// execution writes new values; every shadow element (periodic rows) and every
// device-loop result that reads the shadows is compared with a serial
// reference. Paths forced and measured, 1-4 nodes, uneven splits.
// RUN: %xmpcc --gpu=none %s -o %t
// RUN: env XMP_COMM=mpi %mpirun -np 1 %t | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 2 %t | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 4 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: host reflect_do: 0 wrong
// CHECK-NEXT: device reflect_do: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define NY 15
#define NX 9
#define K 9

double u[NY][NX], v[NY][NX], r[NY][NX];
#pragma xmp nodes p(*)
#pragma xmp template t(0:NX-1, 0:NY-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align u[y][x] with t(x, y)
#pragma xmp align v[y][x] with t(x, y)
#pragma xmp align r[y][x] with t(x, y)
#pragma xmp shadow u[2][0]
#pragma xmp shadow v[1][0]

static double value(int k, long y, long x) { return k * 1e4 + y * 100 + x + 1; }
static long wrap(long y) { return (y % NY + NY) % NY; }

static void report(const char *what, long wrong) {
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("%s: %ld wrong\n", what, wrong);
}

int main(void) {
  long wrong = 0;
#pragma xmp reflect_init (u) width(/periodic/2, 0)
  for (int k = 0; k < K; k++) {
#pragma xmp loop (y) on t(*, y)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        u[y][x] = value(k, y, x);
#pragma xmp reflect_do (u)
#pragma xmp loop (y) on t(*, y) reduction(+:wrong)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        for (int d = -2; d <= 2; d++)
          wrong += u[y + d][x] != value(k, wrap(y + d), x);
  }
  report("host reflect_do", wrong);

  wrong = 0;
#pragma xmp device replicate (v, r)
  {
#pragma xmp reflect_init (v) width(/periodic/1, 0) acc
    for (int k = 0; k < K; k++) {
#pragma xmp device loop (x, y) on t(x, y)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
          v[y][x] = k * 1e4 + y * 100 + x + 1;
        }
#pragma xmp reflect_do (v) acc
#pragma xmp device loop (x, y) on t(x, y)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
          r[y][x] = v[y - 1][x] + 2 * v[y + 1][x];
        }
#pragma xmp device replicate_sync out (r)
#pragma xmp loop (y) on t(*, y) reduction(+:wrong)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++)
          wrong += r[y][x] != value(k, wrap(y - 1), x) + 2 * value(k, wrap(y + 1), x);
    }
  }
  report("device reflect_do", wrong);
  return 0;
}
