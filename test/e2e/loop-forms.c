// Work-shared loops of every form the loop directive takes: downward, with a
// stride, with '<=' and '>', over part of the template, on a template whose
// lower bound is not 0, and on an undistributed dimension. Each sum covers
// the loop's iterations once, whatever the node count; the reference is the
// same loop run serially.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 6 loops
#include <stdio.h>
#include <xmp.h>
#define N 50
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template s(1:N)
#pragma xmp template u(0:N-1, 0:9)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute s(block) onto p
#pragma xmp distribute u(*, block) onto p

static int loops;
static void expect(const char *what, long got, long want) {
  ++loops;
  if (got != want && xmpc_node_num() == 0)
    printf("MISMATCH %s: %ld != %ld\n", what, got, want);
}

int main(void) {
  long a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, ra = 0, rb = 0, rc = 0, rd = 0, re = 0, rf = 0;
  int i, j;
#pragma xmp loop on t(i) reduction(+:a)
  for (i = N - 1; i >= 0; i--)
    a += i * 3 + 1;
  for (i = N - 1; i >= 0; i--)
    ra += i * 3 + 1;
#pragma xmp loop on t(i) reduction(+:b)
  for (i = 2; i < N - 5; i += 3)
    b += i * i;
  for (i = 2; i < N - 5; i += 3)
    rb += i * i;
#pragma xmp loop on t(i) reduction(+:c)
  for (i = 45; i > 3; i -= 4)
    c += i;
  for (i = 45; i > 3; i -= 4)
    rc += i;
#pragma xmp loop on s(i) reduction(+:d)
  for (i = 1; i <= N; i++)
    d += i * (i % 5);
  for (i = 1; i <= N; i++)
    rd += i * (i % 5);
#pragma xmp loop on t(i) reduction(+:e)
  for (i = 20; i <= 27; i++)
    e += i;
  for (i = 20; i <= 27; i++)
    re += i;
  /* j runs over the undistributed dimension: only i is shared out. */
#pragma xmp loop (i) on u(*, i) reduction(+:f)
  for (i = 0; i < 10; i++)
    for (j = 0; j < N; j++)
      f += i * 100 + j;
  for (i = 0; i < 10; i++)
    for (j = 0; j < N; j++)
      rf += i * 100 + j;
  expect("downward", a, ra);
  expect("stride 3", b, rb);
  expect("downward stride 4", c, rc);
  expect("lower bound 1", d, rd);
  expect("part of the template", e, re);
  expect("undistributed dimension", f, rf);
  if (xmpc_node_num() == 0)
    printf("checked %d loops\n", loops);
  return 0;
}
