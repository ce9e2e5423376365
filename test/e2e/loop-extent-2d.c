// expand / margin / peel_and_wait on 2-D block distributions (11 x 9 elements,
// uneven), square brackets and round brackets (whose widths follow the
// subscripts as written: `s(j,i)` takes j's width first). Each node counts
// its iterations per element and compares them with the boxes the clause
// defines, built here from its owned ranges (those of a plain loop); a
// stencil overlapped with its reflect is compared with the serial result.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 5 cases, 0 mismatches
#include <stdio.h>
#include <xmp.h>
#define N 11
#define M 9
#define OFF 3
#pragma xmp nodes q[*][2]
#pragma xmp template t[N][M]
#pragma xmp distribute t[block][block] onto q
#pragma xmp template s(0:M-1, 0:N-1)
#pragma xmp distribute s(block, block) onto q
double a[N][M], b[N][M];
#pragma xmp align a[i][j] with t[i][j]
#pragma xmp align b[i][j] with t[i][j]
#pragma xmp shadow a[1][1]

static int seen[N + 2 * OFF][M + 2 * OFF], cases, bad;
typedef struct { long lo, hi; } range;
static long max_l(long x, long y) { return x > y ? x : y; }
static long min_l(long x, long y) { return x < y ? x : y; }
static int in(range r, long g) { return g >= r.lo && g <= r.hi; }

/* Visits must be exactly the box outer minus the box inner, once each. */
static void expect(const char *what, range oi, range oj, range ii, range ij) {
  ++cases;
  for (long i = -OFF; i < N + OFF; i++)
    for (long j = -OFF; j < M + OFF; j++) {
      int want = in(oi, i) && in(oj, j) && !(in(ii, i) && in(ij, j));
      if (seen[i + OFF][j + OFF] != want) {
        printf("MISMATCH %s node %d (%ld,%ld): visited %d times, want %d\n", what,
               xmpc_node_num(), i, j, seen[i + OFF][j + OFF], want);
        ++bad;
      }
      seen[i + OFF][j + OFF] = 0;
    }
}
static range grow(range r, long below, long above, long glo, long ghi, int unbound) {
  range e = {r.lo - below, r.hi + above};
  if (r.lo > r.hi)
    return r;
  if (!unbound) {
    e.lo = max_l(e.lo, glo);
    e.hi = min_l(e.hi, ghi);
  }
  return e;
}
static const range none = {1, 0};
static double f(long i, long j) { return (double)((i * 7 + j * 3) % 11) - 2.0; }

int main(void) {
  int i, j;
  /* Owned ranges: what a plain loop over the whole template runs here. */
  range oi = {N, -1}, oj = {M, -1};
#pragma xmp loop on t[i][j]
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      oi.lo = min_l(oi.lo, i), oi.hi = max_l(oi.hi, i);
      oj.lo = min_l(oj.lo, j), oj.hi = max_l(oj.hi, j);
    }
  /* The loops below run over 1 .. N-1 and 0 .. M-2. */
  range li = {max_l(oi.lo, 1), oi.hi}, lj = {oj.lo, min_l(oj.hi, M - 2)};

#pragma xmp loop on t[i][j] expand(1, /unbound/1:0)
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      seen[i + OFF][j + OFF]++;
  expect("expand(1, /unbound/1:0)", grow(li, 1, 1, 1, N - 1, 0),
         grow(lj, 1, 0, 0, M - 2, 1), none, none);

#pragma xmp loop on t[i][j] margin(1:2, -1)
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      seen[i + OFF][j + OFF]++;
  {
    range ei = grow(li, 1, 2, 1, N - 1, 0), ej = grow(lj, -1, -1, 0, M - 2, 0);
    /* i grows, j shrinks: the margin is the box of both minus their common part. */
    range outi = ei, innj = ej, ini = li, outj = lj;
    expect("margin(1:2, -1)", outi, outj, ini, innj);
  }

  /* Round brackets: s(j,i) is s's C order [i][j]; widths as written. */
#pragma xmp loop (i,j) on s(j,i) expand(/unbound/2:0, 0:1)
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      seen[i + OFF][j + OFF]++;
  expect("round expand(/unbound/2:0, 0:1)", grow(li, 0, 1, 1, N - 1, 0),
         grow(lj, 2, 0, 0, M - 2, 1), none, none);

#pragma xmp loop on t[i][j] expand(-1, -1)
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      seen[i + OFF][j + OFF]++;
#pragma xmp loop on t[i][j] margin(-1, -1)
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      seen[i + OFF][j + OFF]++;
  expect("expand + margin(-1, -1)", li, lj, none, none);

  /* A 5-point stencil overlapped with its reflect. */
#pragma xmp loop on t[i][j]
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      a[i][j] = f(i, j);
#pragma xmp reflect (a) async(12)
#pragma xmp loop on t[i][j] peel_and_wait(12, -1, -1)
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      b[i][j] = a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1] - 4 * a[i][j];
  int wrong = 0;
#pragma xmp loop on t[i][j] reduction(+:wrong)
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      if (b[i][j] != f(i - 1, j) + f(i + 1, j) + f(i, j - 1) + f(i, j + 1) - 4 * f(i, j))
        wrong++;
  ++cases;
  if (wrong) {
    printf("MISMATCH peel_and_wait stencil: %d wrong elements\n", wrong);
    ++bad;
  }
#pragma xmp reduction(+:bad)
  if (xmpc_node_num() == 0)
    printf("checked %d cases, %d mismatches\n", cases, bad);
  return 0;
}
