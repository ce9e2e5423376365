// Node numbers, counts and the clock, on every node; xmp_exit(status) on
// every node ends the program there with that status (nothing after it runs).
// RUN: %xmpcc %s -o %t
// RUN: not %mpirun -np 1 %t 3 > %t.exit1 && FileCheck %s --check-prefix=EXIT < %t.exit1
// RUN: not %mpirun -np 3 %t 3 > %t.exit3 && FileCheck %s --check-prefix=EXIT < %t.exit3
// RUN: %mpirun -np 2 %t 0 | FileCheck %s --check-prefix=EXIT
// RUN: %mpirun -np 4 %t 0 | FileCheck %s --check-prefix=EXIT
// EXIT-NOT: after xmp_exit
// EXIT: leaving with xmp_exit
// EXIT-NOT: after xmp_exit
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
#include <stdlib.h>
#include <xmp.h>

static void leave(int status) {
  if (xmp_node_num() == 1)
    printf("leaving with xmp_exit(%d)\n", status);
  fflush(stdout);
  xmp_exit(status);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    leave(atoi(argv[1]));
    printf("node %d: after xmp_exit\n", xmp_node_num());
    return 0;
  }
  double t0 = xmp_wtime();
  double tick = xmp_wtick();
  double t1 = xmp_wtime();
  printf("node %d of %d (C %d, all %d of %d, C all %d) clock %s\n", xmp_node_num(),
         xmp_num_nodes(), xmpc_node_num(), xmp_all_node_num(), xmp_all_num_nodes(),
         xmpc_all_node_num(), tick > 0 && tick < 1 && t1 >= t0 ? "ok" : "BAD");
  return 0;
}
