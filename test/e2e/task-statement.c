// A task applies to the one statement after it when that is not a block:
// an expression statement, an if, a for and a nested task. Each node counts
// what it executed; the counts are combined and compared with the number of
// nodes each task names, computed here from the process count.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: task statements ok
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p[*]
#pragma xmp template t[40]
#pragma xmp distribute t[block] onto p

int main(void) {
  int n = xmp_num_nodes(), last = n - 1;
  int first = 0, byIf = 0, byFor = 0, nested = 0, onTemplate = 0, after = 0;

#pragma xmp task on p[0]
  first += 1;

#pragma xmp task on p[last]
  if (xmp_all_node_num() == n) // inside the task, xmpc_node_num() is 0
    byIf += 10;

#pragma xmp task on p[0:n]
  for (int k = 0; k < 3; k++)
    byFor += 1;

#pragma xmp task on p[0:n]
#pragma xmp task on p[0]
  nested += 1;

  // t[39] is owned by the last node of the block distribution.
#pragma xmp task on t[39]
  onTemplate = xmp_all_node_num();

  after += 1; // not part of any task: every node runs it

#pragma xmp reduction(+:first, byIf, byFor, nested, onTemplate, after)
  int bad = 0;
  bad |= first != 1;
  bad |= byIf != 10;
  bad |= byFor != 3 * n;
  bad |= nested != 1;
  bad |= onTemplate != n;
  bad |= after != n;
  if (xmpc_node_num() == 0) {
    if (bad)
      printf("MISMATCH first %d byIf %d byFor %d nested %d onTemplate %d after %d (n %d)\n",
             first, byIf, byFor, nested, onTemplate, after, n);
    printf("task statements ok\n");
  }
  return bad;
}
