// The array directive over an array with a dimension aligned with no
// template dimension ('align x[i][*] with t(i)'): the template section
// covers the distributed dimension, each owner iterates the other one whole
// ('array on t(:)' + 'x[:][:] = 0;', as Omni's array/C-Round/361_array.c;
// a step, a reversed collapsed dimension and a plain array on the right).
// Without the directive, inside a loop on t(i), 'x[i][:]' is the owner's
// row (an array assignment statement of its own storage, indexed globally).
// Compared with loops on the owners, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: collapsed: 0 wrong of 190
// CHECK-NEXT: rows: 0 wrong of 190
#include <stdio.h>
#define N 19
#define M 10
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
int x[N][M];
#pragma xmp align x[i][*] with t(i)

int main(void) {
  int y[N][M], ref[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i][j] = 100 * i + j;
#pragma xmp array on t(:)
  x[:][:] = 0;
#pragma xmp array on t(0:N-2)
  x[0:N - 1][0:M - 1] = 1;
#pragma xmp array on t(2:14:3)
  x[2:5:3][M - 1::-2] += y[0:5][0:5] * 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ref[i][j] = i < N - 1 && j < M - 1;
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 5; b++)
      ref[2 + 3 * a][M - 1 - 2 * b] += y[a][b] * 2;
  long wrong = 0, count = 0;
#pragma xmp loop on t(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      wrong += x[i][j] != ref[i][j];
      count++;
    }
#pragma xmp task on p(1)
  {
    printf("collapsed: %ld wrong of %ld\n", wrong, count);
  }

#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++) {
    x[i][:] = y[i][:] + x[i][0];
    x[i][M - 1:M / 2:-2] *= 3;
  }
  for (int i = 0; i < N; i++) {
    int first = ref[i][0];
    for (int j = 0; j < M; j++)
      ref[i][j] = y[i][j] + first;
    for (int j = 0; j < M / 2; j++)
      ref[i][M - 1 - 2 * j] *= 3;
  }
  /* The whole body of a loop directive, unbraced. */
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    x[i][1:2] = -i;
  for (int i = 0; i < N; i++)
    ref[i][1] = ref[i][2] = -i;
  wrong = count = 0;
#pragma xmp loop on t(i) reduction(+:wrong, count)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      wrong += x[i][j] != ref[i][j];
      count++;
    }
#pragma xmp task on p(1)
  {
    printf("rows: %ld wrong of %ld\n", wrong, count);
  }
  return 0;
}
