// Device loops whose innermost loop steps by a constant (up by 1 or 3, down by
// 1: the CPU codelet's canonical loop) or by a variable (1 and -2: its
// unit-step copy and its general loop), with an outermost loop that steps by 2
// or counts down, and a reduction over each: the arrays and sums
// equal a serial computation of the same loops, element by element, at 1-4
// nodes (13 rows: uneven blocks). Device loops run on CPU workers here.
// RUN: %xmpcc --gpu=none %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: device loop steps: 0 wrong of 265
#include <stdio.h>
#include <xmp.h>
#define N 13
#define M 10

double u[N][M], v[N][M];
double ru[N][M], rv[N][M]; /* the serial reference, on every node */
#pragma xmp nodes p(*)
#pragma xmp template t(0:M-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: u, v

static double init(int i, int j) { return i * 100.0 + j + 0.5; }

int main(void) {
  int i, j;
  double s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
  int one = 1, two = 2; /* steps known at run time only */
#pragma xmp loop (j, i) on t(j, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      u[i][j] = v[i][j] = init(i, j);
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      ru[i][j] = rv[i][j] = init(i, j);

#pragma xmp device replicate (u, v)
  {
#pragma xmp device replicate_sync in (u, v)
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s1)
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++) {
        u[i][j] = 2 * u[i][j] + j;
        s1 += u[i][j];
      }
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s2)
    for (i = 1; i < N; i += 2)
      for (j = 1; j < M; j += 3) {
        v[i][j] = u[i][j] - 3 * j;
        s2 += v[i][j] * j;
      }
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s3)
    for (i = N - 1; i >= 0; i--)
      for (j = M - 1; j >= 0; j--) {
        v[i][j] += 0.25 * j;
        s3 += v[i][j] - u[i][j];
      }
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s4)
    for (i = 0; i < N; i += one)
      for (j = 0; j < M; j += one) {
        u[i][j] -= 0.5 * j;
        s4 += u[i][j];
      }
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s5)
    for (i = 0; i < N; i += two)
      for (j = M - 2; j >= 0; j -= two) {
        v[i][j] *= 1.5;
        s5 += v[i][j];
      }
#pragma xmp device replicate_sync out (u, v)
  }

  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      ru[i][j] = 2 * ru[i][j] + j;
      r1 += ru[i][j];
    }
  for (i = 1; i < N; i += 2)
    for (j = 1; j < M; j += 3) {
      rv[i][j] = ru[i][j] - 3 * j;
      r2 += rv[i][j] * j;
    }
  for (i = N - 1; i >= 0; i--)
    for (j = M - 1; j >= 0; j--) {
      rv[i][j] += 0.25 * j;
      r3 += rv[i][j] - ru[i][j];
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      ru[i][j] -= 0.5 * j;
      r4 += ru[i][j];
    }
  for (i = 0; i < N; i += 2)
    for (j = M - 2; j >= 0; j -= 2) {
      rv[i][j] *= 1.5;
      r5 += rv[i][j];
    }


  long wrong = 0, checked = 0;
#pragma xmp loop (j, i) on t(j, i) reduction(+:wrong, checked)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      wrong += (u[i][j] != ru[i][j]) + (v[i][j] != rv[i][j]);
      checked += 2;
    }
  /* The sums add the same values in another order: equal to 1e-12 relative. */
  double got[5] = {s1, s2, s3, s4, s5}, want[5] = {r1, r2, r3, r4, r5};
  for (int k = 0; k < 5; k++) {
    double d = got[k] - want[k];
    wrong += (d < 0 ? -d : d) > 1e-12 * (want[k] < 0 ? -want[k] : want[k]);
    checked++;
  }
  if (xmp_node_num() == 1)
    printf("device loop steps: %ld wrong of %ld\n", wrong, checked);
  return 0;
}
