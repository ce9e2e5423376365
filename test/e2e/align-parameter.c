// align of a function's array parameter: the caller passes its distributed
// array whole, the callee aligns the parameter with the same template (and
// declares the same shadow) and works on the caller's storage: a work-shared
// update, a reflect and a stencil on the parameter, a 2-D parameter, a pointer
// parameter (extent from the template), a local distributed array passed
// down, and repeated calls. Compared with the same
// computation done serially; 23 x 7 elements over 1-4 nodes (uneven).
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: align-parameter: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 23
#define M 7
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double a[N], s[N];
#pragma xmp align a[i] with t(i)
#pragma xmp align s[i] with t(i)
#pragma xmp shadow a[1]
double g[N][M];
#pragma xmp align g[i][*] with t(i)

static void scale(double v[N], double f) {
#pragma xmp align v[i] with t(i)
#pragma xmp shadow v[1]
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    v[i] = v[i] * f + i;
}

/* out[i] = in[i-1] + in[i+1] inside, after reflecting in (the caller's a). */
static void smooth(double in[N], double out[N]) {
#pragma xmp align in[i] with t(i)
#pragma xmp shadow in[1]
#pragma xmp align out[i] with t(i)
#pragma xmp reflect (in)
#pragma xmp loop on t(i)
  for (int i = 1; i < N - 1; i++)
    out[i] = in[i - 1] + in[i + 1];
}

static void rows(double m[N][M]) {
#pragma xmp align m[i][*] with t(i)
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      m[i][j] += 10 * i + j;
}

/* A pointer parameter: its extent is the template's. */
static void negate(double *w) {
#pragma xmp align w[i] with t(i)
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    w[i] = -w[i];
}

static double total(double w[N]) {
#pragma xmp align w[i] with t(i)
  double sum = 0;
#pragma xmp loop on t(i) reduction(+:sum)
  for (int i = 0; i < N; i++)
    sum += w[i];
  return sum;
}

int main(void) {
  double ra[N], rs[N], rg[N][M];
  int wrong = 0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++) {
    a[i] = i % 5;
    s[i] = -1;
    for (int j = 0; j < M; j++)
      g[i][j] = j;
  }
  for (int i = 0; i < N; i++) {
    ra[i] = i % 5;
    rs[i] = -1;
    for (int j = 0; j < M; j++)
      rg[i][j] = j;
  }
  scale(a, 2.0);
  scale(a, 0.5);
  smooth(a, s);
  rows(g);
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < N; i++)
      ra[i] = ra[i] * (k == 0 ? 2.0 : 0.5) + i;
  for (int i = 1; i < N - 1; i++)
    rs[i] = ra[i - 1] + ra[i + 1];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rg[i][j] += 10 * i + j;
#pragma xmp loop on t(i) reduction(+:wrong)
  for (int i = 0; i < N; i++) {
    if (a[i] != ra[i] || s[i] != rs[i]) {
      printf("MISMATCH element %d: a %g (want %g), s %g (want %g)\n", i, a[i], ra[i], s[i],
             rs[i]);
      wrong++;
    }
    for (int j = 0; j < M; j++)
      if (g[i][j] != rg[i][j]) {
        printf("MISMATCH g[%d][%d] = %g, want %g\n", i, j, g[i][j], rg[i][j]);
        wrong++;
      }
  }
  /* A local distributed array passed down. */
  {
    double loc[N];
#pragma xmp align loc[i] with t(i)
#pragma xmp loop on t(i)
    for (int i = 0; i < N; i++)
      loc[i] = i;
    negate(loc);
    double want = -(N - 1) * N / 2.0, got = total(loc);
    if (got != want) {
      printf("MISMATCH total %g, want %g\n", got, want);
      wrong++;
    }
  }
  if (xmpc_node_num() == 0)
    printf("align-parameter: %d wrong\n", wrong);
  return 0;
}
