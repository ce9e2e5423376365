// Template references with omitted bounds take the template's own: t[:] is
// the whole dimension, t[2:] from element 2 to the last, t(:5) (round style)
// from the declared lower bound 1 up to 5. Reductions and tasks on them
// combine or run on exactly the owners, checked against counts of owners
// computed from the block distribution in the test, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: template bounds: ok
#include <stdio.h>
#include <xmp.h>
#define N 10

#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p
#pragma xmp nodes q(*)
#pragma xmp template u(1:N)
#pragma xmp distribute u(block) onto q

/* Whether node k (0-based) of n owns an element of [lo, hi] of a block distribution of N
 * elements starting at base. */
static int owns(int k, int n, int base, int lo, int hi) {
  int size = (N + n - 1) / n, first = base + k * size, last = first + size - 1;
  if (last > base + N - 1)
    last = base + N - 1;
  return first <= last && first <= hi && last >= lo;
}

int main(void) {
  int me = xmpc_node_num(), n = xmp_num_nodes(), ok = 1;
  int all = 1, tail = 1, head = 1, ran = 0;
#pragma xmp reduction(+:all) on t[:]
#pragma xmp reduction(+:tail) on t[2:]
#pragma xmp reduction(+:head) on u(:5)
#pragma xmp task on t[2:]
  ran = 1;
  int want_all = 0, want_tail = 0, want_head = 0;
  for (int k = 0; k < n; k++) {
    want_all += owns(k, n, 0, 0, N - 1);
    want_tail += owns(k, n, 0, 2, N - 1);
    want_head += owns(k, n, 1, 1, 5);
  }
  ok &= all == want_all;
  ok &= owns(me, n, 0, 2, N - 1) ? tail == want_tail : tail == 1;
  ok &= owns(me, n, 1, 1, 5) ? head == want_head : head == 1;
  ok &= ran == owns(me, n, 0, 2, N - 1);
#pragma xmp reduction(&&:ok)
  if (me == 0)
    printf("template bounds: %s\n", ok ? "ok" : "WRONG");
  return 0;
}
