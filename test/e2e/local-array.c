// Distributed arrays declared inside functions: created where their
// directives stand, called many times (storage released at block end), and
// one declared in main next to a plain local array.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: calls 50 total 5703600 reference 5703600
// CHECK: main sum 1035 reference 1035
#include <stdio.h>
#include <xmp.h>
#define N 97
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p

static long weighted(int k) {
  long w[N], s = 0;
#pragma xmp align w[i] with t(i)
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    w[i] = (long)i * k;
#pragma xmp loop on t(i) reduction(+:s)
  for (int i = 0; i < N; i++)
    s += w[i];
  return s;
}

int main(void) {
  long total = 0, reference = 0;
  for (int k = 0; k < 50; k++) {
    total += weighted(k);
    reference += (long)k * (N - 1) * N / 2;
  }
  int v[46], plain[46], s = 0, r = 0;
#pragma xmp template u(0:45)
#pragma xmp distribute u(block) onto p
#pragma xmp align v[i] with u(i)
#pragma xmp loop on u(i) reduction(+:s)
  for (int i = 0; i < 46; i++) {
    v[i] = i;
    s += v[i];
  }
  for (int i = 0; i < 46; i++) {
    plain[i] = i;
    r += plain[i];
  }
  if (xmp_node_num() == 1) {
    printf("calls 50 total %ld reference %ld\n", total, reference);
    printf("main sum %d reference %d\n", s, r);
  }
  return 0;
}
