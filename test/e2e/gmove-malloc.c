// One-sided gmove on an array allocated by xmp_malloc: a file-scope pointer
// aligned in main (after its template, before its allocation, as XMP 1.4
// wants), read by 'gmove in' inside a task on one node at a time and written
// by 'gmove out' from the last node. Its MPI window is created at xmp_malloc.
// Serial values: every node reads column k % 3 of a[i][j] = 10 i + j without
// a mismatch; after column 0 becomes -1 the sum is 1380 - 450 - 10 = 920.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: bad 0 sum 920
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>

#define N 10
#define M 3
int (*a)[M];

int main(void) {
#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p
#pragma xmp align a[i][*] with t[i]
  a = (int (*)[M])xmp_malloc(xmp_desc_of(a), N, M);
#pragma xmp loop on t[i]
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = 10 * i + j;
  /* One-sided: the owners' stores must be done before others read (as Omni's tests do). */
#pragma xmp barrier

  int b[N], bad = 0;
  for (int k = 0; k < xmp_num_nodes(); k++) {
#pragma xmp task on p[k]
    {
#pragma xmp gmove in
      b[0:N] = a[0:N][k % M];
      for (int i = 0; i < N; i++)
        bad += b[i] != 10 * i + k % M;
    }
  }
#pragma xmp reduction(+:bad)

  int minus[N];
  for (int i = 0; i < N; i++)
    minus[i] = -1;
  int last = xmp_num_nodes() - 1;
#pragma xmp task on p[last]
  {
#pragma xmp gmove out
    a[0:N][0] = minus[0:N];
  }
#pragma xmp barrier
  long sum = 0;
#pragma xmp loop on t[i] reduction(+:sum)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += a[i][j];
  free(a);
#pragma xmp task on p[0]
  printf("bad %d sum %ld\n", bad, sum);
  return 0;
}
