// Node numbers, counts and the clock, on every node.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 3 %t | sort | FileCheck %s --check-prefix=NP3
// RUN: %mpirun -np 1 %t | FileCheck %s --check-prefix=NP1
// RUN: %mpirun -np 2 %t | sort | FileCheck %s --check-prefix=NP2
// RUN: %mpirun -np 4 %t | sort | FileCheck %s --check-prefix=NP4
// NP3: node 1 of 3 (C 0, all 1 of 3, C all 0) clock ok
// NP3-NEXT: node 2 of 3 (C 1, all 2 of 3, C all 1) clock ok
// NP3-NEXT: node 3 of 3 (C 2, all 3 of 3, C all 2) clock ok
// NP1: node 1 of 1 (C 0, all 1 of 1, C all 0) clock ok
// NP2: node 1 of 2 (C 0, all 1 of 2, C all 0) clock ok
// NP2-NEXT: node 2 of 2 (C 1, all 2 of 2, C all 1) clock ok
// NP4: node 1 of 4 (C 0, all 1 of 4, C all 0) clock ok
// NP4-NEXT: node 2 of 4 (C 1, all 2 of 4, C all 1) clock ok
// NP4-NEXT: node 3 of 4 (C 2, all 3 of 4, C all 2) clock ok
// NP4-NEXT: node 4 of 4 (C 3, all 4 of 4, C all 3) clock ok
#include <stdio.h>
#include <xmp.h>

int main(void) {
  double t0 = xmp_wtime();
  double tick = xmp_wtick();
  double t1 = xmp_wtime();
  printf("node %d of %d (C %d, all %d of %d, C all %d) clock %s\n", xmp_node_num(),
         xmp_num_nodes(), xmpc_node_num(), xmp_all_node_num(), xmp_all_num_nodes(),
         xmpc_all_node_num(), tick > 0 && tick < 1 && t1 >= t0 ? "ok" : "BAD");
  return 0;
}
