// `reduction (+: w) on subproc(:)` of distributed arrays, as NPB CG's global
// view writes it: w is aligned with t(*, i), so the nodes along the first
// node dimension (subproc) each hold the same block of it; each adds its
// columns' part of a matrix-vector product, and the reduction combines the
// parts element by element. A 2-D array with a shadow (its owned box inside
// the storage) and max go the same way. Integer-valued data: the sums are
// exact, checked against a serial product at 1-4 nodes in several shapes. The
// same reduction over all the nodes, which own different blocks, stops with
// an error naming the parts.
// RUN: %xmpcc -DNPX=1 %s -o %t1 && %mpirun -np 1 %t1 | FileCheck %s
// RUN: %xmpcc -DNPX=2 %s -o %t2 && %mpirun -np 2 %t2 | FileCheck %s
// RUN: %mpirun -np 4 %t2 | FileCheck %s
// RUN: %xmpcc -DNPX=3 %s -o %t3 && %mpirun -np 3 %t3 | FileCheck %s
// RUN: %xmpcc -DNPX=1 %s -o %t4 && %mpirun -np 4 %t4 | FileCheck %s
// RUN: %xmpcc -DNPX=2 -DALL %s -o %t5 && not %mpirun -np 4 %t5 2>&1 | FileCheck %s --check-prefix=ERR
// CHECK: reduction-array-subset: 0 wrong of [[#]], sum [[S:[0-9]+]] reference [[S]]
// ERR: reduction-array-subset.c:[[#@LINE+38]]: 'reduction(+:w)': reduction of distributed array 'w': the nodes do not all own the same part of it (dimension 0: this node owns {{[0-9]+}}:{{[0-9]+}}, the nodes' first indices go from 0 to 12 and their last from 11 to 22); reduce it 'on' nodes along which it is replicated
#include <stdio.h>
#include <xmp.h>
#define N 23
#define M 3
double w[N], x[N], m[N][M];
#pragma xmp nodes p(NPX, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align w[i] with t(*, i)
#pragma xmp align m[i][*] with t(*, i)
#pragma xmp shadow m[1][0]
#pragma xmp align x[j] with t(j, *)
#pragma xmp nodes subproc(NPX) = p(:, *)

static double a(int i, int j) { return (i * 3 + j) % 7; }

int main(void) {
  int i, j, k, wrong = 0, checked = 0;
  double ref[N], sum = 0, rsum = 0;
#pragma xmp loop (j) on t(j, *)
  for (j = 0; j < N; j++)
    x[j] = j % 5;
#pragma xmp loop (i) on t(*, i)
  for (i = 0; i < N; i++) {
    w[i] = 0;
    for (k = 0; k < M; k++)
      m[i][k] = -1;
  }
  // Each node: its rows (i) times its columns (j).
#pragma xmp loop (i, j) on t(j, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      w[i] += a(i, j) * x[j];
      for (k = 0; k < M; k++)
        m[i][k] = m[i][k] > a(i, j) + k ? m[i][k] : a(i, j) + k;
    }
#ifdef ALL
#pragma xmp reduction(+:w)
#else
#pragma xmp reduction(+:w) on subproc(:)
#pragma xmp reduction(max:m) on subproc(:)
#endif
  for (i = 0; i < N; i++) {
    ref[i] = 0;
    for (j = 0; j < N; j++)
      ref[i] += a(i, j) * (j % 5);
    rsum += ref[i];
  }
#pragma xmp loop (i) on t(*, i) reduction(+:wrong, checked)
  for (i = 0; i < N; i++) {
    checked += 1 + M;
    wrong += w[i] != ref[i];
    for (k = 0; k < M; k++) {
      double want = -1;
      for (j = 0; j < N; j++)
        want = want > a(i, j) + k ? want : a(i, j) + k;
      wrong += m[i][k] != want;
    }
  }
  // One node per block of w (the first of each subproc) adds it up.
  int first = 1;
  xmp_nodes_index(xmp_desc_of(p), 1, &first);
#pragma xmp loop (i) on t(*, i) reduction(+:sum)
  for (i = 0; i < N; i++)
    sum += first == 1 ? w[i] : 0;
  if (xmp_node_num() == 1)
    printf("reduction-array-subset: %d wrong of %d, sum %.0f reference %.0f\n", wrong, checked,
           sum, rsum);
  return 0;
}
