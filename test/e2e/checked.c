// Checked mode (xmpcc -fxmp-check, or XMP_CHECK=1): every host access of a
// distributed array is checked against the node's block and shadow. The
// correct part (a stencil reading the shadow after reflect, a 2-D block
// array) runs as without it, at 1-4 ranks against the serial sum; a write of
// a neighbour's element (an offset past the shadow, as Omni's
// align/C/offset.c does) stops the program naming the line, array, index
// and node instead of corrupting memory.
// RUN: %xmpcc -fxmp-check %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: env XMP_CHECK=1 %xmpcc -DBAD %s -o %t.bad
// RUN: not %mpirun -np 2 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %xmpcc -DBAD --emit-c %t.plain %s
// RUN: grep -v "^//" %t.plain/checked.xmp.c > %t.body && not grep -q xmp_rt_checked_elem %t.body
// RUN: not env XMP_CHECK=yes %xmpcc %s -o %t.x 2>&1 | FileCheck %s --check-prefix=ENV
// CHECK: checked: sum [[S:[0-9]+]] reference [[S]] sum2 [[T:[0-9]+]] reference [[T]]
// BAD: checked.c:62: checked mode: a[5] is not on node 0 (of MPI_COMM_WORLD): it holds 0:4 of dimension 0, shadow included
// ENV: xmpcc: error: XMP_CHECK='yes' is invalid: accepted values are 0 and 1
#include <stdio.h>
#include <xmp.h>
#define N 8
#define M 6
int a[N], b[M][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[0:1]
#pragma xmp nodes q(*, *)
#pragma xmp template s(0:M-1, 0:M-1)
#pragma xmp distribute s(block, block) onto q
#pragma xmp align b[i][j] with s(j, i)

int main(void) {
  long sum = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = 10 * i;
#pragma xmp reflect (a)
#pragma xmp loop on t(i) reduction(+:sum)
  for (int i = 0; i < N - 1; i++)
    sum += a[i] + a[i + 1] + (long)i * 100;
  long sum2 = 0, ref = 0, ref2 = 0;
#pragma xmp loop on s(j, i)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = i * M + j;
#pragma xmp loop on s(j, i) reduction(+:sum2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      sum2 += b[i][j] * (j + 1);
  for (int i = 0; i < N - 1; i++)
    ref += 10 * i + 10 * (i + 1) + (long)i * 100;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      ref2 += (i * M + j) * (j + 1);
#ifdef BAD
#pragma xmp loop on t(i)
  for (int i = 0; i < N - 2; i++)
    a[i + 2] = 1;
#endif
  if (xmpc_node_num() == 0)
    printf("checked: sum %ld reference %ld sum2 %ld reference %ld\n", sum, ref, sum2, ref2);
  return 0;
}
