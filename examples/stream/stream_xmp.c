/* stream_xmp.c - the STREAM memory-bandwidth kernels (copy, scale, add, triad) on block-
 * distributed arrays in XMP's global view, each node's part shared among its OpenMP threads
 * (`#pragma xmp loop` with `#pragma omp parallel for`; build with -fopenmp, or without for one
 * thread). Each kernel runs NTIMES; the best time of each gives the bandwidth of all nodes
 * together, counted as STREAM counts it (2 or 3 arrays of N doubles moved per kernel). Then the
 * program checks itself as STREAM does: the arrays' final values against the same scalar
 * recurrence, their mean absolute error below 1e-13 relative, over all nodes. -DN= the
 * arrays' global length. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <xmp.h>

#ifndef N
#define N 2000000
#endif
#define NTIMES 10
#define SCALAR 3.0

double a[N], b[N], c[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: a, b, c

int main(void) {
  static const char *name[4] = {"Copy", "Scale", "Add", "Triad"};
  static const double words[4] = {2, 2, 3, 3};
  double best[4] = {DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX}, total[4] = {0, 0, 0, 0};
  long j;
#pragma xmp loop on t(j)
#pragma omp parallel for
  for (j = 0; j < N; j++) {
    a[j] = 1.0;
    b[j] = 2.0;
    c[j] = 0.0;
  }
#pragma xmp loop on t(j)
#pragma omp parallel for
  for (j = 0; j < N; j++)
    a[j] = 2.0 * a[j];

  for (int k = 0; k < NTIMES; k++) {
    double tk[4];
#pragma xmp barrier
    tk[0] = xmp_wtime();
#pragma xmp loop on t(j)
#pragma omp parallel for
    for (j = 0; j < N; j++)
      c[j] = a[j];
#pragma xmp barrier
    tk[0] = xmp_wtime() - tk[0];
    tk[1] = xmp_wtime();
#pragma xmp loop on t(j)
#pragma omp parallel for
    for (j = 0; j < N; j++)
      b[j] = SCALAR * c[j];
#pragma xmp barrier
    tk[1] = xmp_wtime() - tk[1];
    tk[2] = xmp_wtime();
#pragma xmp loop on t(j)
#pragma omp parallel for
    for (j = 0; j < N; j++)
      c[j] = a[j] + b[j];
#pragma xmp barrier
    tk[2] = xmp_wtime() - tk[2];
    tk[3] = xmp_wtime();
#pragma xmp loop on t(j)
#pragma omp parallel for
    for (j = 0; j < N; j++)
      a[j] = b[j] + SCALAR * c[j];
#pragma xmp barrier
    tk[3] = xmp_wtime() - tk[3];
    /* The first pass warms up, as in STREAM. */
#pragma xmp reduction(max:tk)
    for (int m = 0; k > 0 && m < 4; m++) {
      best[m] = tk[m] < best[m] ? tk[m] : best[m];
      total[m] += tk[m];
    }
  }

  /* The expected values, by the same recurrence on scalars. */
  double aj = 1.0, bj = 2.0, cj = 0.0;
  aj = 2.0 * aj;
  for (int k = 0; k < NTIMES; k++) {
    cj = aj;
    bj = SCALAR * cj;
    cj = aj + bj;
    aj = bj + SCALAR * cj;
  }
  double err[3] = {0, 0, 0};
#pragma xmp loop on t(j) reduction(+:err)
  for (j = 0; j < N; j++) {
    err[0] += fabs(a[j] - aj);
    err[1] += fabs(b[j] - bj);
    err[2] += fabs(c[j] - cj);
  }
  int ok = err[0] / N / fabs(aj) < 1e-13 && err[1] / N / fabs(bj) < 1e-13 &&
           err[2] / N / fabs(cj) < 1e-13;
  if (xmp_node_num() == 1) {
    printf("stream: N=%d doubles per array over %d nodes, best of %d\n", N, xmp_num_nodes(),
           NTIMES - 1);
    printf("Function    Best Rate MB/s  Avg time     Min time\n");
    for (int m = 0; m < 4; m++)
      printf("%-8s %14.1f  %11.6f  %11.6f\n", name[m],
             1e-6 * words[m] * sizeof(double) * N / best[m], total[m] / (NTIMES - 1), best[m]);
    if (ok)
      printf("Solution Validates: avg error less than 1e-13 on all three arrays\n");
    else
      printf("Failed Validation: avg errors a %e b %e c %e\n", err[0] / N, err[1] / N,
             err[2] / N);
  }
  return ok ? 0 : 1;
}
