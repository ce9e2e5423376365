// A file-scope array aligned in main (where its mapping is made, once), also
// one of pointer type allocated there after a template_fix; used from another
// function. Checked against serial sums at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: align in main: sum [[S:[0-9]+]] reference [[S]] wsum [[W:[0-9]+]] reference [[W]]
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>
#define N 17
#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p
#pragma xmp template d[:]
#pragma xmp distribute d[block] onto p
long u[N];
int *w;

static long total(void) {
  long s = 0;
#pragma xmp loop on t[i] reduction(+:s)
  for (int i = 0; i < N; i++)
    s += u[i] + w[i];
  return s;
}

int main(void) {
#pragma xmp align u[i] with t[i]
#pragma xmp align w[i] with d[i]
#pragma xmp template_fix d[N]
  w = xmp_malloc(xmp_desc_of(w), N);
#pragma xmp loop on t[i]
  for (int i = 0; i < N; i++) {
    u[i] = 3 * i;
    w[i] = i + 1;
  }
  long sum = total(), wsum = 0;
#pragma xmp loop on d[i] reduction(+:wsum)
  for (int i = 0; i < N; i++)
    wsum += w[i];
  printf("align in main: sum %ld reference %ld wsum %ld reference %ld\n", sum,
         3L * N * (N - 1) / 2 + (long)N * (N + 1) / 2, wsum, (long)N * (N + 1) / 2);
  free(w);
  return 0;
}
