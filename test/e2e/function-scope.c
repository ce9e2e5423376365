// Nodes and templates declared inside a function, a loop on them, the
// reduction directive on a node array, and barriers.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: triangle 5050 max 100 nodes-counted ok
#include <stdio.h>
#include <xmp.h>

static long triangle(int n, long *largest) {
#pragma xmp nodes q(*)
#pragma xmp template w(1:n)
#pragma xmp distribute w(block) onto q
  long s = 0, m = 0;
#pragma xmp loop on w(k) reduction(+:s) reduction(max:m)
  for (int k = 1; k <= n; k++) {
    s += k;
    m = k > m ? k : m;
  }
#pragma xmp barrier
  *largest = m;
  return s;
}

#pragma xmp nodes p(*)

int main(void) {
  long largest;
  long s = triangle(100, &largest);
  int count = 1;
#pragma xmp reduction(+:count) on p
#pragma xmp barrier on p
  if (xmp_node_num() == 1)
    printf("triangle %ld max %ld nodes-counted %s\n", s, largest,
           count == xmp_num_nodes() ? "ok" : "WRONG");
  return 0;
}
