/* Global-view sum of a 2-D array (thesis figure 3.1): the rows are
 * block-distributed over however many nodes the program runs on, each node
 * sums its rows, and the loop's reduction clause combines the partial sums. */
#include <stdio.h>
#include <xmp.h>

#ifndef N
#define N 1001 /* rows: not a multiple of 2, 3 or 4 nodes */
#endif
#define M 37

double array[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align array[i][*] with t(i)

int main(void) {
  double sum = 0.0;

#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      array[i][j] = 0.5 * i + j;

#pragma xmp loop on t(i) reduction(+:sum)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += array[i][j];

  if (xmp_node_num() == 1)
    printf("sum = %.3f\n", sum);
  return 0;
}
