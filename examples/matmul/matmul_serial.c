/* Serial twin of matmul.c: the same matrices and product in plain C, printing
 * the same checksum and elements. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 96
#endif

static double A[N][N], B[N][N], C[N][N];

int main(int argc, char **argv) {
  int steps = argc > 2 ? atoi(argv[2]) : 3;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 16.0 - 0.5;
      B[i][j] = (double)((i * 5 + j * 11) % 13) / 12.0 + 0.25;
    }
  for (int step = 0; step < steps; step++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        double s = 0.0;
        for (int k = 0; k < N; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += C[i][j] * (double)(1 + (i + 2 * j) % 5);
  printf("checksum %.17g\n", sum);
  printf("C[0][0] %.17g\nC[N/2][N/3] %.17g\nC[N-1][N-1] %.17g\n", C[0][0], C[N / 2][N / 3],
         C[N - 1][N - 1]);
  return 0;
}
