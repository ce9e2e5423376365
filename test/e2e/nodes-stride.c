// Node references with a stride, in both bracket styles, everywhere a node
// reference is allowed: task on, reduction/bcast/barrier on, wait_async on and
// nodes q = p[...] (a strided subset, then used by a task, a distribute and a
// reduction), on a 1-D node array and the rows and columns of a 2-D one. The
// expected values are counted in the test from the nodes each triplet selects
// (square brackets: base:length:step, 0-based; round: lb:ub:step, 1-based).
// 'outside': p[0:4:2] on 4 nodes selects 0, 2, 4, 6 (the length counts the
// nodes taken), a run-time error naming them.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: %mpirun -np 6 %t | FileCheck %s
// RUN: not %mpirun -np 4 %t outside 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: xmpcc runtime: {{.*}}nodes-stride.c:[[@LINE+23]]: 'task on p[0:4:2]': nodes 'p' dimension 0 has nodes 0 to 3, but the selection of 4 from 0 by step 2 reaches 6 (C order, 0-based; in square brackets a triplet is base:length:step)
// OUTSIDE-NOT: xmpcc runtime
// CHECK-NOT: MISMATCH
// CHECK: nodes-stride: 0 mismatches
#include <stdio.h>
#include <string.h>
#include <xmp.h>
#pragma xmp nodes p[*]
#pragma xmp nodes g[*][2]

static int bad;
#define EXPECT(got, want)                                                                    \
  do {                                                                                       \
    if ((got) != (want)) {                                                                   \
      printf("MISMATCH node %d line %d: %s is %d, want %d\n", xmpc_node_num(), __LINE__,     \
             #got, (int)(got), (int)(want));                                                 \
      bad++;                                                                                 \
    }                                                                                        \
  } while (0)

int main(int argc, char **argv) {
  int P = xmp_num_nodes(), me = xmpc_node_num(), R = P / 2;
  if (argc > 1 && strcmp(argv[1], "outside") == 0) {
#pragma xmp task on p[0:4:2]
    bad++;
  }
  /* Square brackets: the even nodes p[0:P/2:2]; round: the odd ones p(2:P:2). */
  int even = me % 2 == 0, odd = !even;
  int in = 0, size = 0, rank = -1;
#pragma xmp task on p[0:R:2]
  {
    in = 1;
    size = xmp_num_nodes();
    rank = xmpc_node_num();
  }
  EXPECT(in, even);
  EXPECT(size, even ? R : 0);
  EXPECT(rank, even ? me / 2 : -1);
  in = 0;
#pragma xmp task on p(2:P:2)
  in = 1;
  EXPECT(in, odd);
  /* Every third node, from the second: base 1, step 3. */
  in = 0;
#pragma xmp task on p[1::3]
  in = 1;
  EXPECT(in, me % 3 == 1);

  /* Reductions over the even and the odd nodes apart: sums of their numbers. */
  int s = me, sum_even = 0, sum_odd = 0;
  for (int k = 0; k < P; k++)
    *(k % 2 == 0 ? &sum_even : &sum_odd) += k;
#pragma xmp reduction(+:s) on p[0:R:2]
#pragma xmp reduction(+:s) on p(2:P:2)
  EXPECT(s, even ? sum_even : sum_odd);

  /* bcast from p[2] (the second even node) to the even nodes, then from p(2) (p[1], the
   * first odd one) to the odd nodes; the others keep their value. */
  int x = 100 + me;
#pragma xmp bcast (x) from p[2] on p[0:R:2]
  EXPECT(x, even ? 102 : 100 + me);
  x = 100 + me;
#pragma xmp bcast (x) from p(2) on p(2:P:2) async(7)
#pragma xmp wait_async(7) on p(2:P:2)
  EXPECT(x, odd ? 101 : 100 + me);
#pragma xmp barrier on p[0:R:2]
#pragma xmp barrier on p(2:P:2)

  /* A strided subset as a node array of its own. */
#pragma xmp nodes q[R] = p[1:R:2]
  int qi = -1, ql = -1, qu = -1, qs = -1;
  xmp_desc_t dp;
  if (xmp_nodes_index(xmp_desc_of(q), 1, &qi) != 0)
    qi = -1;
  EXPECT(qi, odd ? me / 2 + 1 : -1);
  EXPECT(xmp_nodes_equiv(xmp_desc_of(q), &dp, &ql, &qu, &qs), 0);
  EXPECT(ql * 10000 + qu * 100 + qs, 2 * 10000 + (2 * R) * 100 + 2);
  in = 0;
#pragma xmp task on q[1:R-1]
  in = 1;
  EXPECT(in, odd && me > 1);
#pragma xmp template t[2 * R]
#pragma xmp distribute t[block] onto q
  int owned = 0;
#pragma xmp loop on t[i] reduction(+:owned)
  for (int i = 0; i < 2 * R; i++)
    owned += i;
  /* The reduction covers the odd nodes; the even ones own nothing and keep 0. */
  EXPECT(owned, odd ? (2 * R - 1) * R : 0);

  /* g[P/2][2]: every other row (square), and the second column of every other row (round,
   * g(2, 1:R:2) in Fortran order). */
  int row = me / 2, col = me % 2;
  in = 0;
#pragma xmp task on g[0::2][:]
  in = 1;
  EXPECT(in, row % 2 == 0);
  in = 0;
#pragma xmp task on g(2, 1:R:2)
  in = 1;
  EXPECT(in, col == 1 && row % 2 == 0);
  int t2 = 1;
#pragma xmp reduction(+:t2) on g[1::2][0:2]
  EXPECT(t2, row % 2 == 1 ? 2 * (R / 2) : 1);

#pragma xmp reduction(+:bad)
  if (me == 0)
    printf("nodes-stride: %d mismatches\n", bad);
  return 0;
}
