// gmove of a single element into a whole section (the right side a scalar,
// a distributed array's element or a plain array's element): collective,
// `in` and `out` (inside a task on the first node, the other side held by
// nodes that do not execute the directive) and `in async`, into block,
// cyclic(2) and 2-D sections with steps. Every result is compared with the
// same assignments on plain arrays, element by element, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: collective: 0 wrong
// CHECK-NEXT: in: 0 wrong
// CHECK-NEXT: out: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 13
#define M 5
#pragma xmp nodes p[*]
#pragma xmp template ta[N]
#pragma xmp template tb[N]
#pragma xmp distribute ta[block] onto p
#pragma xmp distribute tb[cyclic(2)] onto p
double a[N][M], b[N], ra[N][M], rb[N];
#pragma xmp align a[i][*] with ta[i]
#pragma xmp align b[i] with tb[i]

static long compare(void) {
  long wrong = 0;
#pragma xmp loop on ta[i] reduction(+:wrong)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      wrong += a[i][j] != ra[i][j];
#pragma xmp loop on tb[i] reduction(+:wrong)
  for (int i = 0; i < N; i++)
    wrong += b[i] != rb[i];
  return wrong;
}

int main(void) {
  double s = 3.5, x[3][2] = {{1, 2}, {3, 4}, {5, 6}}, loc[6], rloc[6];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      ra[i][j] = 100 * i + j;
    rb[i] = -i;
  }
#pragma xmp loop on ta[i]
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = ra[i][j];
#pragma xmp loop on tb[i]
  for (int i = 0; i < N; i++)
    b[i] = rb[i];

  // Collective: a distributed element into a 2-D block section.
#pragma xmp gmove
  a[1:N - 2][2:3] = b[5];
  for (int i = 1; i < N - 1; i++)
    for (int j = 2; j < 5; j++)
      ra[i][j] = rb[5];
  // A scalar into a strided cyclic(2) section.
#pragma xmp gmove
  b[0:5:3] = s;
  for (int i = 0; i < N; i += 3)
    rb[i] = s;
  // A plain array's element into a column.
#pragma xmp gmove
  a[:][0] = x[2][1];
  for (int i = 0; i < N; i++)
    ra[i][0] = x[2][1];
  // An element of a into a plain array.
#pragma xmp gmove
  loc[:] = a[N - 1][3];
  for (int k = 0; k < 6; k++)
    rloc[k] = ra[N - 1][3];
  long wrong = compare();
  for (int k = 0; k < 6; k++)
    wrong += loc[k] != rloc[k];
  if (xmp_node_num() == 1)
    printf("collective: %ld wrong\n", wrong);

  // in: the first node gets an element another node may own into the rows
  // it owns (block: rows 0-3 at any node count), and into a plain array.
#pragma xmp barrier
#pragma xmp task on p[0]
  {
#pragma xmp gmove in
    a[0:4][1] = b[9];
#pragma xmp gmove in async(7)
    loc[1:3:2] = a[N - 2][4];
#pragma xmp wait_async(7)
  }
#pragma xmp barrier
  for (int i = 0; i < 4; i++)
    ra[i][1] = rb[9];
  for (int k = 1; k < 6; k += 2)
    rloc[k] = ra[N - 2][4];
  wrong = compare();
  if (xmp_node_num() == 1)
    for (int k = 0; k < 6; k++)
      wrong += loc[k] != rloc[k];
#pragma xmp bcast(wrong)
  if (xmp_node_num() == 1)
    printf("in: %ld wrong\n", wrong);

  // out: the first node puts one element into sections other nodes own.
#pragma xmp barrier
#pragma xmp task on p[0]
  {
#pragma xmp gmove out
    a[5:4:2][3] = s;
#pragma xmp gmove out
    b[1:6:2] = a[2][2];
  }
#pragma xmp barrier
  for (int i = 5; i < 13; i += 2)
    ra[i][3] = s;
  for (int i = 1; i < 13; i += 2)
    rb[i] = ra[2][2];
  wrong = compare();
  if (xmp_node_num() == 1)
    printf("out: %ld wrong\n", wrong);
  return 0;
}
