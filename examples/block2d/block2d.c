/* A 2-D block distribution on a 2-D node array, square-bracket (C) style:
 * u[i][j] lives on node p[i-block][j-block]. Each node fills its tile, then
 * the sum, maximum and minimum over the whole array are reduced.
 * Build with -DPX=<rows of nodes>; the columns of nodes take the rest. */
#include <stdio.h>
#include <xmp.h>

#ifndef PX
#define PX 2
#endif
#ifndef NY
#define NY 203
#endif
#ifndef NX
#define NX 117
#endif

long u[NY][NX];
#pragma xmp nodes p[*][PX]
#pragma xmp template t[NY][NX]
#pragma xmp distribute t[block][block] onto p
#pragma xmp align u[i][j] with t[i][j]

int main(void) {
  long sum = 0, hi = -1000000, lo = 1000000;

#pragma xmp loop (i, j) on t[i][j]
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++)
      u[i][j] = (i * 7 + j * 13) % 101 - 50;

#pragma xmp loop (i, j) on t[i][j] reduction(+:sum) reduction(max:hi) reduction(min:lo)
  for (int i = 0; i < NY; i++)
    for (int j = 0; j < NX; j++) {
      sum += u[i][j] * (long)(i + 1);
      if (u[i][j] > hi) hi = u[i][j];
      if (u[i][j] < lo) lo = u[i][j];
    }

  if (xmpc_node_num() == 0)
    printf("sum = %ld max = %ld min = %ld\n", sum, hi, lo);
  return 0;
}
