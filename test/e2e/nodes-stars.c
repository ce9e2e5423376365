// `nodes p(*, *)`: the processes are shared out among the '*' dimensions as
// MPI_Dims_create does (in C order: 1 -> 1x1, 2 -> 2x1, 3 -> 3x1, 4 -> 2x2);
// a block-block distributed loop over an uneven 7x5 template then sums every
// element exactly once (closed form), at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s --check-prefixes=CHECK,NP1
// RUN: %mpirun -np 2 %t | FileCheck %s --check-prefixes=CHECK,NP2
// RUN: %mpirun -np 3 %t | FileCheck %s --check-prefixes=CHECK,NP3
// RUN: %mpirun -np 4 %t | FileCheck %s --check-prefixes=CHECK,NP4
// NP1: nodes 1 x 1
// NP2: nodes 2 x 1
// NP3: nodes 3 x 1
// NP4: nodes 2 x 2
// CHECK: sum 595 (expected 595)
#include <stdio.h>
#include <xmp.h>
#define N 7
#define M 5
int a[N][M];
#pragma xmp nodes p(*, *)
#pragma xmp template t(0:M-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align a[i][j] with t(j, i)

int main(void) {
  long sum = 0, expected = 0;
#pragma xmp loop (j, i) on t(j, i)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = i * M + j;
#pragma xmp loop (j, i) on t(j, i) reduction(+:sum)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += a[i][j];
  for (int k = 0; k < N * M; k++)
    expected += k;
  int s1, s2;
  xmp_nodes_size(xmp_desc_of(p), 2, &s2); /* round brackets: dimension 2 is C's first */
  xmp_nodes_size(xmp_desc_of(p), 1, &s1);
  if (xmp_node_num() == 1)
    printf("nodes %d x %d\nsum %ld (expected %ld)\n", s2, s1, sum, expected);
  return 0;
}
