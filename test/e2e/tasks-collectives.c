// tasks whose task blocks run collectives of their own and over the whole
// node array at once: each half of the nodes reduces over its own subset,
// then both halves meet in 'barrier on p' and 'reduction ... on p' (which
// used to hang: the second task's creation waited for the first half, stuck
// in the barrier). Also tasks on template subsets, which may overlap. Values
// vs serial sums, 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: tasks: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 12
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p

int main(void) {
  int P = xmp_num_nodes(), me = xmp_node_num(), half = P / 2, wrong = 0;
  for (int round = 0; round < 2; round++) { /* the second round reuses the subsets */
    int part = -1, all = me, total = 0;
#pragma xmp tasks
    {
#pragma xmp task on p(1:half)
      {
        part = xmp_node_num();
#pragma xmp reduction(+:part)
#pragma xmp barrier on p
#pragma xmp reduction(+:all) on p
      }
#pragma xmp task on p(half+1:P)
      {
        part = xmp_node_num();
#pragma xmp reduction(+:part)
#pragma xmp barrier on p
#pragma xmp reduction(+:all) on p
      }
    }
    int size = me <= half ? half : P - half;
    if (part != size * (size + 1) / 2 || all != P * (P + 1) / 2) {
      printf("MISMATCH round %d node %d: part %d, all %d\n", round, me, part, all);
      wrong++;
    }
    /* Template subsets: the owners of the first and of the second half of t (a node may
     * own elements of both: it runs both tasks, one after the other). */
#pragma xmp tasks
    {
#pragma xmp task on t(0:N/2-1)
      {
        total = 1;
#pragma xmp reduction(+:total)
      }
#pragma xmp task on t(N/2:N-1)
      {
        total += 100;
#pragma xmp reduction(+:total)
      }
    }
    /* Serially: which nodes own elements of each half (blocks of ceil(N/P)). */
    int blk = (N + P - 1) / P, first = 0, second = 0, both = 0, mine = 0;
    for (int k = 0; k < P; k++) {
      int klo = k * blk, khi = klo + blk - 1 < N - 1 ? klo + blk - 1 : N - 1;
      int f = klo <= khi && klo <= N / 2 - 1, s = klo <= khi && khi >= N / 2;
      first += f, second += s, both += f && s;
      if (k == me - 1)
        mine = f + 2 * s;
    }
    /* The second reduction adds 100 per owner and the first result once per node in both. */
    int want = mine >= 2 ? 100 * second + first * both : mine == 1 ? first : 0;
    if (total != want) {
      printf("MISMATCH round %d node %d: template tasks gave %d, want %d\n", round, me, total,
             want);
      wrong++;
    }
  }
#pragma xmp reduction(+:wrong)
  if (me == 1)
    printf("tasks: %d wrong\n", wrong);
  return 0;
}
