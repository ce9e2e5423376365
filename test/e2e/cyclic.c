// cyclic and cyclic(w) distributions: arrays aligned with them, loops with
// strides and downward, against serial sums, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 4 loops
#include <stdio.h>
#include <xmp.h>
#define N 53
long a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template tc(0:N-1)
#pragma xmp template tw(0:N-1)
#pragma xmp distribute tc(cyclic) onto p
#pragma xmp distribute tw(cyclic(4)) onto p
#pragma xmp align a[i] with tc(i)
#pragma xmp align b[i] with tw(i)

static int checked;
static void expect(const char *what, long got, long want) {
  ++checked;
  if (got != want && xmpc_node_num() == 0)
    printf("MISMATCH %s: %ld != %ld\n", what, got, want);
}

int main(void) {
  long s1 = 0, s2 = 0, s3 = 0, s4 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
#pragma xmp loop on tc(i)
  for (int i = 0; i < N; i++)
    a[i] = 3 * i + 1;
#pragma xmp loop on tw(i)
  for (int i = 0; i < N; i++)
    b[i] = i * i;
#pragma xmp loop on tc(i) reduction(+:s1)
  for (int i = 0; i < N; i++)
    s1 += a[i] * (i % 3);
#pragma xmp loop on tw(i) reduction(+:s2)
  for (int i = 0; i < N; i++)
    s2 += b[i] - i;
#pragma xmp loop on tw(i) reduction(+:s3)
  for (int i = N - 2; i >= 1; i -= 3)
    s3 += b[i];
#pragma xmp loop on tc(i) reduction(+:s4)
  for (int i = 5; i < N; i += 2)
    s4 += a[i];
  for (int i = 0; i < N; i++) {
    r1 += (3 * i + 1) * (i % 3);
    r2 += i * i - i;
  }
  for (int i = N - 2; i >= 1; i -= 3)
    r3 += (long)i * i;
  for (int i = 5; i < N; i += 2)
    r4 += 3 * i + 1;
  expect("cyclic", s1, r1);
  expect("cyclic(4)", s2, r2);
  expect("cyclic(4) downward stride 3", s3, r3);
  expect("cyclic stride 2", s4, r4);
  if (xmpc_node_num() == 0)
    printf("checked %d loops\n", checked);
  return 0;
}
