// A node array that does not fit the process count stops the program with a
// message naming the directive and both counts, and a non-zero status.
// RUN: %xmpcc %s -o %t
// RUN: not %mpirun -np 3 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: %mpirun -np 4 %t | FileCheck %s --check-prefix=OK
// CHECK: xmpcc runtime: {{.*}}nodes-mismatch.c:11: 'nodes p(4)': needs 4 processes, but the program runs on 3
// OK: ran on 4
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(4)
int main(void) {
  if (xmp_node_num() == 1)
    printf("ran on %d\n", xmp_num_nodes());
  return 0;
}
