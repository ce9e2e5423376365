// gmove in of large strided 3-D sections that nodes outside the task hold,
// repeated with new values each round: every fetched element must have
// landed when the directive ends (Open MPI 4.1's osc/ucx MPI_Win_flush_all
// returned early; the runtime flushes each target rank). 4 nodes, as the
// node arrays declare; each element checked against its serial value.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: gmove in rounds: 0 wrong
#include <stdio.h>
#define N 32
#define ROUNDS 6
#pragma xmp nodes p0[4]
#pragma xmp nodes p1[2] = p0[0:2]
#pragma xmp nodes p2[2] = p0[2:2]
#pragma xmp template t1[N][N][N]
#pragma xmp distribute t1[block][*][*] onto p1
int a[N][N][N];
#pragma xmp align a[i][j][k] with t1[k][j][i]
#pragma xmp template t2[N][N][N]
#pragma xmp distribute t2[*][cyclic][*] onto p2
int b[N][N][N];
#pragma xmp align b[i][j][k] with t2[k][j][i]

int main(void) {
  long wrong = 0;
  for (int round = 0; round < ROUNDS; round++) {
#pragma xmp loop on t1[k][j][i]
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < N; k++)
          a[i][j][k] = -1;
#pragma xmp loop on t2[k][j][i]
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < N; k++)
          b[i][j][k] = round * 1000000 + i * 10000 + j * 100 + k;
#pragma xmp barrier
#pragma xmp task on p1
    {
#pragma xmp gmove in
      a[0:N / 4][N / 2:N / 2][4:N - 5] = b[N / 2:N / 4:2][0:N / 2][0:N - 5];
#pragma xmp loop on t1[k][j][i] reduction(+:wrong)
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
          for (int k = 0; k < N; k++) {
            int in = i < N / 4 && j >= N / 2 && k >= 4 && k < N - 1;
            int want = in ? round * 1000000 + (N / 2 + 2 * i) * 10000 + (j - N / 2) * 100 +
                                (k - 4)
                          : -1;
            wrong += a[i][j][k] != want;
          }
    }
#pragma xmp barrier
  }
#pragma xmp reduction(+:wrong)
#pragma xmp task on p0[0]
  printf("gmove in rounds: %ld wrong\n", wrong);
  return 0;
}
