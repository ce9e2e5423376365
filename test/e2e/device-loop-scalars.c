// Scalars from outside a device loop body: read only (passed by value), set
// by the body before it reads them (a C89 inner index, a temporary: not
// passed, undefined before the loop), read before set and set only on some
// paths (private to each iteration, starting from the value before the loop,
// which the loop leaves unchanged). Arrays, sums and the scalars afterwards
// equal a serial computation at 1-4 nodes (11 rows: uneven blocks).
// RUN: %xmpcc --gpu=none -Wall -Wextra -Werror --cc-warnings %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: device loop scalars: 0 wrong of 58
#include <stdio.h>
#include <xmp.h>
#define N 11
#define M 5

double u[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i][*] with t(i) :: u

/* One iteration of the body, as the serial reference runs it. */
static double row(double ru[M], int i, double scale, double *acc, double *cond) {
  int j;
  double tmp, s = 0;
  for (j = 0; j < M; j++) {
    tmp = scale * (i + j);
    *acc = *acc + tmp;
    if (j == 2)
      *cond = tmp;
    ru[j] = tmp + *acc + *cond;
    s += ru[j];
  }
  return s;
}

int main(void) {
  int i, j;
  double scale = 0.5, tmp, acc = 1.0, cond = -2.0, sum = 0, want = 0;
  double ru[N][M];
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:sum)
    for (i = 0; i < N; i++) {
      for (j = 0; j < M; j++) {
        tmp = scale * (i + j);
        acc = acc + tmp;
        if (j == 2)
          cond = tmp;
        u[i][j] = tmp + acc + cond;
        sum += u[i][j];
      }
    }
#pragma xmp device replicate_sync out (u)
  }
  for (int r = 0; r < N; r++) {
    double a = 1.0, c = -2.0; /* each iteration starts from the values before */
    want += row(ru[r], r, scale, &a, &c);
  }
  long wrong = 0, checked = 0;
#pragma xmp loop on t(i) reduction(+:wrong, checked)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      wrong += u[i][j] != ru[i][j];
      checked++;
    }
  double d = sum - want;
  wrong += (d < 0 ? -d : d) > 1e-12 * want;
  wrong += acc != 1.0; /* the loop leaves the host's copies as they were */
  wrong += cond != -2.0;
  checked += 3;
  if (xmp_node_num() == 1)
    printf("device loop scalars: %ld wrong of %ld\n", wrong, checked);
  return 0;
}
