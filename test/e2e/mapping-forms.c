// Data-mapping forms against serial values, at 1-4 nodes:
// - a 2-D round-bracket template with lower bounds (t(1:M, -2:N-3)),
//   distributed cyclic(2) x block onto a 2-D node array (2 x n/2 or 1 x n),
//   an array aligned with it in permuted order with offsets (a[i][j] with
//   t(j+1, i-2)), loops with and without an index list, owner-computes
//   updates outside loops (task on t(jj, ii));
// - replication along a distributed template dimension (r[i] with t(*, i-2):
//   every node of a column holds r's block, written by a loop on t(*, ii));
// - a square-bracket 2-D template (s[N][M], block x cyclic), permuted align;
// - the combined form (align [i] with tb(i), shadow [1] :: u, v), reflected;
// - templates distributed onto node subsets in both styles (h[k] = p[0:k],
//   g(k) = p(n-k+1:n)), cyclic(2) and gblock (4 and 9).
// Uneven extents throughout (N = 13, M = 7). Each array is gathered by gmove
// and compared element by element; loop sums and reflected halos too.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: mapping forms: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 13
#define M 7
#pragma xmp nodes p(*)
#pragma xmp template tb(0:N-1)
#pragma xmp distribute tb(block) onto p
long u[N], v[N];
#pragma xmp align [i] with tb(i), shadow [1] :: u, v
int gs[4];
static int wrong;

static void expect(const char *what, int i, int j, long got, long want) {
  if (got != want) {
    ++wrong;
    printf("MISMATCH %s (%d, %d) on node %d: %ld != %ld\n", what, i, j, xmp_node_num(), got,
           want);
  }
}

static long fa(int i, int j) { return 100L * i + j + 1; }
static long fr(int i) { return 7L * i - 3; }
static int updated(int i, int j) { return (i == 0 && j == 0) || (i == 6 && j == 3) || (i == N - 1 && j == M - 1); }

int main(void) {
  int n = xmp_num_nodes();
  long a[N][M], r[N], e[M][N];
  long la[N][M], lr[N], le[M][N];
#pragma xmp nodes q((n % 2 == 0 ? 2 : 1), *) = p
#pragma xmp template t(1:M, -2:N-3)
#pragma xmp distribute t(cyclic(2), block) onto q
#pragma xmp align a[i][j] with t(j+1, i-2)
#pragma xmp align r[i] with t(*, i-2)
#pragma xmp template s[N][M]
#pragma xmp distribute s[block][cyclic] onto q
#pragma xmp align e[j][i] with s[i][j]

  /* a: a loop with an index list, owners' updates outside loops. */
#pragma xmp loop (jj, ii) on t(jj, ii)
  for (int ii = -2; ii <= N - 3; ii++)
    for (int jj = 1; jj <= M; jj++)
      a[ii + 2][jj - 1] = fa(ii + 2, jj - 1);
  int updates = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (updated(i, j)) {
#pragma xmp task on t(j + 1, i - 2)
        {
          a[i][j] += 5000;
          updates++;
        }
      }
#pragma xmp reduction(+:updates)
  expect("owners' updates", 0, 0, updates, 3);
  /* r: replicated over q's first dimension; every replica is written. */
#pragma xmp loop (ii) on t(*, ii)
  for (int ii = -2; ii <= N - 3; ii++)
    r[ii + 2] = fr(ii + 2);
  /* Read back where each (jj, ii) is owned, with no index list; a's and r's
   * elements of one template element are on one node. */
  long sum = 0, rbad = 0;
#pragma xmp loop on t(jj, ii) reduction(+:sum, rbad)
  for (int ii = -2; ii <= N - 3; ii++)
    for (int jj = 1; jj <= M; jj++) {
      sum += a[ii + 2][jj - 1] * ((ii + jj) % 3);
      rbad += r[ii + 2] != fr(ii + 2);
    }
  long want = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      want += (fa(i, j) + (updated(i, j) ? 5000 : 0)) * ((i - 2 + j + 1) % 3);
  expect("sum over t", 0, 0, sum, want);
  expect("replica reads", 0, 0, rbad, 0);
#pragma xmp gmove
  la[:][:] = a[:][:];
#pragma xmp gmove
  lr[:] = r[:];
  for (int i = 0; i < N; i++) {
    expect("r", i, 0, lr[i], fr(i));
    for (int j = 0; j < M; j++)
      expect("a", i, j, la[i][j], fa(i, j) + (updated(i, j) ? 5000 : 0));
  }

  /* e: square brackets, permuted. */
#pragma xmp loop [i][j] on s[i][j]
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      e[j][i] = fa(j, i);
#pragma xmp gmove
  le[:][:] = e[:][:];
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++)
      expect("e", j, i, le[j][i], fa(j, i));

  /* u, v: the combined form's arrays, shadows of width 1, reflected. */
#pragma xmp loop on tb(i)
  for (int i = 0; i < N; i++) {
    u[i] = fr(i);
    v[i] = 2 * fr(i);
  }
#pragma xmp reflect (u, v)
  long halo = 0;
#pragma xmp loop on tb(i) reduction(+:halo)
  for (int i = 1; i < N - 1; i++)
    halo += (u[i - 1] + u[i + 1] != fr(i - 1) + fr(i + 1)) +
            (v[i - 1] + v[i + 1] != 2 * (fr(i - 1) + fr(i + 1)));
  expect("combined-form halos", 0, 0, halo, 0);

  /* Node subsets: the first k nodes (square) and the last k (round). */
  int k = (n + 1) / 2;
  long x[N], y[N], lx[N], ly[N];
#pragma xmp nodes h[k] = p[0:k]
#pragma xmp nodes g(k) = p(n-k+1:n)
#pragma xmp template th[N]
#pragma xmp template tg(0:N-1)
  gs[0] = k == 1 ? N : 4; /* k is 1 or 2 at 1-4 nodes */
  gs[1] = N - 4;
#pragma xmp distribute th[cyclic(2)] onto h
#pragma xmp distribute tg(gblock(gs)) onto g
#pragma xmp align x[i] with th[i]
#pragma xmp align y[i] with tg(i)
  long xs = 0, ys = 0, xiter = 0, yiter = 0;
#pragma xmp loop on th[i] reduction(+:xs)
  for (int i = 0; i < N; i++) {
    x[i] = fr(i) * 3;
    xs += x[i];
    xiter++;
  }
#pragma xmp loop on tg(i) reduction(+:ys)
  for (int i = 0; i < N; i++) {
    y[i] = fr(i) + 11;
    ys += y[i];
    yiter++;
  }
  /* Only the subsets' members ran the loops; they hold the sums. */
  long xw = 0, yw = 0;
  for (int i = 0; i < N; i++)
    xw += fr(i) * 3, yw += fr(i) + 11;
  int me = xmp_node_num();
  if (me <= k)
    expect("sum on h", me, 0, xs, xw);
  else
    expect("iterations off h", me, 0, xiter, 0);
  if (me > n - k)
    expect("sum on g", me, 0, ys, yw);
  else
    expect("iterations off g", me, 0, yiter, 0);
#pragma xmp reduction(+:xiter, yiter)
  expect("iterations on h", 0, 0, xiter, N);
  expect("iterations on g", 0, 0, yiter, N);
#pragma xmp gmove
  lx[:] = x[:];
#pragma xmp gmove
  ly[:] = y[:];
  for (int i = 0; i < N; i++) {
    expect("x", i, 0, lx[i], fr(i) * 3);
    expect("y", i, 0, ly[i], fr(i) + 11);
  }

#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("mapping forms: %d wrong\n", wrong);
  return 0;
}
