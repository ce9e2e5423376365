// reduce_shadow: each node adds contributions to its neighbours' elements
// through its shadow (as in finite-element assembly), then reduce_shadow adds
// the shadow values into the owners. 1-D block with a width narrower than the
// shadow, 1-D gblock (uneven, one node owning nothing) with /periodic/ and
// async, 2-D block x block with a 5-point scatter (face shadows),
// and a full shadow. Compared with the same scatter done serially, at 1-4
// nodes (2-D: 1x1, 2x1, 1x3, 2x2 nodes).
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: 1-D width 1 of 2: 0 wrong of 29
// CHECK-NEXT: gblock periodic async: 0 wrong of 29
// CHECK-NEXT: 2-D faces: 0 wrong of 143
// CHECK-NEXT: full shadow: 0 wrong of 29
#include <stdio.h>
#include <xmp.h>
#define N 29
#define NY 13
#define NX 11
#pragma xmp nodes p(*)
double a[N], f[N], ra[N], rg[N], rf[N], ru[NY][NX];
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[2]
#pragma xmp align f[i] with t(i)
#pragma xmp shadow f[*]
int sizes[4];

int main(void) {
  int n = xmp_num_nodes();
  long wrong = 0, count = 0;
  /* 1-D block, width 1 of a declared 2, not periodic: contributions past
   * the global bounds are dropped. */
  for (int i = 0; i < N; i++)
    ra[i] = i;
  for (int i = 0; i < N; i++) {
    if (i > 0)
      ra[i - 1] += 10 * (i + 1);
    if (i < N - 1)
      ra[i + 1] += 100 * (i + 1);
  }
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++) {
    if (i > 0)
      a[i - 1] += 10 * (i + 1);
    if (i < N - 1)
      a[i + 1] += 100 * (i + 1);
  }
#pragma xmp reduce_shadow (a) width(1)
#pragma xmp loop on t(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += a[i] != ra[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("1-D width 1 of 2: %ld wrong of %ld\n", wrong, count);
  }

  /* gblock, periodic, async: the scatter wraps around the global bounds. */
  double g[N];
#pragma xmp template tg(0:N-1)
  int rest = N;
  for (int k = 0; k < n - 1; k++) {
    sizes[k] = k == 0 ? 4 : k == 1 ? 0 : 6;
    rest -= sizes[k];
  }
  sizes[n - 1] = rest;
#pragma xmp distribute tg(gblock(sizes)) onto p
#pragma xmp align g[i] with tg(i)
#pragma xmp shadow g[1]
  for (int i = 0; i < N; i++)
    rg[i] = 0;
  for (int i = 0; i < N; i++) {
    rg[(i + N - 1) % N] += i + 1;
    rg[(i + 1) % N] += 1000 * (i + 1);
  }
#pragma xmp loop on tg(i)
  for (int i = 0; i < N; i++) {
    /* Index -1 and N are the shadow slots past the global bounds. */
    g[i - 1] += i + 1;
    g[i + 1] += 1000 * (i + 1);
  }
#pragma xmp reduce_shadow (g) width(/periodic/1) async(3)
#pragma xmp wait_async(3)
  wrong = count = 0;
#pragma xmp loop on tg(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += g[i] != rg[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("gblock periodic async: %ld wrong of %ld\n", wrong, count);
  }

  /* 2-D on a 2-D node array: a 5-point scatter reaches face shadows only. */
#pragma xmp nodes q((n % 2 == 0 ? 2 : 1), *) = p
  double u[NY][NX];
#pragma xmp template s(0:NX-1, 0:NY-1)
#pragma xmp distribute s(block, block) onto q
#pragma xmp align u[i][j] with s(j, i)
#pragma xmp shadow u[1][1]
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      ru[i][j] = i * NX + j;
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++) {
      double v = 1 + (i * NX + j) % 7;
      if (i > 0) ru[i - 1][j] += v;
      if (i < NY - 1) ru[i + 1][j] += 2 * v;
      if (j > 0) ru[i][j - 1] += 4 * v;
      if (j < NX - 1) ru[i][j + 1] += 8 * v;
    }
#pragma xmp loop (j, i) on s(j, i)
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      u[i][j] = i * NX + j;
#pragma xmp loop (j, i) on s(j, i)
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++) {
      double v = 1 + (i * NX + j) % 7;
      if (i > 0) u[i - 1][j] += v;
      if (i < NY - 1) u[i + 1][j] += 2 * v;
      if (j > 0) u[i][j - 1] += 4 * v;
      if (j < NX - 1) u[i][j + 1] += 8 * v;
    }
#pragma xmp reduce_shadow (u) orthogonal
  wrong = count = 0;
#pragma xmp loop (j, i) on s(j, i) reduction(+:wrong, count)
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++) {
      wrong += u[i][j] != ru[i][j];
      count++;
    }
#pragma xmp task on p(1)
  {
    printf("2-D faces: %ld wrong of %ld\n", wrong, count);
  }

  /* Full shadow: every node holds all of f; each adds to every element. */
  for (int i = 0; i < N; i++)
    rf[i] = i + (double)n * (n + 1) / 2;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    f[i] = i;
  for (int i = 0; i < N; i++)
    f[i] += xmp_node_num();
#pragma xmp reduce_shadow (f)
  wrong = count = 0;
#pragma xmp loop on t(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += f[i] != rf[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("full shadow: %ld wrong of %ld\n", wrong, count);
  }
  return 0;
}
