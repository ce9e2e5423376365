// Nests inside time-step loops, whose bounds, strides and offsets xmpcc
// computes before those loops where nothing in them changes the inputs (and
// before the nest where something does: a bound the outer loop changes, an
// array allocated in it): the arrays and sums equal a serial run of the same
// loops, element by element, at 1-4 nodes (13 elements: uneven blocks).
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: loop prologue: 0 wrong of 28
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>
#define N 13

double u[N], v[N], ru[N], rv[N];
double *w, rw[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: u, v, w
#pragma xmp shadow u[1]

int main(void) {
  int m = N, steps = 4;
  double s1 = 0, s2 = 0, r1 = 0, r2 = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    u[i] = v[i] = i + 0.5;
  for (int i = 0; i < N; i++)
    ru[i] = rv[i] = i + 0.5;

  for (int s = 0; s < steps; s++) {
    for (int r = 0; r < 2; r++) {
      double l1 = 0; /* a loop's reduction combines the nodes' values, its start too */
#pragma xmp reflect (u)
#pragma xmp loop on t(i) reduction(+:l1)
      for (int i = 1; i < N - 1; i++) {
        v[i] = 0.25 * (u[i - 1] + 2 * u[i] + u[i + 1]) + s;
        l1 += v[i];
      }
      s1 += l1;
#pragma xmp loop on t(i)
      for (int i = 0; i < N; i++)
        u[i] = v[i] - r;
    }
    // m shrinks with the time steps: bounds before the nest.
    double l2 = 0;
#pragma xmp loop on t(i) reduction(+:l2)
    for (int i = 0; i < m; i++) {
      u[i] *= 0.5;
      l2 += u[i];
    }
    s2 += l2;
    m--;
    // An array allocated in the loop: its layout is read at the nest.
    w = xmp_malloc(xmp_desc_of(w), N);
#pragma xmp loop on t(i)
    for (int i = 0; i < N; i++)
      w[i] = u[i] + s;
#pragma xmp loop on t(i)
    for (int i = 0; i < N; i++)
      v[i] = w[i];
    free(w);
  }


  m = N;
  for (int s = 0; s < steps; s++) {
    for (int r = 0; r < 2; r++) {
      for (int i = 1; i < N - 1; i++) {
        rv[i] = 0.25 * (ru[i - 1] + 2 * ru[i] + ru[i + 1]) + s;
        r1 += rv[i];
      }
      for (int i = 0; i < N; i++)
        ru[i] = rv[i] - r;
    }
    for (int i = 0; i < m; i++) {
      ru[i] *= 0.5;
      r2 += ru[i];
    }
    m--;
    for (int i = 0; i < N; i++)
      rw[i] = ru[i] + s;
    for (int i = 0; i < N; i++)
      rv[i] = rw[i];
  }

  long wrong = 0, checked = 0;
#pragma xmp loop on t(i) reduction(+:wrong, checked)
  for (int i = 0; i < N; i++) {
    wrong += (u[i] != ru[i]) + (v[i] != rv[i]);
    checked += 2;
  }
  /* Sums in another order: equal to 1e-12 relative. */
  double got[2] = {s1, s2}, want[2] = {r1, r2};
  for (int k = 0; k < 2; k++) {
    double d = got[k] - want[k];
    wrong += (d < 0 ? -d : d) > 1e-12 * (want[k] < 0 ? -want[k] : want[k]);
    checked++;
  }
  if (xmp_node_num() == 1)
    printf("loop prologue: %ld wrong of %ld\n", wrong, checked);
  return 0;
}
