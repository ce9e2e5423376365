// Node subsets and tasks: who executes, node numbers inside a task,
// reductions and bcast over the executing set, tasks inside a loop, and a
// task on template elements; at 1-4 nodes against hand-computed values.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s --check-prefixes=CHECK,NP1
// RUN: %mpirun -np 2 %t | FileCheck %s --check-prefixes=CHECK,NP2
// RUN: %mpirun -np 3 %t | FileCheck %s --check-prefixes=CHECK,NP3
// RUN: %mpirun -np 4 %t | FileCheck %s --check-prefixes=CHECK,NP4
// NP1: first half: 1 nodes, ranks sum 1
// NP2: first half: 1 nodes, ranks sum 1
// NP3: first half: 1 nodes, ranks sum 1
// NP4: first half: 2 nodes, ranks sum 3
// CHECK: loop of tasks: 100
// NP1: owners of t(0:9): 1
// NP2: owners of t(0:9): 1
// NP3: owners of t(0:9): 1
// NP4: owners of t(0:9): 1
// NP1: owners of t(15:24): 1
// NP2: owners of t(15:24): 2
// NP3: owners of t(15:24): 1
// NP4: owners of t(15:24): 2
// CHECK: subset q: ok
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template t(0:39)
#pragma xmp distribute t(block) onto p

int main(void) {
  int n = xmp_num_nodes(), half = n / 2 > 0 ? n / 2 : 1;
  int count = 0, sum = 0, ran = 0;
  /* The first half of the nodes: node numbers restart at 1 inside. */
#pragma xmp task on p(1:half)
  {
    count = xmp_num_nodes();
    sum = xmp_node_num();
#pragma xmp reduction(+:sum)
  }
#pragma xmp bcast (count, sum)
  if (xmp_node_num() == 1)
    printf("first half: %d nodes, ranks sum %d\n", count, sum);

  /* Tasks in a loop: the same subset again and again. */
  for (int k = 0; k < 100; k++) {
#pragma xmp task on p(n)
    {
      ran += 1;
    }
  }
#pragma xmp bcast (ran) from p(n)
  if (xmp_node_num() == 1)
    printf("loop of tasks: %d\n", ran);

  /* Tasks on template elements: their owners. */
  int owners = 0;
#pragma xmp tasks
  {
#pragma xmp task on t(0:9)
    {
      owners = xmp_num_nodes();
    }
  }
#pragma xmp bcast (owners)
  if (xmp_node_num() == 1)
    printf("owners of t(0:9): %d\n", owners);
  owners = 0;
#pragma xmp task on t(15:24)
  {
    owners = xmp_num_nodes();
#pragma xmp reduction(max:owners)
  }
#pragma xmp reduction(max:owners)
  if (xmp_node_num() == 1)
    printf("owners of t(15:24): %d\n", owners);

  /* A declared subset: the last node; only it is a member. */
  int ok = 1;
#pragma xmp nodes q(1) = p(n:n)
#pragma xmp task on q
  {
    ok = xmp_num_nodes() == 1 && xmp_node_num() == 1 && xmp_all_node_num() == n;
  }
#pragma xmp reduction(&&:ok)
  if (xmp_node_num() == 1)
    printf("subset q: %s\n", ok ? "ok" : "WRONG");
  return 0;
}
