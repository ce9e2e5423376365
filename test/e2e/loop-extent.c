// loop clauses expand, margin and peel_and_wait (XMP 1.4) on a 1-D block
// distribution of 23 elements (uneven at 2, 3 and 4 nodes). Each node counts
// the iterations it runs per index and compares them with the set the clause
// defines, computed here from the block distribution's owned range; a
// periodic reflect read through an unbound expand and a stencil overlapped
// with its reflect (peel_and_wait) are compared with serial results.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 8 cases
#include <stdio.h>
#include <xmp.h>
#define N 23
#define OFF 4 /* seen[] holds indices -OFF .. N-1+OFF */
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double a[N], b[N];
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp shadow a[2]
#pragma xmp shadow b[2]

static int seen[N + 2 * OFF], cases, bad;
static long own_lo, own_hi; /* this node's block of t */

static long max_l(long x, long y) { return x > y ? x : y; }
static long min_l(long x, long y) { return x < y ? x : y; }

static void clear(void) {
  for (int k = 0; k < N + 2 * OFF; k++)
    seen[k] = 0;
}
/* The visits must be exactly [lo, hi] minus [xlo, xhi], once each. */
static void expect(const char *what, long lo, long hi, long xlo, long xhi) {
  ++cases;
  for (long g = -OFF; g < N + OFF; g++) {
    int want = g >= lo && g <= hi && !(g >= xlo && g <= xhi);
    if (seen[g + OFF] != want) {
      printf("MISMATCH %s node %d index %ld: visited %d times, want %d\n", what,
             xmpc_node_num(), g, seen[g + OFF], want);
      ++bad;
    }
  }
  clear();
}
static double f(long g) { return (double)(g * g % 17) + 0.5; }

int main(void) {
  int i;
  long P = xmp_num_nodes(), k = xmpc_node_num(), blk = (N + P - 1) / P;
  own_lo = k * blk;
  own_hi = min_l(N - 1, (k + 1) * blk - 1);
  /* The loops below run over 1 .. N-2: L is this node's part of that. */
  long llo = max_l(own_lo, 1), lhi = min_l(own_hi, N - 2);
  int empty = llo > lhi;

#pragma xmp loop on t(i) expand(1:2)
  for (i = 1; i < N - 1; i++)
    seen[i + OFF]++;
  if (empty)
    expect("expand(1:2)", 1, 0, 1, 0);
  else
    expect("expand(1:2)", max_l(llo - 1, 1), min_l(lhi + 2, N - 2), 1, 0);

#pragma xmp loop on t(i) expand(/unbound/1:2)
  for (i = 1; i < N - 1; i++)
    seen[i + OFF]++;
  if (empty)
    expect("expand(/unbound/1:2)", 1, 0, 1, 0);
  else
    expect("expand(/unbound/1:2)", llo - 1, lhi + 2, 1, 0);

  /* Downward: the same sets. */
#pragma xmp loop on t(i) expand(-1)
  for (i = N - 2; i >= 1; --i)
    seen[i + OFF]++;
  expect("expand(-1) downward", llo + 1, lhi - 1, 1, 0);

#pragma xmp loop on t(i) margin(/unbound/2)
  for (i = 1; i < N - 1; i++)
    seen[i + OFF]++;
  if (empty)
    expect("margin(/unbound/2)", 1, 0, 1, 0);
  else
    expect("margin(/unbound/2)", llo - 2, lhi + 2, llo, lhi);

#pragma xmp loop on t(i) margin(-1:-2)
  for (i = 1; i < N - 1; i++)
    seen[i + OFF]++;
  expect("margin(-1:-2)", llo, lhi, llo + 1, lhi - 2);

  /* expand and margin with the same widths together cover L once. */
#pragma xmp loop on t(i) expand(-2:-1)
  for (i = 1; i < N - 1; i++)
    seen[i + OFF]++;
#pragma xmp loop on t(i) margin(-2:-1)
  for (i = 1; i < N - 1; i++)
    seen[i + OFF]++;
  expect("expand + margin(-2:-1)", llo, lhi, 1, 0);

  /* Periodic shadows read through an unbound expand over the whole template. */
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i] = f(i);
#pragma xmp reflect (a) width(/periodic/1)
  double got = 0, want = 0;
#pragma xmp loop on t(i) expand(/unbound/1)
  for (i = 0; i < N; i++)
    got += a[i];
  for (long g = own_lo - 1; g <= own_hi + 1; g++)
    want += f((g + N) % N);
  ++cases;
  if (got != want) {
    printf("MISMATCH periodic expand node %ld: %g != %g\n", k, got, want);
    ++bad;
  }

  /* A stencil overlapped with its reflect: the inner part first, the rest
   * after the wait. */
#pragma xmp reflect (a) async(3)
#pragma xmp loop on t(i) peel_and_wait(3, -1)
  for (i = 1; i < N - 1; i++)
    b[i] = a[i - 1] - 2 * a[i] + a[i + 1];
  int wrong = 0;
#pragma xmp loop on t(i) reduction(+:wrong)
  for (i = 1; i < N - 1; i++)
    if (b[i] != f(i - 1) - 2 * f(i) + f(i + 1))
      wrong++;
  ++cases;
  if (wrong) {
    printf("MISMATCH peel_and_wait stencil: %d wrong elements\n", wrong);
    ++bad;
  }

#pragma xmp reduction(+:bad)
  if (k == 0)
    printf("checked %d cases, %d mismatches\n", cases, bad);
  return 0;
}
