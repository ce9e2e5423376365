// template_fix: templates of deferred shape (square and round brackets)
// given their shape at run time, block and gblock(*) (block sizes from
// template_fix), arrays of pointer type allocated by xmp_malloc in 1-D and
// 2-D (a pointer to rows of run-time length) with shadows and periodic
// reflects, free and a second xmp_malloc. Checked against serial values at
// 1-4 nodes (uneven blocks, a node owning nothing). A template declared with
// its shape and distributed gblock(*) gets only its block sizes from
// template_fix.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: block: sum [[S1:[0-9]+]] reference [[S1]] halo wrong 0
// CHECK: again: sum [[S4:[0-9]+]] reference [[S4]]
// CHECK: gblock: sum [[S2:[0-9]+]] reference [[S2]] halo wrong 0 owned 37
// CHECK: 2d: sum [[S3:[0-9]+]] reference [[S3]] halo wrong 0
// CHECK: shaped: sum [[S5:[0-9]+]] reference [[S5]] owned 19 first 0
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>
#pragma xmp nodes p[*]
#pragma xmp template t[:]
#pragma xmp distribute t[block] onto p
#pragma xmp template g(:)
#pragma xmp distribute g(gblock(*)) onto p
long *a;
#pragma xmp align a[i] with t[i]
#pragma xmp shadow a[1]
int sizes[4];

/* Owned elements checked against their periodic neighbours. */
static long wrap(long i, long n) { return (i + n) % n; }

static void block_part(int n) {
#pragma xmp template_fix[block] t[n]
  a = (long *)xmp_malloc(xmp_desc_of(a), n);
  long sum = 0, reference = 0, wrong = 0;
#pragma xmp loop on t[i]
  for (int i = 0; i < n; i++)
    a[i] = 3 * i + 1;
#pragma xmp reflect (a) width(/periodic/1:1)
#pragma xmp loop on t[i] reduction(+:sum, wrong)
  for (int i = 0; i < n; i++) {
    sum += a[i];
    wrong += a[i - 1] != 3 * wrap(i - 1, n) + 1 || a[i + 1] != 3 * wrap(i + 1, n) + 1;
  }
  for (int i = 0; i < n; i++)
    reference += 3 * i + 1;
  printf("block: sum %ld reference %ld halo wrong %ld\n", sum, reference, wrong);
  free(a);
  /* The same array again: allocated anew (zero-filled), the template kept. */
  a = (long *)xmp_malloc(xmp_desc_of(a), n);
  sum = 0;
#pragma xmp loop on t[i] reduction(+:sum)
  for (int i = 0; i < n; i++) {
    sum += a[i]; /* 0 */
    a[i] = i;
    sum += a[i];
  }
  printf("again: sum %ld reference %ld\n", sum, (long)n * (n - 1) / 2);
}

static void gblock_part(int n) {
  /* Node 0 takes 1 element, node 1 none, the others 5, the last the rest. */
  int nodes = xmp_num_nodes(), rest = n;
  for (int k = 0; k < nodes - 1; k++) {
    sizes[k] = k == 0 ? 1 : k == 1 ? 0 : 5;
    rest -= sizes[k];
  }
  sizes[nodes - 1] = rest;
#pragma xmp template_fix (gblock(sizes)) g(0:n-1)
  double *b;
#pragma xmp align b[i] with g(i)
#pragma xmp shadow b[1:1]
  b = xmp_malloc(xmp_desc_of(b), n);
  long sum = 0, wrong = 0, owned = 0;
#pragma xmp loop on g(i)
  for (int i = 0; i < n; i++)
    b[i] = 2.0 * i;
#pragma xmp reflect (b) width(/periodic/1:1)
#pragma xmp loop on g(i) reduction(+:sum, wrong, owned)
  for (int i = 0; i < n; i++) {
    sum += (long)b[i];
    owned++;
    /* A node owning nothing has no neighbour to check. */
    wrong += b[i - 1] != 2.0 * wrap(i - 1, n) || b[i + 1] != 2.0 * wrap(i + 1, n);
  }
  printf("gblock: sum %ld reference %ld halo wrong %ld owned %ld\n", sum, (long)n * (n - 1),
         wrong, owned);
}

static void two_d(int n, int m) {
#pragma xmp template u[:][:]
#pragma xmp distribute u[block][*] onto p
#pragma xmp template_fix u[n][m]
  int (*c)[m];
#pragma xmp align c[i][j] with u[i][j]
#pragma xmp shadow c[1][0]
  c = (int (*)[m])xmp_malloc(xmp_desc_of(c), n, m);
  long sum = 0, reference = 0, wrong = 0;
#pragma xmp loop (i, j) on u[i][j]
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i][j] = 100 * i + j;
#pragma xmp reflect (c) width(/periodic/1:1, 0)
#pragma xmp loop (i, j) on u[i][j] reduction(+:sum, wrong)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      sum += c[i][j];
      wrong += c[i - 1][j] != 100 * wrap(i - 1, n) + j ||
               c[i + 1][j] != 100 * wrap(i + 1, n) + j;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      reference += 100 * i + j;
  printf("2d: sum %ld reference %ld halo wrong %ld\n", sum, reference, wrong);
  free(c);
}

/* Block sizes n-1, 1, 0, ... (the first node owns all but the last element). */
static void shaped_part(void) {
  int m[4] = {0, 0, 0, 0}, nodes = xmp_num_nodes();
  m[0] = nodes > 1 ? 18 : 19;
  if (nodes > 1)
    m[1] = 1;
#pragma xmp template h[19]
#pragma xmp distribute h[gblock(*)] onto p
#pragma xmp template_fix [gblock(m)] h
  int e[19];
#pragma xmp align e[i] with h[i]
  long sum = 0, owned = 0, first = -1;
#pragma xmp loop on h[i] reduction(+:sum, owned) reduction(max:first)
  for (int i = 0; i < 19; i++) {
    e[i] = 5 * i;
    sum += e[i];
    owned++;
    /* Node 1 owns element 18 alone; node 0 owns 0..17 (or all). */
    if (i == 18 && nodes > 1)
      first = xmpc_node_num() == 1 ? 0 : 100;
  }
  printf("shaped: sum %ld reference %ld owned %ld first %ld\n", sum, 5L * 19 * 18 / 2, owned,
         first < 0 ? 0 : first);
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 22 + argc; /* known only at run time: 23 */
  block_part(n);
  gblock_part(n + 14);
  two_d(n - 12, 5);
  shaped_part();
  return 0;
}
