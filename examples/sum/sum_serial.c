/* Serial twin of sum.c: the same computation without directives. */
#include <stdio.h>

#ifndef N
#define N 1001
#endif
#define M 37

double array[N][M];

int main(void) {
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      array[i][j] = 0.5 * i + j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += array[i][j];
  printf("sum = %.3f\n", sum);
  return 0;
}
