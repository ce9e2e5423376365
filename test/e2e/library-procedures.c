// The specification's library procedures on whole distributed arrays:
// xmp_transpose, xmp_matmul, xmp_pack, xmp_unpack, xmp_gather and
// xmp_scatter (with permutations as index arrays), xmp_sort_up and
// xmp_sort_down (int and double, with repeated keys), over distributions that differ between the
// operands and the result (block, cyclic, cyclic(2) over 13 or 11 elements,
// so that some nodes own more, a collapsed dimension, a shadow), with int and double
// elements, at 1-4 nodes; each result element against its closed form, read
// by its owner. Shapes that do not agree stop the program with an error.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: %xmpcc -DBAD_SHAPE %s -o %t.bad && not %mpirun -np 2 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: library-procedures: 0 wrong of 970
// RUN: %xmpcc -DBAD_INDEX %s -o %t.idx && not %mpirun -np 2 %t.idx 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: xmpcc runtime: xmp_scatter: index 11 of dimension 0 of 'sx' (from 'si') is outside 0:10
// BAD: xmpcc runtime: xmp_matmul: 'x' (13 x 11) = 'a' (13 x 7) x 'c' (11 x 9): the shapes do not agree
#include <stdio.h>
#include <xmp.h>
#define M 13
#define K 7
#define N 11
#pragma xmp nodes p(*)
#pragma xmp template ta(0:M-1)
#pragma xmp template tb(0:K-1)
#pragma xmp template tx(0:N-1)
#pragma xmp template tc(0:N-1)
#pragma xmp distribute ta(block) onto p
#pragma xmp distribute tb(cyclic) onto p
#pragma xmp distribute tx(cyclic(2)) onto p
#pragma xmp distribute tc(block) onto p
int a[M][K], b[K][N], x[M][N], at[K][M];
double d[M][K], e[K][N], y[M][N];
double c[N][9];
#pragma xmp align a[i][*] with ta(i)
#pragma xmp shadow a[1][0]
#pragma xmp align d[i][*] with ta(i)
#pragma xmp align b[*][j] with tx(j)
#pragma xmp align e[*][j] with tx(j)
#pragma xmp align x[*][j] with tx(j)
#pragma xmp align y[i][*] with ta(i)
#pragma xmp align at[i][*] with tb(i)
#pragma xmp align c[i][*] with tc(i)
// pack / unpack: the array split by rows, its mask by columns, the vector cyclic(3).
#define P 10
#pragma xmp template tp(0:P-1)
#pragma xmp template tq(0:P*P-1)
#pragma xmp distribute tp(block) onto p
#pragma xmp distribute tq(cyclic(3)) onto p
int pa[P][P], pm[P][P], pv[P * P];
#pragma xmp align pa[i][*] with tp(i)
#pragma xmp align pm[*][j] with tp(j)
#pragma xmp align pv[i] with tq(i)
// gather / scatter.
int gx[M][K], gi[M][K], gj[M][K], sx[N], sa[N], si[N];
#pragma xmp align gx[i][*] with ta(i)
#pragma xmp align gi[*][k] with tb(k)
#pragma xmp align gj[i][*] with ta(i)
#pragma xmp align sx[j] with tx(j)
#pragma xmp align sa[j] with tc(j)
#pragma xmp align si[j] with tc(j)
// sorts: from a cyclic(3) array into a block one with a shadow.
int su[P * P], sv[P * P];
double du[P * P], dv[P * P];
#pragma xmp template ts(0:P*P-1)
#pragma xmp distribute ts(block) onto p
#pragma xmp align su[i] with tq(i)
#pragma xmp align du[i] with tq(i)
#pragma xmp align sv[i] with ts(i)
#pragma xmp align dv[i] with ts(i)
#pragma xmp shadow sv[1]

static int fa(int i, int k) { return (i * 3 + k) % 5 - 2; }
static int fb(int k, int j) { return (k + 2 * j) % 7 - 3; }

int main(void) {
  int i, j, k, wrong = 0, checked = 0;
#pragma xmp loop (i) on ta(i)
  for (i = 0; i < M; i++)
    for (k = 0; k < K; k++) {
      a[i][k] = fa(i, k);
      d[i][k] = 0.5 * fa(i, k);
    }
#pragma xmp loop (j) on tx(j)
  for (j = 0; j < N; j++)
    for (k = 0; k < K; k++) {
      b[k][j] = fb(k, j);
      e[k][j] = 0.25 * fb(k, j);
    }
#ifdef BAD_SHAPE
  xmp_matmul(xmp_desc_of(x), xmp_desc_of(a), xmp_desc_of(c));
#endif
  xmp_matmul(xmp_desc_of(x), xmp_desc_of(a), xmp_desc_of(b));
  xmp_matmul(xmp_desc_of(y), xmp_desc_of(d), xmp_desc_of(e));
  xmp_transpose(xmp_desc_of(at), xmp_desc_of(a), 1);
#pragma xmp loop (j) on tx(j)
  for (j = 0; j < N; j++)
    for (i = 0; i < M; i++) {
      int want = 0;
      for (k = 0; k < K; k++)
        want += fa(i, k) * fb(k, j);
      wrong += x[i][j] != want;
      checked++;
    }
#pragma xmp loop (i) on ta(i)
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      double want = 0;
      for (k = 0; k < K; k++)
        want += 0.5 * fa(i, k) * 0.25 * fb(k, j);
      wrong += y[i][j] != want;
      checked++;
    }
#pragma xmp loop (k) on tb(k)
  for (k = 0; k < K; k++)
    for (i = 0; i < M; i++) {
      wrong += at[k][i] != fa(i, k);
      checked++;
    }
  // The source is kept, its shadow untouched.
#pragma xmp loop (i) on ta(i)
  for (i = 0; i < M; i++)
    for (k = 0; k < K; k++) {
      wrong += a[i][k] != fa(i, k);
      checked++;
    }
  // pack: the even columns, in C order, into the vector's first half.
#pragma xmp loop (i) on tp(i)
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++)
      pa[i][j] = i * P + j;
#pragma xmp loop (j) on tp(j)
  for (j = 0; j < P; j++)
    for (i = 0; i < P; i++)
      pm[i][j] = j % 2 == 0 ? 7 : 0;
#pragma xmp loop (k) on tq(k)
  for (k = 0; k < P * P; k++)
    pv[k] = -1;
  xmp_pack(xmp_desc_of(pv), xmp_desc_of(pa), xmp_desc_of(pm));
#pragma xmp loop (k) on tq(k)
  for (k = 0; k < P * P; k++) {
    wrong += pv[k] != (k < P * P / 2 ? 2 * k : -1);
    checked++;
  }
  // unpack: back into the even columns of a cleared array; the odd ones kept.
#pragma xmp loop (i) on tp(i)
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++)
      pa[i][j] = -5;
  xmp_unpack(xmp_desc_of(pa), xmp_desc_of(pv), xmp_desc_of(pm));
#pragma xmp loop (i) on tp(i)
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++) {
      wrong += pa[i][j] != (j % 2 == 0 ? i * P + j : -5);
      checked++;
    }
  // gather: gx[i][k] = a[(5i + 3) % M][(k + 2) % K]; the index arrays laid out differently.
#pragma xmp loop (k) on tb(k)
  for (k = 0; k < K; k++)
    for (i = 0; i < M; i++)
      gi[i][k] = (5 * i + 3) % M;
#pragma xmp loop (i) on ta(i)
  for (i = 0; i < M; i++)
    for (k = 0; k < K; k++)
      gj[i][k] = (k + 2) % K;
  xmp_gather(xmp_desc_of(gx), xmp_desc_of(a), xmp_desc_of(gi), xmp_desc_of(gj));
#pragma xmp loop (i) on ta(i)
  for (i = 0; i < M; i++)
    for (k = 0; k < K; k++) {
      wrong += gx[i][k] != fa((5 * i + 3) % M, (k + 2) % K);
      checked++;
    }
  // scatter: sx[(4e + 1) % N] = sa[e], a permutation.
#pragma xmp loop (j) on tc(j)
  for (j = 0; j < N; j++) {
    sa[j] = 100 + j;
    si[j] = (4 * j + 1) % N;
  }
#ifdef BAD_INDEX
#pragma xmp loop (j) on tc(j)
  for (j = N - 1; j < N; j++)
    si[j] = N;
#endif
  xmp_scatter(xmp_desc_of(sx), xmp_desc_of(sa), xmp_desc_of(si));
#pragma xmp loop (j) on tx(j)
  for (j = 0; j < N; j++) {
    int from = 0;
    while ((4 * from + 1) % N != j)
      from++;
    wrong += sx[j] != 100 + from;
    checked++;
  }
  // sorts: keys (37k mod 100) mod 50 take every value 0..49 twice.
#pragma xmp loop (k) on tq(k)
  for (k = 0; k < P * P; k++) {
    su[k] = (37 * k % (P * P)) % 50;
    du[k] = 0.5 * su[k] - 3;
  }
  xmp_sort_up(xmp_desc_of(su), xmp_desc_of(sv));
  xmp_sort_down(xmp_desc_of(du), xmp_desc_of(dv));
#pragma xmp loop (k) on ts(k)
  for (k = 0; k < P * P; k++) {
    wrong += sv[k] != k / 2;
    wrong += dv[k] != 0.5 * (49 - k / 2) - 3;
    checked += 2;
  }
#pragma xmp reduction(+:wrong, checked)
  if (xmp_node_num() == 1)
    printf("library-procedures: %d wrong of %d\n", wrong, checked);
  return 0;
}
