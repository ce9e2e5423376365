// firstmax / firstmin / lastmax / lastmin in loops take their location
// variables from the first (last) iteration, in the loop nest's sequential
// order, that reaches the result (XMP 1.4, loop construct), also where that
// order is not node order: cyclic and cyclic(2) over uneven extents (11, 13),
// descending loops, a 2-D nest on a 2-D template (j descending), a loop on a
// node array counting down, an inner loop the directive does not distribute,
// `continue` right after an update, ties inside one node and across nodes,
// several location variables and reductions per loop, both bracket styles,
// loops where some or all nodes run nothing. Every value and location is
// checked against the same loop run serially in the test, at 1-4 nodes,
// with block, cyclic and cyclic(2) templates.
// RUN: %xmpcc -DFMT=1 %s -o %t.1
// RUN: %xmpcc -DFMT=2 %s -o %t.2
// RUN: %xmpcc -DFMT=3 %s -o %t.3
// RUN: %mpirun -np 1 %t.1 | FileCheck %s
// RUN: %mpirun -np 2 %t.1 | FileCheck %s
// RUN: %mpirun -np 3 %t.1 | FileCheck %s
// RUN: %mpirun -np 4 %t.1 | FileCheck %s
// RUN: %mpirun -np 1 %t.2 | FileCheck %s
// RUN: %mpirun -np 2 %t.2 | FileCheck %s
// RUN: %mpirun -np 3 %t.2 | FileCheck %s
// RUN: %mpirun -np 4 %t.2 | FileCheck %s
// RUN: %mpirun -np 1 %t.3 | FileCheck %s
// RUN: %mpirun -np 2 %t.3 | FileCheck %s
// RUN: %mpirun -np 3 %t.3 | FileCheck %s
// RUN: %mpirun -np 4 %t.3 | FileCheck %s
// CHECK: location reductions in loop order: 0 wrong of 34
#include <stdio.h>
#include <xmp.h>
#define N 11
#define M 13

#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template u[M]
#if FMT == 1
#pragma xmp distribute t(block) onto p
#pragma xmp distribute u[block] onto p
#elif FMT == 2
#pragma xmp distribute t(cyclic) onto p
#pragma xmp distribute u[cyclic] onto p
#else
#pragma xmp distribute t(cyclic(2)) onto p
#pragma xmp distribute u[cyclic(2)] onto p
#endif

/* Values with ties: f's maximum 4 at 3 and 8, minimum 0 at 1, 6, 11; g's maximum 9 at 1, 5,
 * 9, minimum 0 at 0, 3, 6, 12; h's (2-D) maximum 5 at seven places, minimum 0 at ten. */
static int f(int i) { return (i * 7 + 3) % 5; }
static double g(int i) { return i % 4 == 1 ? 9.0 : (double)(i % 3); }
static long h(int i, int j) { return (long)((i * 3 + j * 2) % 6); }

static int wrong, checked;
static void expect(const char *what, double v, double rv, long a, long ra, long b, long rb) {
  checked++;
  if (v != rv || a != ra || b != rb) {
    wrong++;
    printf("node %d: %s: %g at %ld %ld, serial %g at %ld %ld\n", xmp_node_num(), what, v, a,
           b, rv, ra, rb);
  }
}

/* The four operators' bodies: the value x at the iteration named (i, j). */
#define FMAX(x, v, a, b, i, j) if ((x) > (v)) { v = (x); a = (i); b = (j); }
#define LMAX(x, v, a, b, i, j) if ((x) >= (v)) { v = (x); a = (i); b = (j); }
#define FMIN(x, v, a, b, i, j) if ((x) < (v)) { v = (x); a = (i); b = (j); }
#define LMIN(x, v, a, b, i, j) if ((x) <= (v)) { v = (x); a = (i); b = (j); }

/* Ascending 1-D loop over t (round brackets) from lo to hi (some nodes, or all, may run
 * nothing), several locations and reductions, `continue` right after one update; v1 starts
 * at `start`, which wins when no f reaches it. */
static void ascending(const char *what, int lo, int hi, int start) {
  int v1 = start, v3 = 99, a1 = -5, a2 = -5, a3 = -5, b1 = -5, b2 = -5, b3 = -5;
  long v2 = -1;
  double v4 = 99.0;
  long a4 = -5, b4 = -5;
  int r1 = start, r3 = 99, ra1 = -5, ra2 = -5, ra3 = -5, rb1 = -5, rb2 = -5, rb3 = -5;
  long r2 = -1;
  double r4 = 99.0;
  long ra4 = -5, rb4 = -5;
#pragma xmp loop on t(i) reduction(firstmax: v1/a1, b1/) reduction(lastmax: v2/a2, b2/) reduction(firstmin: v3/a3, b3/) reduction(lastmin: v4/a4, b4/)
  for (int i = lo; i <= hi; i++) {
    FMAX(f(i), v1, a1, b1, i, 10 * i)
    FMIN(f(i), v3, a3, b3, i, i + 1)
    LMIN(g(i), v4, a4, b4, i, i * i)
    if (f(i) >= v2) {
      v2 = f(i);
      a2 = i;
      b2 = -i;
      continue;
    }
  }
  for (int i = lo; i <= hi; i++) {
    FMAX(f(i), r1, ra1, rb1, i, 10 * i)
    FMIN(f(i), r3, ra3, rb3, i, i + 1)
    LMIN(g(i), r4, ra4, rb4, i, i * i)
    if (f(i) >= r2) {
      r2 = f(i);
      ra2 = i;
      rb2 = -i;
      continue;
    }
  }
  char name[80];
  snprintf(name, sizeof name, "%s firstmax", what);
  expect(name, v1, r1, a1, ra1, b1, rb1);
  snprintf(name, sizeof name, "%s lastmax + continue", what);
  expect(name, (double)v2, (double)r2, a2, ra2, b2, rb2);
  snprintf(name, sizeof name, "%s firstmin", what);
  expect(name, v3, r3, a3, ra3, b3, rb3);
  snprintf(name, sizeof name, "%s lastmin", what);
  expect(name, v4, r4, a4, ra4, b4, rb4);
}

/* Descending loops over u (square brackets), steps -1 and -3. */
static void descending(int step) {
  int v1 = -1, v2 = -1, v3 = 99, a1 = -5, a2 = -5, a3 = -5, b1 = -5, b2 = -5, b3 = -5;
  double v4 = 99.0;
  int a4 = -5, b4 = -5;
  int r1 = -1, r2 = -1, r3 = 99, ra1 = -5, ra2 = -5, ra3 = -5, rb1 = -5, rb2 = -5, rb3 = -5;
  double r4 = 99.0;
  int ra4 = -5, rb4 = -5;
#pragma xmp loop on u[i] reduction(lastmax: v2/a2, b2/) reduction(firstmin: v3/a3, b3/) reduction(lastmin: v4/a4, b4/) reduction(firstmax: v1/a1, b1/)
  for (int i = M - 1; i >= 0; i -= step) {
    FMAX((int)g(i), v1, a1, b1, i, M - i)
    LMAX((int)g(i), v2, a2, b2, i, M - i)
    FMIN((int)g(i), v3, a3, b3, i, M - i)
    LMIN(g(i), v4, a4, b4, i, M - i)
  }
  for (int i = M - 1; i >= 0; i -= step) {
    FMAX((int)g(i), r1, ra1, rb1, i, M - i)
    LMAX((int)g(i), r2, ra2, rb2, i, M - i)
    FMIN((int)g(i), r3, ra3, rb3, i, M - i)
    LMIN(g(i), r4, ra4, rb4, i, M - i)
  }
  char name[80];
  snprintf(name, sizeof name, "descending step -%d firstmax", step);
  expect(name, v1, r1, a1, ra1, b1, rb1);
  snprintf(name, sizeof name, "descending step -%d lastmax", step);
  expect(name, v2, r2, a2, ra2, b2, rb2);
  snprintf(name, sizeof name, "descending step -%d firstmin", step);
  expect(name, v3, r3, a3, ra3, b3, rb3);
  snprintf(name, sizeof name, "descending step -%d lastmin", step);
  expect(name, v4, r4, a4, ra4, b4, rb4);
}

/* A loop the directive does not distribute, outside the distributed one: sequential order
 * is (k, i); e's maximum 4 comes in every k. */
static long e(int k, int i) { return (f(i) + 2 * k) % 5; }
static void outer_serial(void) {
  long v1 = -1, v2 = -1, r1 = -1, r2 = -1;
  int a1 = -5, a2 = -5, k1 = -5, k2 = -5, ra1 = -5, ra2 = -5, rk1 = -5, rk2 = -5;
#pragma xmp loop (i) on t(i) reduction(firstmax: v1/a1, k1/) reduction(lastmax: v2/a2, k2/)
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < N; i++) {
      FMAX(e(k, i), v1, a1, k1, i, k)
      LMAX(e(k, i), v2, a2, k2, i, k)
    }
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < N; i++) {
      FMAX(e(k, i), r1, ra1, rk1, i, k)
      LMAX(e(k, i), r2, ra2, rk2, i, k)
    }
  expect("outer serial loop firstmax", v1, r1, a1, ra1, k1, rk1);
  expect("outer serial loop lastmax", v2, r2, a2, ra2, k2, rk2);
}

/* `loop on` the node array, counting down: iteration i runs on p(i), so sequential order is
 * the reverse of node order; every node's value ties. */
static void on_nodes(void) {
  int np = xmp_num_nodes();
  int v1 = -1, v2 = -1, a1 = -5, a2 = -5;
#pragma xmp loop (i) on p(i) reduction(firstmax: v1/a1/) reduction(lastmax: v2/a2/)
  for (int i = np; i >= 1; i--) {
    FMAX(7, v1, a1, a1, i, i)
    LMAX(7, v2, a2, a2, i, i)
  }
  expect("on p(i) descending firstmax", v1, 7, a1, np, 0, 0);
  expect("on p(i) descending lastmax", v2, 7, a2, 1, 0, 0);
}

int main(void) {
  ascending("all", 0, N - 1, -1);
  ascending("part", 6, 9, -1);
  ascending("empty", 5, 4, -1);
  ascending("kept", 0, N - 1, 9);
  descending(1);
  descending(3);
  outer_serial();
  on_nodes();

  /* 2-D nests on a 2-D template over a 2-D node array (2 x P/2 at even P), j descending;
   * the second with a loop between the distributed ones (order (i, k, j)). */
  int np = xmp_num_nodes(), q0 = np % 2 == 0 ? 2 : 1, q1 = np / q0;
#pragma xmp nodes q(q0, q1)
#pragma xmp template t2(0:N-1, 0:M-1)
#if FMT == 1
#pragma xmp distribute t2(block, block) onto q
#elif FMT == 2
#pragma xmp distribute t2(cyclic, cyclic) onto q
#else
#pragma xmp distribute t2(cyclic(2), cyclic(2)) onto q
#endif
  long w1 = -1, w2 = -1, w3 = 99, w4 = 99, s1 = -1, s2 = -1, s3 = 99, s4 = 99;
  int i1 = -5, i2 = -5, i3 = -5, i4 = -5, j1 = -5, j2 = -5, j3 = -5, j4 = -5;
  int si1 = -5, si2 = -5, si3 = -5, si4 = -5, sj1 = -5, sj2 = -5, sj3 = -5, sj4 = -5;
#pragma xmp loop (i, j) on t2(i, j) reduction(firstmax: w1/i1, j1/) reduction(lastmax: w2/i2, j2/) reduction(firstmin: w3/i3, j3/) reduction(lastmin: w4/i4, j4/)
  for (int i = 0; i < N; i++)
    for (int j = M - 1; j >= 0; j--) {
      FMAX(h(i, j), w1, i1, j1, i, j)
      LMAX(h(i, j), w2, i2, j2, i, j)
      FMIN(h(i, j), w3, i3, j3, i, j)
      LMIN(h(i, j), w4, i4, j4, i, j)
    }
  for (int i = 0; i < N; i++)
    for (int j = M - 1; j >= 0; j--) {
      FMAX(h(i, j), s1, si1, sj1, i, j)
      LMAX(h(i, j), s2, si2, sj2, i, j)
      FMIN(h(i, j), s3, si3, sj3, i, j)
      LMIN(h(i, j), s4, si4, sj4, i, j)
    }
  expect("2-D firstmax", w1, s1, i1, si1, j1, sj1);
  expect("2-D lastmax", w2, s2, i2, si2, j2, sj2);
  expect("2-D firstmin", w3, s3, i3, si3, j3, sj3);
  expect("2-D lastmin", w4, s4, i4, si4, j4, sj4);

  long x1 = -1, x2 = -1, y1 = -1, y2 = -1;
  int xi1 = -5, xi2 = -5, xj1 = -5, xj2 = -5, yi1 = -5, yi2 = -5, yj1 = -5, yj2 = -5;
#pragma xmp loop (i, j) on t2(i, j) reduction(firstmax: x1/xi1, xj1/) reduction(lastmax: x2/xi2, xj2/)
  for (int i = N - 1; i >= 0; i--)
    for (int k = 0; k < 2; k++)
      for (int j = 0; j < M; j++) {
        FMAX(h(i, j) + k, x1, xi1, xj1, i, j)
        LMAX(h(i, j) + k, x2, xi2, xj2, i, j)
      }
  for (int i = N - 1; i >= 0; i--)
    for (int k = 0; k < 2; k++)
      for (int j = 0; j < M; j++) {
        FMAX(h(i, j) + k, y1, yi1, yj1, i, j)
        LMAX(h(i, j) + k, y2, yi2, yj2, i, j)
      }
  expect("2-D inner serial loop firstmax", x1, y1, xi1, yi1, xj1, yj1);
  expect("2-D inner serial loop lastmax", x2, y2, xi2, yi2, xj2, yj2);

#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("location reductions in loop order: %d wrong of %d\n", wrong, checked);
  return 0;
}
