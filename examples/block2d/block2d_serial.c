/* Serial twin of block2d.c. */
#include <stdio.h>

#ifndef NY
#define NY 203
#endif
#ifndef NX
#define NX 117
#endif

long u[NY][NX];

int main(void) {
  long sum = 0, hi = -1000000, lo = 1000000;
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      u[i][j] = (i * 7 + j * 13) % 101 - 50;
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++) {
      sum += u[i][j] * (long)(i + 1);
      if (u[i][j] > hi) hi = u[i][j];
      if (u[i][j] < lo) lo = u[i][j];
    }
  printf("sum = %ld max = %ld min = %ld\n", sum, hi, lo);
  return 0;
}
