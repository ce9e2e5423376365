// bcast on part of a node array: only those nodes take part, the source is
// their first node or the 'from' node among them; whole variables and array
// sections; 'async' on bcast and reduction completed by 'wait_async' (on the
// same nodes for the bcast). Every node checks its own values against what it
// computes here from its rank and the process count.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: bcast on subsets ok
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p[*]

int main(void) {
  int n = xmp_num_nodes(), me = xmpc_node_num();
  // Nodes lo .. lo+len-1 take part: the middle ones where there are any.
  int lo = n > 1 ? 1 : 0, len = n > 2 ? n - 2 : 1, last = lo + len - 1;
  int member = me >= lo && me <= last;
  int bad = 0;

  int v = 100 + me;
#pragma xmp bcast (v) on p[lo:len]
  bad |= v != (member ? 100 + lo : 100 + me);

  double w[3] = {me, 2.0 * me, 3.0 * me};
#pragma xmp bcast (w) from p[last] on p[lo:len]
  for (int k = 0; k < 3; k++)
    bad |= w[k] != (member ? (k + 1.0) * last : (k + 1.0) * me);

  int a[6];
  for (int k = 0; k < 6; k++)
    a[k] = 10 * me + k;
#pragma xmp bcast (a[1:2:2]) from p[last] on p[lo:len]
  for (int k = 0; k < 6; k++) {
    int sent = member && (k == 1 || k == 3);
    bad |= a[k] != 10 * (sent ? last : me) + k;
  }

  // The whole array in subscripted form: every node.
  int all = 7 * me + 1;
#pragma xmp bcast (all) from p[n - 1] on p[:]
  bad |= all != 7 * (n - 1) + 1;

  int x = 50 + me, s = me + 1;
#pragma xmp bcast (x) on p[lo:len] async(3)
#pragma xmp reduction(+:s) async(4)
#pragma xmp wait_async(3) on p[lo:len]
#pragma xmp wait_async(4)
  bad |= x != (member ? 50 + lo : 50 + me);
  bad |= s != n * (n + 1) / 2;

#pragma xmp reduction(|:bad)
  if (me == 0) {
    if (bad)
      printf("MISMATCH on %d nodes\n", n);
    printf("bcast on subsets ok\n");
  }
  return bad;
}
