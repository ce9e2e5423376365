// reflect on host arrays, checked element by element against the owners'
// values: 1-D with declared, narrower and periodic widths, async with
// wait_async, a 2-D array with corners, `orthogonal` (faces), and a full
// shadow. 1-4 nodes, extents that do not divide evenly.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: 1-D declared width: 0 wrong
// CHECK-NEXT: 1-D width 1 of 2: 0 wrong
// CHECK-NEXT: 1-D periodic: 0 wrong
// CHECK-NEXT: 1-D async: 0 wrong
// CHECK-NEXT: 2-D with corners: 0 wrong
// CHECK-NEXT: 2-D orthogonal: 0 wrong
// CHECK-NEXT: full shadow: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 29
#define NY 13
#define NX 11
#define SENTINEL -1.0

double a[N], c[N], u[NY][NX];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template s(0:NX-1, 0:NY-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute s(*, block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align c[i] with t(i)
#pragma xmp align u[y][x] with s(x, y)
#pragma xmp shadow a[2]
#pragma xmp shadow c[*]
#pragma xmp shadow u[1][0]

static double f(long i) { return 1000.0 + i; }
static double g(long y, long x) { return 100.0 * y + x; }

/* Owned elements get f, shadows the sentinel. */
static void reset(void) {
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = f(i);
}

static void report(const char *what, long wrong) {
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("%s: %ld wrong\n", what, wrong);
}

int main(void) {
  long wrong = 0;
  /* Allocation zero-fills the shadows; f is never 0. */
  reset();
#pragma xmp reflect (a)
#pragma xmp loop on t(i) reduction(+:wrong)
  for (int i = 0; i < N; i++)
    for (int d = -2; d <= 2; d++)
      if (i + d >= 0 && i + d < N)
        wrong += a[i + d] != f(i + d);
  report("1-D declared width", wrong);

  /* Width 1 of a 2-wide shadow: fill every shadow with the sentinel, then
     refresh width 1 only; the outer shadow elements keep the sentinel. */
  wrong = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = SENTINEL;
#pragma xmp reflect (a)
  reset();
#pragma xmp reflect (a) width(1)
  {
    int first = N, last = -1;
#pragma xmp loop on t(i) reduction(+:wrong)
    for (int i = 0; i < N; i++) {
      first = i < first ? i : first;
      last = i;
      if (i + 1 < N)
        wrong += a[i + 1] != f(i + 1);
      if (i - 1 >= 0)
        wrong += a[i - 1] != f(i - 1);
    }
    if (last >= 0 && last + 2 < N)
      wrong += a[last + 2] != SENTINEL;
    if (last >= 0 && first - 2 >= 0)
      wrong += a[first - 2] != SENTINEL;
  }
  report("1-D width 1 of 2", wrong);

  /* Periodic: the shadow below 0 holds element N-1, above N-1 element 0. */
  wrong = 0;
#pragma xmp reflect (a) width(/periodic/2)
#pragma xmp loop on t(i) reduction(+:wrong)
  for (int i = 0; i < N; i++)
    for (int d = -2; d <= 2; d++)
      wrong += a[i + d] != f(((i + d) % N + N) % N);
  report("1-D periodic", wrong);

  /* async: started, overlapped with unrelated work, then completed. */
  wrong = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = 2 * f(i);
#pragma xmp reflect (a) async(5)
  double busy = 0;
  for (int k = 0; k < 1000; k++)
    busy += k * 0.5;
#pragma xmp wait_async(5)
#pragma xmp loop on t(i) reduction(+:wrong)
  for (int i = 0; i < N; i++)
    for (int d = -2; d <= 2; d++)
      if (i + d >= 0 && i + d < N)
        wrong += a[i + d] != 2 * f(i + d);
  report("1-D async", wrong + (busy != 249750.0));

  /* 2-D, rows distributed, shadow 1 in the row dimension: neighbours in
     all 8 directions, including the corners. */
  wrong = 0;
#pragma xmp loop (y) on s(*, y)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      u[y][x] = g(y, x);
#pragma xmp reflect (u)
#pragma xmp loop (y) on s(*, y) reduction(+:wrong)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          if (y + dy >= 0 && y + dy < NY && x + dx >= 0 && x + dx < NX)
            wrong += u[y + dy][x + dx] != g(y + dy, x + dx);
  report("2-D with corners", wrong);

  /* orthogonal: the faces (the four direct neighbours) must be updated. */
  wrong = 0;
#pragma xmp loop (y) on s(*, y)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      u[y][x] = 3 * g(y, x);
#pragma xmp reflect (u) orthogonal
#pragma xmp loop (y) on s(*, y) reduction(+:wrong)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      for (int d = -1; d <= 1; d += 2) {
        if (y + d >= 0 && y + d < NY)
          wrong += u[y + d][x] != 3 * g(y + d, x);
        if (x + d >= 0 && x + d < NX)
          wrong += u[y][x + d] != 3 * g(y, x + d);
      }
  report("2-D orthogonal", wrong);

  /* Full shadow: after reflect every node holds every element. */
  wrong = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    c[i] = f(i) * 3;
#pragma xmp reflect (c)
  for (int i = 0; i < N; i++)
    wrong += c[i] != f(i) * 3;
  report("full shadow", wrong);
  return 0;
}
