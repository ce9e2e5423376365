// `static_desc` in both forms, on a function's own node array and template
// and on the dummy arguments it aligns (as NPB CG writes it): the function,
// called three times, computes the same as a serial loop at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: call 1: sum [[A:[0-9.]+]] reference [[A]]
// CHECK: call 2: sum [[B:[0-9.]+]] reference [[B]]
// CHECK: call 3: sum [[C:[0-9.]+]] reference [[C]]
// CHECK: static-desc: 0 wrong of 3
#include <stdio.h>
#include <xmp.h>
#define N 29
double x[N], y[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: x, y

static double axpy_sum(double a, double u[N], double v[N]) {
#pragma xmp align [i] with t(i) :: u, v
#pragma xmp static_desc :: u, v
#pragma xmp nodes q(*)
#pragma xmp static_desc q
#pragma xmp template s(0:N-1)
#pragma xmp distribute s(cyclic) onto q
#pragma xmp static_desc :: s
  double sum = 0;
  int i;
#pragma xmp loop (i) on t(i) reduction(+:sum)
  for (i = 0; i < N; i++) {
    v[i] += a * u[i];
    sum += v[i];
  }
  int k = 0;
#pragma xmp loop (i) on s(i) reduction(+:k)
  for (i = 0; i < N; i++)
    k++;
  return k == N ? sum : -1;
}

int main(void) {
  int i, k, wrong = 0;
  double ry[N];
#pragma xmp loop (i) on t(i)
  for (i = 0; i < N; i++) {
    x[i] = i;
    y[i] = 0.5;
  }
  for (i = 0; i < N; i++)
    ry[i] = 0.5;
  for (k = 0; k < 3; k++) {
    double a = k == 1 ? -0.25 : 0.5, sum = axpy_sum(a, x, y), ref = 0;
    for (i = 0; i < N; i++) {
      ry[i] += a * i;
      ref += ry[i];
    }
    wrong += sum != ref;
    if (xmp_node_num() == 1)
      printf("call %d: sum %.2f reference %.2f\n", k + 1, sum, ref);
  }
  if (xmp_node_num() == 1)
    printf("static-desc: %d wrong of 3\n", wrong);
  return 0;
}
