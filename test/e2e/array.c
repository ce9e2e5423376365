// The array directive: an array assignment with sections, executed by the
// owners of the template section (round and square references, a step, a
// single template index, cyclic(3), uneven gblock with an empty node, 2-D,
// '+=', distributed and plain arrays and scalars on the right). Compared with
// the same assignments as serial loops, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: block: 0 wrong of 23
// CHECK-NEXT: cyclic: 0 wrong of 23
// CHECK-NEXT: gblock: 0 wrong of 23
// CHECK-NEXT: 2-D: 0 wrong of 143
#include <stdio.h>
#include <xmp.h>
#define N 23
#define NY 13
#define NX 11
#pragma xmp nodes p(*)
double a[N], b[N], c[N], u[NY][NX];
double ra[N], rb[N], rc[N], rg[N], ru[NY][NX], v[NY][NX];
#pragma xmp template t(0:N-1)
#pragma xmp template tc[N]
#pragma xmp template s(0:NX-1, 0:NY-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute tc[cyclic(3)] onto p
#pragma xmp distribute s(*, block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp align c[i] with tc[i]
#pragma xmp align u[i][j] with s(j, i)
int sizes[4];

int main(void) {
  long wrong = 0, count = 0;
  double x = 0.5;
  int n = xmp_num_nodes();

  /* block: the whole template, then a part with a scalar and another array. */
#pragma xmp array on t(0:N-1)
  a[0:N] = 1.5;
#pragma xmp array on t
  b[:] = 2;
#pragma xmp array on t[2:10]
  a[2:10] = b[2:10] * 3 + x;
#pragma xmp array on t(4:20:4)
  a[4:5:4] += 100;
  for (int i = 0; i < N; i++) {
    ra[i] = 1.5;
    rb[i] = 2;
  }
  for (int k = 0; k < 10; k++)
    ra[2 + k] = rb[2 + k] * 3 + x;
  for (int k = 0; k < 5; k++)
    ra[4 + 4 * k] += 100;
#pragma xmp loop on t(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += a[i] != ra[i] || b[i] != rb[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("block: %ld wrong of %ld\n", wrong, count);
  }

  /* cyclic(3), square section with a step. */
#pragma xmp array on tc[:]
  c[0:N] = -1;
#pragma xmp array on tc[1:11:2]
  c[1:11:2] = c[1:11:2] * 7 + 2;
  for (int i = 0; i < N; i++)
    rc[i] = -1;
  for (int k = 0; k < 11; k++)
    rc[1 + 2 * k] = rc[1 + 2 * k] * 7 + 2;
  wrong = count = 0;
#pragma xmp loop on tc[i] reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += c[i] != rc[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("cyclic: %ld wrong of %ld\n", wrong, count);
  }

  /* gblock, uneven: 4, none, then 6 each, the last the rest. */
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
#pragma xmp array on tg(0:N-1)
  g[0:N] = 9;
#pragma xmp array on tg(3:17)
  g[3:15] = rb[0:15:1] + g[3:15];
  for (int i = 0; i < N; i++)
    rg[i] = 9;
  for (int k = 0; k < 15; k++)
    rg[3 + k] = rb[k] + rg[3 + k];
  wrong = count = 0;
#pragma xmp loop on tg(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += g[i] != rg[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("gblock: %ld wrong of %ld\n", wrong, count);
  }

  /* 2-D: a plain array into a distributed one, then one row (a single
   * template index) only. */
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      v[i][j] = 100 * i + j;
#pragma xmp array on s(0:NX-1, 0:NY-1)
  u[0:NY][0:NX] = v[0:NY][0:NX] + 1;
#pragma xmp array on s(1:NX-2, 5)
  u[5][1:NX-2] = -v[5][0:NX-2];
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      ru[i][j] = v[i][j] + 1;
  for (int k = 0; k < NX - 2; k++)
    ru[5][1 + k] = -v[5][k];
  wrong = count = 0;
#pragma xmp loop (j, i) on s(j, i) reduction(+:wrong, count)
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++) {
      wrong += u[i][j] != ru[i][j];
      count++;
    }
#pragma xmp task on p(1)
  {
    printf("2-D: %ld wrong of %ld\n", wrong, count);
  }
  return 0;
}
