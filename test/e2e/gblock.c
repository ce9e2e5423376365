// gblock(m): uneven blocks given by an array (one node may own nothing),
// with an aligned array, a shadow and reflect, loops and a reduction; the
// block sizes follow the node count. Checked against serial sums at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: gblock: sum {{[0-9]+}} reference {{[0-9]+}} halo wrong 0 owned 31
#include <stdio.h>
#include <xmp.h>
#define N 31
#pragma xmp nodes p(*)
int sizes[4];

int main(void) {
  long a[N];
#pragma xmp template t(0:N-1)
  /* Node 1 takes 1 element, node 2 none (with >2 nodes), the last the rest. */
  int n = xmp_num_nodes(), rest = N;
  for (int k = 0; k < n - 1; k++) {
    sizes[k] = k == 0 ? 1 : k == 1 ? 0 : 5;
    rest -= sizes[k];
  }
  sizes[n - 1] = rest;
#pragma xmp distribute t(gblock(sizes)) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]
  long sum = 0, reference = 0, wrong = 0, owned = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = 7 * i + 3;
#pragma xmp reflect (a)
#pragma xmp loop on t(i) reduction(+:sum, wrong, owned)
  for (int i = 0; i < N; i++) {
    sum += a[i] * (i % 4);
    owned += 1;
    if (i > 0)
      wrong += a[i - 1] != 7 * (i - 1) + 3;
    if (i < N - 1)
      wrong += a[i + 1] != 7 * (i + 1) + 3;
  }
  for (int i = 0; i < N; i++)
    reference += (7L * i + 3) * (i % 4);
  if (xmp_node_num() == 1)
    printf("gblock: sum %ld reference %ld halo wrong %ld owned %ld%s\n", sum, reference,
           wrong, owned, sum == reference ? "" : " MISMATCH");
  return 0;
}
