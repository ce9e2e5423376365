// Node arrays made of a node's own row or column ('*' in the parent's
// subscripts) differ from node to node: a bcast on one, and a task on one,
// involve that row's nodes only. 1 x 2, 2 x 2 and 3 x 2 grids (p[*][2] needs
// an even node count); each node checks the value that its row's or column's
// source sent, computed here.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: %mpirun -np 6 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: rows and columns ok
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p[*][2]
#pragma xmp nodes row[2] = p[*][:]
#pragma xmp nodes col[*] = p[:][*]

int main(void) {
  int me = xmpc_node_num(), r = me / 2, c = me % 2, rows = xmp_num_nodes() / 2;
  int bad = 0;
  for (int k = 0; k < 2; k++) {
    int a = me;
#pragma xmp bcast (a) from row[k] on row[:]
    bad |= a != 2 * r + k;
  }
  for (int k = 0; k < rows; k++) {
    int b = me;
#pragma xmp bcast (b) from col[k] on col[:]
    bad |= b != 2 * k + c;
  }
  // A task on a whole row: each row runs it among its own two nodes.
  int sum = me;
#pragma xmp task on row[:]
  {
#pragma xmp reduction(+:sum)
  }
  bad |= sum != 2 * r + 2 * r + 1;
#pragma xmp reduction(|:bad)
  if (me == 0) {
    if (bad)
      printf("MISMATCH on %d nodes\n", xmp_num_nodes());
    printf("rows and columns ok\n");
  }
  return bad;
}
