// reduction of C arrays, element by element, with every operator: whole
// arrays of int, long, float and double, a 2-D array, an array parameter
// (`int v[N]`), and an array in a loop's reduction clause. Each node
// contributes values made from its number; the reference combines the
// contributions of nodes 0..P-1 serially.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 13 reductions
#include <stdio.h>
#include <xmp.h>
#define N 6
#define T 17
#pragma xmp nodes p(*)
#pragma xmp template t(0:T-1)
#pragma xmp distribute t(block) onto p

static int checks, bad;
static void expect(const char *what, int k, double got, double want) {
  if (got != want) {
    printf("MISMATCH %s[%d] on node %d: %g != %g\n", what, k, xmpc_node_num(), got, want);
    ++bad;
  }
}
/* What node r contributes to element k. */
static int ival(int r, int k) { return (r * 5 + k * 3) % 7 + (k == 2 ? 8 : 1); }

static void param_sum(int v[N], int P) {
  for (int k = 0; k < N; k++)
    v[k] = ival(xmpc_node_num(), k);
#pragma xmp reduction(+:v)
  ++checks;
  for (int k = 0; k < N; k++) {
    int want = 0;
    for (int r = 0; r < P; r++)
      want += ival(r, k);
    expect("parameter +", k, v[k], want);
  }
}

int main(void) {
  int P = xmp_num_nodes(), me = xmpc_node_num();
  int plus[N], prod[N], minus[N], band[N], bor[N], bxor[N], land[N], lor[N];
  long lmax[N];
  float fmin[N];
  double dsum[N], grid[2][3];
  for (int k = 0; k < N; k++) {
    plus[k] = prod[k] = minus[k] = band[k] = bor[k] = bxor[k] = ival(me, k);
    land[k] = (me + k) % 3 != 0 || k == 1; /* false on some node unless k == 1 */
    lor[k] = me == 1 && k % 2 == 0;
    lmax[k] = ival(me, k) * 100000000L;
    fmin[k] = (float)ival(me, k) / 4;
    dsum[k] = ival(me, k) * 0.25;
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      grid[i][j] = me + i * 10 + j;
#pragma xmp reduction(+:plus)
#pragma xmp reduction(*:prod)
#pragma xmp reduction(-:minus)
#pragma xmp reduction(&:band)
#pragma xmp reduction(|:bor)
#pragma xmp reduction(^:bxor)
#pragma xmp reduction(&&:land)
#pragma xmp reduction(||:lor)
#pragma xmp reduction(max:lmax) on p
#pragma xmp reduction(min:fmin) on t
#pragma xmp reduction(+:dsum, grid)
  checks += 11;
  for (int k = 0; k < N; k++) {
    int s = 0, m = 1, a = ~0, o = 0, x = 0, la = 1, lo = 0;
    long mx = 0;
    float mn = 1e9f;
    double ds = 0;
    for (int r = 0; r < P; r++) {
      int v = ival(r, k);
      s += v, m *= v, a &= v, o |= v, x ^= v;
      la = la && ((r + k) % 3 != 0 || k == 1);
      lo = lo || (r == 1 && k % 2 == 0);
      mx = v * 100000000L > mx ? v * 100000000L : mx;
      mn = (float)v / 4 < mn ? (float)v / 4 : mn;
      ds += v * 0.25;
    }
    expect("+", k, plus[k], s);
    expect("*", k, prod[k], m);
    expect("-", k, minus[k], s); /* '-' combines partial results by addition */
    expect("&", k, band[k], a);
    expect("|", k, bor[k], o);
    expect("^", k, bxor[k], x);
    expect("&&", k, land[k], la);
    expect("||", k, lor[k], lo);
    expect("max", k, (double)lmax[k], (double)mx);
    expect("min", k, fmin[k], mn);
    expect("double +", k, dsum[k], ds);
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) {
      double want = 0;
      for (int r = 0; r < P; r++)
        want += r + i * 10 + j;
      expect("2-D +", i * 3 + j, grid[i][j], want);
    }

  param_sum(plus, P);

  /* A loop's reduction clause on an array: a histogram of i % N. */
  int hist[N] = {0};
#pragma xmp loop on t(i) reduction(+:hist)
  for (int i = 0; i < T; i++)
    hist[i % N] += i;
  ++checks;
  for (int k = 0; k < N; k++) {
    int want = 0;
    for (int i = 0; i < T; i++)
      if (i % N == k)
        want += i;
    expect("loop histogram", k, hist[k], want);
  }

#pragma xmp reduction(+:bad)
  if (me == 0)
    printf("checked %d reductions, %d mismatches\n", checks, bad);
  return 0;
}
