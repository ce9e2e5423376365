// firstmax/firstmin/lastmax/lastmin with location variables against the
// serial answer, with ties across node boundaries, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: firstmax 9 at 3, lastmax 9 at 38, firstmin -7 at 11, lastmin -7 at 35
#include <stdio.h>
#include <xmp.h>
#define N 41
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p

/* Maxima 9 at 3, 20, 38; minima -7 at 11, 35. */
static int value(int i) {
  return i == 3 || i == 20 || i == 38 ? 9 : i == 11 || i == 35 ? -7 : i % 5;
}

int main(void) {
  int fmax = -100, lmax = -100, fmin = 100, lmin = 100;
  int afmax = -1, almax = -1, afmin = -1, almin = -1;
#pragma xmp loop on t(i) reduction(firstmax: fmax/afmax/) reduction(lastmax: lmax/almax/) reduction(firstmin: fmin/afmin/) reduction(lastmin: lmin/almin/)
  for (int i = 0; i < N; i++) {
    int v = value(i);
    if (v > fmax) { fmax = v; afmax = i; }
    if (v >= lmax) { lmax = v; almax = i; }
    if (v < fmin) { fmin = v; afmin = i; }
    if (v <= lmin) { lmin = v; almin = i; }
  }
  if (xmp_node_num() == 1)
    printf("firstmax %d at %d, lastmax %d at %d, firstmin %d at %d, lastmin %d at %d\n",
           fmax, afmax, lmax, almax, fmin, afmin, lmin, almin);
  return 0;
}
