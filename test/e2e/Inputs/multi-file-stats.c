/* Part of test/e2e/multi-file.c: the mapping written in this file again, the
   array `extern` (defined and laid out by another file). */
#define N 29
#define M 7
#include <xmp.h>
extern double u[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i][*] with t(i)
#pragma xmp shadow u[1][0]

void stats_descs(xmp_desc_t *dp, xmp_desc_t *dt) {
  *dp = xmp_desc_of(p);
  *dt = xmp_desc_of(t);
}

double max_value(void) {
  double m = -1;
#pragma xmp loop on t(i) reduction(max:m)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      m = u[i][j] * (i % 3 + 1) > m ? u[i][j] * (i % 3 + 1) : m;
  return m;
}
