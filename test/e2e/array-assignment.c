// Array assignment statements with no directive (XMP 1.4 3.2) on arrays
// every node holds: 1-D, 2-D and 3-D sections, negative steps, omitted
// bases and lengths, scalars and elements on the right, overlapping source
// and destination (shifts both ways, a reversal in place, the assigned array
// read as a scalar), compound assignments, unbraced loop and if bodies,
// sections inside functions, of array parameters, pointers and VLAs, the
// statement of a task. Every
// element is compared with the same computation written as loops here, on
// every node; the wrong counts are summed over the nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: 1-D: 0 wrong of 37
// CHECK-NEXT: 2-D: 0 wrong of 143
// CHECK-NEXT: 3-D: 0 wrong of 210
// CHECK-NEXT: overlap: 0 wrong of 217
// CHECK-NEXT: functions: 0 wrong of 217
// CHECK-NEXT: task: 0 wrong of 37
#include <stdio.h>
#include <xmp.h>
#define N 37
#define NY 13
#define NX 11
#pragma xmp nodes p(*)

double a[N], b[N], ra[N], rb[N];
int u[NY][NX], ru[NY][NX];
long w[5][6][7], rw[5][6][7];

static double f(int k) { return 0.25 * k; }

/* A parameter 'double v[]' and a pointer: their sections give lengths. */
static void scale(double v[], const double *src, int n, double s) {
  v[0:n] = src[0:n] * s + 1;
}
static void scale_ref(double v[], const double *src, int n, double s) {
  double tmp[N];
  for (int k = 0; k < n; k++)
    tmp[k] = src[k] * s + 1;
  for (int k = 0; k < n; k++)
    v[k] = tmp[k];
}

/* A 2-D parameter with a variable extent, and a VLA. */
static void rows(int m, int n, int g[m][n], int first) {
  int t[m][n];
  t[:][:] = first;
  t[1:m - 1][::2] += g[0:m - 1][::2];
  g[:][n - 1:n:-1] = t[:][:];
}
static void rows_ref(int m, int n, int g[m][n], int first) {
  int t[m][n];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      t[i][j] = first;
  for (int i = 0; i < m - 1; i++)
    for (int j = 0; j < (n + 1) / 2; j++)
      t[1 + i][2 * j] += g[i][2 * j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      g[i][n - 1 - j] = t[i][j];
}

static long count(const double *x, const double *y, int n) {
  long wrong = 0;
  for (int k = 0; k < n; k++)
    wrong += x[k] != y[k];
  return wrong;
}

static void report(const char *what, long wrong, long total) {
#pragma xmp reduction(+:wrong)
#pragma xmp task on p(1)
  {
    printf("%s: %ld wrong of %ld\n", what, wrong, total);
  }
}

int main(void) {
  int me = xmp_node_num();
  double x = 0.5 * me;
  int i, j, k;

  /* 1-D: whole, omitted base and length, steps, negative steps, scalars. */
  a[:] = 1;
  a[5:] = x + 2;
  a[:4] = -3;
  a[10:5:3] = f(3) * x;
  a[N - 1:6:-2] = a[0] + 7;
  b[N - 1::-1] = 0.5;
  b[3:10:-1 + 2] += a[20:10] * 2 - x;
  b[30::-3] -= 1;
  for (k = 0; k < N; k++)
    ra[k] = 1;
  for (k = 5; k < N; k++)
    ra[k] = x + 2;
  for (k = 0; k < 4; k++)
    ra[k] = -3;
  for (k = 0; k < 5; k++)
    ra[10 + 3 * k] = f(3) * x;
  for (k = 0; k < 6; k++)
    ra[N - 1 - 2 * k] = ra[0] + 7;
  for (k = 0; k < N; k++)
    rb[N - 1 - k] = 0.5;
  for (k = 0; k < 10; k++)
    rb[3 + k] += ra[20 + k] * 2 - x;
  for (k = 0; k <= 30 / 3; k++)
    rb[30 - 3 * k] -= 1;
  report("1-D", count(a, ra, N) + count(b, rb, N), N);

  /* 2-D: rows in a loop (unbraced body), a block, transposed steps. */
  for (i = 0; i < NY; i++)
    u[i][:] = i + me;
  u[0:NY - 1][0:NX - 1] = 1;
  if (me >= 1)
    u[2:5][1::3] *= 3;
  else
    u[2:5][1::3] = -1;
  u[NY - 1][:] = u[0][NX - 1] + 4;
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++)
      ru[i][j] = i + me;
  for (i = 0; i < NY - 1; i++)
    for (j = 0; j < NX - 1; j++)
      ru[i][j] = 1;
  for (i = 0; i < 5; i++)
    for (j = 0; j < (NX - 1 + 2) / 3; j++)
      if (me >= 1)
        ru[2 + i][1 + 3 * j] *= 3;
      else
        ru[2 + i][1 + 3 * j] = -1;
  {
    int e = ru[0][NX - 1] + 4;
    for (j = 0; j < NX; j++)
      ru[NY - 1][j] = e;
  }
  long wrong = 0;
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++)
      wrong += u[i][j] != ru[i][j];
  report("2-D", wrong, NY * NX);

  /* 3-D: a fixed middle index, steps in every dimension, a reversed copy. */
  w[:][:][:] = me;
  w[0:5][2][:] = 9;
  w[1::2][0:2:5][6:4:-2] += w[0:2][1:2][0:4] * 10 + 1;
  for (i = 0; i < 5; i++)
    for (j = 0; j < 6; j++)
      for (k = 0; k < 7; k++)
        rw[i][j][k] = me;
  for (i = 0; i < 5; i++)
    for (k = 0; k < 7; k++)
      rw[i][2][k] = 9;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (k = 0; k < 4; k++)
        rw[1 + 2 * i][5 * j][6 - 2 * k] += rw[i][1 + j][k] * 10 + 1;
  wrong = 0;
  for (i = 0; i < 5; i++)
    for (j = 0; j < 6; j++)
      for (k = 0; k < 7; k++)
        wrong += w[i][j][k] != rw[i][j][k];
  report("3-D", wrong, 5 * 6 * 7);

  /* Overlap: the right-hand side is evaluated before any element is stored. */
  for (k = 0; k < N; k++)
    a[k] = ra[k] = k * k + me;
  a[1:N - 1] = a[0:N - 1];           /* shift up */
  a[0:N - 2] += a[2:N - 2] * 0.5;     /* shift down, compound */
  a[:] = a[N - 1::-1];                /* reversal in place */
  a[0:N] = a[0:N] - a[3];             /* the assigned array as a scalar */
  a[0:(N + 1) / 2:2] = a[0:(N + 1) / 2] + 1; /* overlapping, a stride */
  {
    double t[N];
    for (k = 0; k < N - 1; k++)
      t[k] = ra[k];
    for (k = 0; k < N - 1; k++)
      ra[1 + k] = t[k];
    for (k = 0; k < N - 2; k++)
      t[k] = ra[k] + ra[2 + k] * 0.5;
    for (k = 0; k < N - 2; k++)
      ra[k] = t[k];
    for (k = 0; k < N; k++)
      t[k] = ra[N - 1 - k];
    for (k = 0; k < N; k++)
      ra[k] = t[k];
    double s = ra[3];
    for (k = 0; k < N; k++)
      ra[k] -= s;
    for (k = 0; k < (N + 1) / 2; k++)
      t[k] = ra[k] + 1;
    for (k = 0; k < (N + 1) / 2; k++)
      ra[2 * k] = t[k];
  }
  wrong = count(a, ra, N);
  /* The same element on both sides needs no copy and is still right. */
  b[0:N] = b[0:N] * 2 + a[0:N];
  for (k = 0; k < N; k++)
    rb[k] = rb[k] * 2 + ra[k];
  wrong += count(b, rb, N);
  /* 2-D overlap: a block moved down and right by one. */
  u[1:NY - 1][1:NX - 1] = u[0:NY - 1][0:NX - 1] + me;
  for (i = NY - 1; i >= 1; i--)
    for (j = NX - 1; j >= 1; j--)
      ru[i][j] = ru[i - 1][j - 1] + me;
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++)
      wrong += u[i][j] != ru[i][j];
  report("overlap", wrong, 2 * N + NY * NX);

  /* Functions: parameters, pointers, VLA parameters and local VLAs. */
  for (k = 0; k < N; k++)
    b[k] = rb[k] = 3 * k - me;
  scale(a, b, N, x);
  scale_ref(ra, rb, N, x);
  scale(a + 1, a, N - 1, 2); /* a pointer into the same array */
  scale_ref(ra + 1, ra, N - 1, 2);
  rows(NY, NX, u, me + 2);
  rows_ref(NY, NX, ru, me + 2);
  wrong = count(a, ra, N) + count(b, rb, N);
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++)
      wrong += u[i][j] != ru[i][j];
  report("functions", wrong, 2 * N + NY * NX);

  /* The statement of a task: node 1 alone runs it. */
  b[:] = 0;
#pragma xmp task on p(1)
  b[1:3] = 42;
  wrong = 0;
  for (k = 0; k < N; k++)
    wrong += b[k] != (me == 1 && k >= 1 && k < 4 ? 42 : 0);
  report("task", wrong, N);
  return 0;
}
