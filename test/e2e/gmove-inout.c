// gmove in / out (one-sided): inside a task on the first node only, that node
// gets elements owned by nodes that do not execute the directive (in) and
// puts elements into them (out); then the same forms on all nodes, with
// block, cyclic(3) and gblock (uneven, one node owning nothing) arrays,
// steps, a 2-D array, scalars, and async(id) completed at wait_async.
// Every result is compared with the same assignments on plain arrays, at
// 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: task in: 0 wrong of 12
// CHECK-NEXT: task out: 0 wrong of 23
// CHECK-NEXT: all in: 0 wrong of 23
// CHECK-NEXT: all out: 0 wrong of 23
// CHECK-NEXT: async: 0 wrong of 35
// CHECK-NEXT: 2-D: 0 wrong of 143
#include <stdio.h>
#include <xmp.h>
#define N 23
#define NY 13
#define NX 11
#pragma xmp nodes p(*)
double a[N], c[N], ra[N], rc[N], rg[N], u[NY][NX], ru[NY][NX];
#pragma xmp template t(0:N-1)
#pragma xmp template tc(0:N-1)
#pragma xmp template s(0:NX-1, 0:NY-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute tc(cyclic(3)) onto p
#pragma xmp distribute s(*, block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align c[i] with tc(i)
#pragma xmp align u[i][j] with s(j, i)
int sizes[4];

int main(void) {
  double g[N];
#pragma xmp template tg(0:N-1)
  /* Uneven blocks: 4, then none, then 6 each, the last the rest. */
  int n = xmp_num_nodes(), rest = N;
  for (int k = 0; k < n - 1; k++) {
    sizes[k] = k == 0 ? 4 : k == 1 ? 0 : 6;
    rest -= sizes[k];
  }
  sizes[n - 1] = rest;
#pragma xmp distribute tg(gblock(sizes)) onto p
#pragma xmp align g[i] with tg(i)
  long wrong = 0, count = 0;
  double loc[12], rloc[12], x = 0, y = 0;

  for (int i = 0; i < N; i++) {
    ra[i] = 1000 + i;
    rc[i] = 2000 + i;
    rg[i] = 3000 + i;
  }
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = ra[i];
#pragma xmp loop on tc(i)
  for (int i = 0; i < N; i++)
    c[i] = rc[i];
#pragma xmp loop on tg(i)
  for (int i = 0; i < N; i++)
    g[i] = rg[i];
#pragma xmp barrier

  /* in, executed by the first node alone: c and g mostly live elsewhere. */
#pragma xmp task on p(1)
  {
#pragma xmp gmove in
    loc[0:6] = c[5:6:3];
#pragma xmp gmove in
    loc[6:5] = g[N - 5:5];
#pragma xmp gmove in
    x = g[N - 1];
    for (int k = 0; k < 6; k++)
      rloc[k] = rc[5 + 3 * k];
    for (int k = 0; k < 5; k++)
      rloc[6 + k] = rg[N - 5 + k];
    for (int k = 0; k < 11; k++)
      wrong += loc[k] != rloc[k];
    wrong += x != rg[N - 1];
    printf("task in: %ld wrong of %d\n", wrong, 12);
  }

  /* out, executed by the first node alone: puts into every owner of g. */
#pragma xmp task on p(1)
  {
    for (int k = 0; k < 12; k++)
      loc[k] = -k;
#pragma xmp gmove out
    g[0:12:2] = loc[0:12];
#pragma xmp gmove out
    g[1:6:2] = a[0:6]; /* a's first node holds at least 6 */
  }
  for (int k = 0; k < 12; k++)
    rg[2 * k] = -k;
  for (int k = 0; k < 6; k++)
    rg[1 + 2 * k] = ra[k];
#pragma xmp barrier
  wrong = count = 0;
#pragma xmp loop on tg(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += g[i] != rg[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("task out: %ld wrong of %ld\n", wrong, count);
  }

  /* in and out on all nodes, between block, cyclic and gblock arrays. */
#pragma xmp gmove in
  a[1:11] = g[0:11:2];
  for (int k = 0; k < 11; k++)
    ra[1 + k] = rg[2 * k];
  wrong = count = 0;
#pragma xmp loop on t(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += a[i] != ra[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("all in: %ld wrong of %ld\n", wrong, count);
  }
#pragma xmp barrier
#pragma xmp gmove out
  c[0:8:3] = a[5:8];
#pragma xmp gmove out
  c[N - 1] = g[2];
  for (int k = 0; k < 8; k++)
    rc[3 * k] = ra[5 + k];
  rc[N - 1] = rg[2];
#pragma xmp barrier
  wrong = count = 0;
#pragma xmp loop on tc(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += c[i] != rc[i];
    count++;
  }
#pragma xmp task on p(1)
  {
    printf("all out: %ld wrong of %ld\n", wrong, count);
  }

  /* async: started, then completed at wait_async. */
#pragma xmp barrier
#pragma xmp gmove in async(7)
  y = c[N - 1];
#pragma xmp gmove out async(8)
  g[N - 12:12] = c[0:12];
#pragma xmp wait_async(7, 8)
  for (int k = 0; k < 12; k++)
    rg[N - 12 + k] = rc[k];
#pragma xmp barrier
  wrong = count = 0;
#pragma xmp loop on tg(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++) {
    wrong += g[i] != rg[i];
    count++;
  }
  wrong += y != rc[N - 1];
#pragma xmp task on p(1)
  {
    printf("async: %ld wrong of %ld\n", wrong, count + 12);
  }

  /* 2-D: a block of rows into a plain array (in), and back shifted (out). */
  double w[5][4], rw[5][4];
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      ru[i][j] = 100 * i + j;
#pragma xmp loop (j, i) on s(j, i)
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      u[i][j] = ru[i][j];
#pragma xmp barrier
#pragma xmp task on p(1)
  {
#pragma xmp gmove in
    w[0:5][0:4] = u[NY - 6:5:1][2:4:2];
    for (int i = 0; i < 5; i++)
      for (int j = 0; j < 4; j++)
        w[i][j] = -w[i][j];
#pragma xmp gmove out
    u[1:5][NX - 4:4] = w[0:5][0:4];
  }
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 4; j++)
      rw[i][j] = -ru[NY - 6 + i][2 + 2 * j];
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 4; j++)
      ru[1 + i][NX - 4 + j] = rw[i][j];
#pragma xmp barrier
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
