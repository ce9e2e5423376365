// gmove into an array distributed onto a node subset whose members differ from
// node to node (row[2] = p[0:2][*]: the two nodes of this node's column): every
// column holds its own copy of x, and each gets the section from the nodes of
// b, wherever they are. Sections of several offsets, lengths and source rows,
// checked element by element against the serial assignment, on 2, 4 and 6
// nodes (1, 2 and 3 columns).
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: %mpirun -np 6 %t | FileCheck %s
// CHECK: gmove onto a per-node subset: 0 wrong of 4 sections
#include <stdio.h>
#include <xmp.h>
#define N 24
#define NB 3

int x[N], b[2][N];
#pragma xmp nodes p[2][*]
#pragma xmp template tb[2][N]
#pragma xmp distribute tb[block][cyclic(NB)] onto p
#pragma xmp align b[i][j] with tb[i][j]
#pragma xmp template tx[N]
#pragma xmp nodes row[2] = p[0:2][*]
#pragma xmp distribute tx[cyclic(NB)] onto row
#pragma xmp align x[j] with tx[j]

int main(void) {
  static const int cases[4][4] = {/* row of b, first of b, first of x, length */
                                  {0, 12, 12, 3}, {1, 0, 5, 10}, {0, 7, 0, 17}, {1, 20, 21, 3}};
  long wrong = 0;
#pragma xmp loop on tb[i][j]
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < N; j++)
      b[i][j] = i * 1000 + j;
  for (int k = 0; k < 4; k++) {
    int c = cases[k][0], sb = cases[k][1], sx = cases[k][2], len = cases[k][3];
#pragma xmp loop on tx[j]
    for (int j = 0; j < N; j++)
      x[j] = -1;
#pragma xmp gmove
    x[sx:len] = b[c][sb:len];
#pragma xmp loop on tx[j]
    for (int j = 0; j < N; j++) {
      int want = j >= sx && j < sx + len ? c * 1000 + sb + (j - sx) : -1;
      wrong += x[j] != want;
    }
  }
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("gmove onto a per-node subset: %ld wrong of 4 sections\n", wrong);
  return 0;
}
