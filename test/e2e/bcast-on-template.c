// bcast 'from' a node of the template's node array 'on' part of the template:
// the owners of that part (the executing nodes of the broadcast) get the from
// node's value, the others keep theirs; a from node that owns none of the part
// is a run-time error naming it. Owners are computed in the test from the
// block distribution of 12 elements, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: bcast on template parts: ok
// RUN: %xmpcc -DOUTSIDE %s -o %t.bad
// RUN: not %mpirun -np 3 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bcast-on-template.c:[[#@LINE+28]]: 'bcast (x) from p[2] on t[0:4]': bcast 'from': that node of 'p' is not among the executing nodes
#include <stdio.h>
#include <xmp.h>
#define N 12

#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p

/* Whether node k of n owns an element of [lo, hi] (block of N). */
static int owns(int k, int n, int lo, int hi) {
  int size = (N + n - 1) / n, first = k * size, last = first + size - 1;
  if (last > N - 1)
    last = N - 1;
  return first <= last && first <= hi && last >= lo;
}

int main(void) {
  int me = xmpc_node_num(), n = xmp_num_nodes(), ok = 1;
  int last = n - 1;
  /* The last node broadcasts to the owners of the second half; node 0 to all owners. */
  int x = 100 + me, y = 200 + me;
#pragma xmp bcast (x) from p[last] on t[N/2:N/2]
#pragma xmp bcast (y) from p[0] on t[:]
  ok &= x == (owns(me, n, N / 2, N - 1) ? 100 + last : 100 + me);
  ok &= y == 200;
#ifdef OUTSIDE
  /* With 3 nodes p[2] owns elements 8..11, none of t[0:4]. */
#pragma xmp bcast (x) from p[2] on t[0:4]
#endif
#pragma xmp reduction(&&:ok)
  if (me == 0)
    printf("bcast on template parts: %s\n", ok ? "ok" : "WRONG");
  return 0;
}
