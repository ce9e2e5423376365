// reduction and barrier 'on' part of a node array or on template elements:
// only the selected nodes combine their values; the others keep theirs.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | sort | FileCheck %s --check-prefixes=CHECK,NP1
// RUN: %mpirun -np 2 %t | sort | FileCheck %s --check-prefixes=CHECK,NP2
// RUN: %mpirun -np 3 %t | sort | FileCheck %s --check-prefixes=CHECK,NP3
// RUN: %mpirun -np 4 %t | sort | FileCheck %s --check-prefixes=CHECK,NP4
// NP1: node 1: first two 1, owners of t(0:19) 1
// NP2: node 1: first two 3, owners of t(0:19) 1
// NP2: node 2: first two 3, owners of t(0:19) 2
// NP3: node 1: first two 3, owners of t(0:19) 3
// NP3: node 2: first two 3, owners of t(0:19) 3
// NP3: node 3: first two 3, owners of t(0:19) 3
// NP4: node 1: first two 3, owners of t(0:19) 3
// NP4: node 2: first two 3, owners of t(0:19) 3
// NP4: node 3: first two 3, owners of t(0:19) 3
// NP4: node 4: first two 4, owners of t(0:19) 4
// CHECK-NOT: node
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template t(0:39)
#pragma xmp distribute t(block) onto p

int main(void) {
  int me = xmp_node_num(), n = xmp_num_nodes();
  int two = me, owners = me;
  int last = n < 2 ? n : 2;
  /* Nodes 1..2 sum their numbers (3); the others keep their own. */
#pragma xmp reduction(+:two) on p(1:last)
#pragma xmp barrier on p(1:last)
  /* The owners of t(0:19): with 4 nodes 1 and 2 (sum 3), with 3 nodes 1 and 2, with 2 node 1
   * alone. */
#pragma xmp reduction(+:owners) on t(0:19)
  for (int k = 1; k <= n; k++) {
#pragma xmp barrier
    if (k == me)
      printf("node %d: first two %d, owners of t(0:19) %d\n", me, two, owners);
    fflush(stdout);
  }
  return 0;
}
