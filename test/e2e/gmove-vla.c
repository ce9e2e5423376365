// Collective gmove on arrays whose extents are known at run time only:
// distributed variable-length arrays of a function (block, cyclic(3),
// gblock and a transposed alignment), a plain variable-length array, an
// array allocated by xmp_malloc and a malloc'd pointer, with sections that
// run to the end of a run-time extent ('[k:]', '[:]'), and an array whose
// size variable changes after its declaration (C sized it there). Each gmove
// is done again on plain arrays and the results compared element by element,
// at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: gmove-vla sections: 0 wrong
// CHECK: gmove-vla pointers: 0 wrong
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>

static long sections(int n) {
  int np = xmp_all_num_nodes();
  int m[4];
  // Uneven gblock sizes: node 0 gets the most, the last one may get none.
  int left = n;
  for (int k = 0; k < np; k++) {
    m[k] = k == np - 1 ? left : (left + 1) / 2;
    left -= m[k];
  }
  double a[n][n], b[n][n], c[n], x;
  double ra[n][n], rb[n][n], rc[n], rx, l[n][4], rl[n][4];
#pragma xmp nodes p[*]
#pragma xmp template ta[n]
#pragma xmp template tb[n]
#pragma xmp template tc[n]
#pragma xmp distribute ta[block] onto p
#pragma xmp distribute tb[cyclic(3)] onto p
#pragma xmp distribute tc[gblock(m)] onto p
#pragma xmp align a[i][*] with ta[i]
#pragma xmp align b[*][i] with tb[i]
#pragma xmp align c[i] with tc[i]
  // C sizes a variable-length array where it is declared: d has n elements.
  int k = n;
  double d[k];
  k = 0;
#pragma xmp align d[i] with ta[i]

  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      ra[i][j] = 1000 * i + j;
      rb[i][j] = -1;
    }
    rc[i] = -2;
    for (int j = 0; j < 4; j++)
      l[i][j] = rl[i][j] = 10 * i + j;
  }
#pragma xmp loop on ta[i]
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = ra[i][j];
  for (int i = 0; i < n; i++) {
#pragma xmp loop on tb[j]
    for (int j = 0; j < n; j++)
      b[i][j] = rb[i][j];
  }
#pragma xmp loop on tc[i]
  for (int i = 0; i < n; i++)
    c[i] = rc[i];

  // Whole arrays, row-distributed into column-distributed.
#pragma xmp gmove
  b[:][:] = a[:][:];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      rb[i][j] = ra[i][j];
  // To the end of a run-time extent, from a column of b.
#pragma xmp gmove
  c[2:] = b[1:n - 2][n - 3];
  for (int k = 0; k < n - 2; k++)
    rc[2 + k] = rb[1 + k][n - 3];
  // Into a plain variable-length array, with a step on the source.
#pragma xmp gmove
  l[1:(n - 1) / 2][2] = c[1::2];
  for (int k = 0; k < (n - 1) / 2; k++)
    rl[1 + k][2] = rc[1 + 2 * k];
  // From it into a strided row section of a.
#pragma xmp gmove
  a[0:n / 2:2][n - 1] = l[n - n / 2:][1];
  for (int k = 0; k < n / 2; k++)
    ra[2 * k][n - 1] = rl[n - n / 2 + k][1];
  // Element to scalar and back.
#pragma xmp gmove
  x = b[n - 1][n - 2];
  rx = rb[n - 1][n - 2];
#pragma xmp gmove
  a[n - 2][0] = x;
  ra[n - 2][0] = rx;

  // All of c into d (k is 0 now).
#pragma xmp gmove
  d[:] = c[:];

  long wrong = x != rx + k;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      wrong += l[i][j] != rl[i][j];
#pragma xmp loop on ta[i] reduction(+:wrong)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      wrong += a[i][j] != ra[i][j];
  for (int i = 0; i < n; i++) {
#pragma xmp loop on tb[j] reduction(+:wrong)
    for (int j = 0; j < n; j++)
      wrong += b[i][j] != rb[i][j];
  }
#pragma xmp loop on tc[i] reduction(+:wrong)
  for (int i = 0; i < n; i++)
    wrong += c[i] != rc[i];
#pragma xmp loop on ta[i] reduction(+:wrong)
  for (int i = 0; i < n; i++)
    wrong += d[i] != rc[i];
  return wrong;
}

static long pointers(int n) {
#pragma xmp nodes q[*]
#pragma xmp template t[n]
#pragma xmp distribute t[cyclic] onto q
  int *pa;
#pragma xmp align pa[i] with t[i]
  pa = (int *)xmp_malloc(xmp_desc_of(pa), n);
  int *lp = malloc(sizeof(int) * n), *rp = malloc(sizeof(int) * n);
  int *rpa = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) {
    rpa[i] = 7 * i;
    lp[i] = rp[i] = -1;
  }
#pragma xmp loop on t[i]
  for (int i = 0; i < n; i++)
    pa[i] = rpa[i];

#pragma xmp gmove
  lp[0:n - 1] = pa[1:];
  for (int k = 0; k < n - 1; k++)
    rp[k] = rpa[1 + k];
  lp[n - 1] = rp[n - 1] = 99;
#pragma xmp gmove
  pa[:] = lp[0:n];
  for (int k = 0; k < n; k++)
    rpa[k] = rp[k];

  long wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += lp[i] != rp[i];
#pragma xmp loop on t[i] reduction(+:wrong)
  for (int i = 0; i < n; i++)
    wrong += pa[i] != rpa[i];
  free(pa);
  free(lp);
  free(rp);
  free(rpa);
  return wrong;
}

int main(int argc, char **argv) {
  int n = 11 + (argc > 5); // known at run time only
  long w1 = sections(n), w2 = pointers(n + 2);
  if (xmp_node_num() == 1) {
    printf("gmove-vla sections: %ld wrong\n", w1);
    printf("gmove-vla pointers: %ld wrong\n", w2);
  }
  return 0;
}
