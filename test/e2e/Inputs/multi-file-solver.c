/* Part of test/e2e/multi-file.c: loops on the header's array. */
#include "multi-file-grid.h"

void solver_descs(xmp_desc_t *dp, xmp_desc_t *dt) {
  *dp = xmp_desc_of(p);
  *dt = xmp_desc_of(t);
}

void init(void) {
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      u[i][j] = (i * 13 + j * 5) % 11 + 0.25 * j;
}

double smooth_sum(void) {
  double s = 0;
#pragma xmp reflect (u)
#pragma xmp loop on t(i) reduction(+:s)
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < M; j++)
      s += (i + 1) * (u[i - 1][j] + 2 * u[i][j] + u[i + 1][j]);
  return s;
}
