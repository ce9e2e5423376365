// Collective gmove between distributed arrays with different distributions,
// to and from replicated arrays and scalars, and with steps, checked
// against the same assignments on plain arrays, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: gmove: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 23
double a[N], c[N], b[N][3], ra[N], rc[N], rb[N][3];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template tc(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute tc(cyclic(2)) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i][*] with t(i)
#pragma xmp align c[i] with tc(i)

int main(void) {
  long wrong = 0;
  double local[8] = {0}, rlocal[8] = {0}, x = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++) {
    a[i] = i;
    for (int j = 0; j < 3; j++)
      b[i][j] = 100 * i + j;
  }
#pragma xmp loop on tc(i)
  for (int i = 0; i < N; i++)
    c[i] = -i;
  for (int i = 0; i < N; i++) {
    ra[i] = i;
    rc[i] = -i;
    for (int j = 0; j < 3; j++)
      rb[i][j] = 100 * i + j;
  }

#pragma xmp gmove
  a[3:7] = c[10:7];
  for (int k = 0; k < 7; k++) ra[3 + k] = rc[10 + k];
#pragma xmp gmove
  c[0:6:2] = b[2:6][1];
  for (int k = 0; k < 6; k++) rc[0 + 2 * k] = rb[2 + k][1];
#pragma xmp gmove
  local[0:8] = a[1:8:2];
  for (int k = 0; k < 8; k++) rlocal[k] = ra[1 + 2 * k];
#pragma xmp gmove
  x = c[4];
#pragma xmp gmove
  b[N - 1][2] = x;
  rb[N - 1][2] = rc[4];

  for (int k = 0; k < 8; k++)
    wrong += local[k] != rlocal[k];
  wrong += x != rc[4];
#pragma xmp loop on t(i) reduction(+:wrong)
  for (int i = 0; i < N; i++) {
    wrong += a[i] != ra[i];
    for (int j = 0; j < 3; j++)
      wrong += b[i][j] != rb[i][j];
  }
#pragma xmp loop on tc(i) reduction(+:wrong)
  for (int i = 0; i < N; i++)
    wrong += c[i] != rc[i];
  if (xmp_node_num() == 1)
    printf("gmove: %ld wrong\n", wrong);
  return 0;
}
