// Lazy device loop reductions: a reduction variable that the program reads
// only later gets the loop's value when it reads it (xmp_dev_reduce_wait
// before the statement) and none when it assigns it first (forget). Each
// pattern below is run for several steps and compared with the same loops
// run serially: a value reset every step and read after the last one
// (Himeno's gosa), read every other step, read inside a branch that only
// node 1 takes, kept from step to step (max, never reset), a convergence test
// that leaves the time loop, two variables of one loop of which one is read
// every step, a function called twice (a value left pending by the first
// call must not reach the second call's variable), and a loop that some nodes
// have no iterations of, with another reduction before the read. Under
// XMP_DEV_EXECUTOR=direct the loops run directly on the main thread and their
// results stay pending until read, as on a GPU; under the default executor
// (StarPU tasks on CPU workers) they are complete at once. 1-4 nodes, 29 rows
// (uneven blocks).
// RUN: %xmpcc --gpu=none -Wall -Wextra -Werror --cc-warnings %s -o %t
// RUN: %xmpcc --gpu=none -emit-mlir %s | FileCheck %s --check-prefix=IR
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: %mpirun -np 1 -x XMP_DEV_EXECUTOR=direct %t | FileCheck %s
// RUN: %mpirun -np 2 -x XMP_DEV_EXECUTOR=direct %t | FileCheck %s
// RUN: %mpirun -np 3 -x XMP_DEV_EXECUTOR=direct %t | FileCheck %s
// RUN: %mpirun -np 4 -x XMP_DEV_EXECUTOR=direct %t | FileCheck %s
// Every loop of the program is lazy.
// IR-COUNT-8: xmp.device_loop {{.*}}{{[{,] }}lazy{{[,}]}}
// IR-NOT: xmp.device_loop {{.*}}{{[{,] }}lazy{{[,}]}}
// CHECK: reset-every-step ok
// CHECK-NEXT: every-other-step ok
// CHECK-NEXT: node-1-branch ok
// CHECK-NEXT: kept-across-steps ok
// CHECK-NEXT: convergence ok
// CHECK-NEXT: two-variables ok
// CHECK-NEXT: called-twice ok
// CHECK-NEXT: some-nodes-idle ok
// CHECK-NEXT: nodes whose results differ: 0
#include <math.h>
#include <stdio.h>
#include <xmp.h>
#define N 29
#define M 5
#define STEPS 6

double u[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i][*] with t(i) :: u

static double ref_u[N][M];
static int failures;
static double results[16];
static int nres;

static void report(const char *what, int ok, double value) {
  if (!ok)
    failures++;
  results[nres++] = value;
  if (xmp_node_num() == 1)
    printf("%s %s\n", what, ok ? "ok" : "WRONG");
}

static int same(double a, double b) { return fabs(a - b) <= 1e-12 * (fabs(b) + 1); }

static void ref_reset(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ref_u[i][j] = i - j * 0.5;
}

/* The serial twin of one step: u += f(step), returns the sum. */
static double ref_step(int step) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      ref_u[i][j] += (i + 1) * 0.25 + j - step;
      s += ref_u[i][j];
    }
  return s;
}

/* u's starting values, on the devices (their block's end brings them to the
 * host, where the next block finds them). */
static void reset_u(void) {
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i)
    for (i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        u[i][j] = i - j * 0.5;
  }
}

/* 1: Himeno's gosa: reset every step, read after the last (after the block). */
static void reset_every_step(void) {
  double g = 0.0;
  int i;
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < STEPS; step++) {
      g = 0.0;
#pragma xmp device loop on t(i) reduction(+:g)
      for (i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
          u[i][j] += (i + 1) * 0.25 + j - step;
          g += u[i][j];
        }
    }
  }
  ref_reset();
  double want = 0;
  for (int step = 0; step < STEPS; step++)
    want = ref_step(step);
  report("reset-every-step", same(g, want), g);
}

/* 2: read every other step. */
static void every_other_step(void) {
  double e = 0, hist[STEPS], ref_hist[STEPS];
  int i;
  ref_reset();
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < STEPS; step++) {
      e = 0;
#pragma xmp device loop on t(i) reduction(+:e)
      for (i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
          u[i][j] += (i + 1) * 0.25 + j - step;
          e += u[i][j];
        }
      double r = ref_step(step);
      if (step % 2 == 0) {
        hist[step] = e;
        ref_hist[step] = r;
      }
    }
  }
  int ok = 1;
  for (int step = 0; step < STEPS; step += 2)
    ok = ok && same(hist[step], ref_hist[step]);
  report("every-other-step", ok, hist[STEPS - 2]);
}

/* 3: read in a branch that node 1 only takes (the wait comes before it). */
static void node_1_branch(void) {
  double b = 0;
  int b_ok = 1, i;
  ref_reset();
  reset_u();
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:b)
    for (i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
        u[i][j] += (i + 1) * 0.25 + j;
        b += u[i][j];
      }
    double rb = ref_step(0);
    if (xmp_node_num() == 1)
      b_ok = same(b, rb);
  }
  report("node-1-branch", b_ok, 0);
}

/* 4: a maximum kept from step to step (never reset). */
static void kept_across_steps(void) {
  double mx = -1e300, ref_mx = -1e300;
  int i;
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < STEPS; step++) {
#pragma xmp device loop on t(i) reduction(max:mx)
      for (i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
          mx = u[i][j] * (step % 3) > mx ? u[i][j] * (step % 3) : mx;
    }
  }
  for (int step = 0; step < STEPS; step++)
    for (int r = 0; r < N; r++)
      for (int j = 0; j < M; j++)
        ref_mx = (r - j * 0.5) * (step % 3) > ref_mx ? (r - j * 0.5) * (step % 3) : ref_mx;
  report("kept-across-steps", same(mx, ref_mx), mx);
}

/* 5: a convergence test leaves the time loop. */
static void convergence(void) {
  double res = 0, ref_res = 0;
  int steps = 0, ref_steps = 0, i;
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < 100; step++) {
      res = 0;
#pragma xmp device loop on t(i) reduction(max:res)
      for (i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
          u[i][j] *= 0.5;
          res = fabs(u[i][j]) > res ? fabs(u[i][j]) : res;
        }
      steps++;
      if (res < 1e-3)
        break;
    }
  }
  ref_reset();
  for (int step = 0; step < 100; step++) {
    ref_res = 0;
    for (int r = 0; r < N; r++)
      for (int j = 0; j < M; j++) {
        ref_u[r][j] *= 0.5;
        ref_res = fabs(ref_u[r][j]) > ref_res ? fabs(ref_u[r][j]) : ref_res;
      }
    ref_steps++;
    if (ref_res < 1e-3)
      break;
  }
  report("convergence", steps == ref_steps && same(res, ref_res), res);
}

/* 6: two variables of one loop, one read every step, the other at the end. */
static void two_variables(void) {
  double sa = 0, mn = 0, mins[STEPS], ref_mins[STEPS], ref_sa = 0;
  int i;
  ref_reset();
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < STEPS; step++) {
      sa = 0;
      mn = 1e300;
#pragma xmp device loop on t(i) reduction(+:sa) reduction(min:mn)
      for (i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
          u[i][j] += (i + 1) * 0.25 + j - step;
          sa += u[i][j];
          mn = u[i][j] < mn ? u[i][j] : mn;
        }
      mins[step] = mn;
      ref_sa = ref_step(step);
      ref_mins[step] = 1e300;
      for (int r = 0; r < N; r++)
        for (int j = 0; j < M; j++)
          ref_mins[step] = ref_u[r][j] < ref_mins[step] ? ref_u[r][j] : ref_mins[step];
    }
  }
  int ok = same(sa, ref_sa);
  for (int step = 0; step < STEPS; step++)
    ok = ok && same(mins[step], ref_mins[step]);
  report("two-variables", ok, sa);
}

/* 7: a function called twice: the first call's last value is never read and
 * must not reach the second call's variable (likely at the same address). */
static double called_twice(int steps) {
  double h;
  int i;
  h = 0.0;
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < steps; step++) {
#pragma xmp device loop on t(i) reduction(max:h)
      for (i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
          h = u[i][j] + step > h ? u[i][j] + step : h;
    }
  }
  if (steps > 100)
    return h;
  return -1.0;
}

/* 8: a loop over the first rows only (at 2-4 nodes some nodes have no
 * iterations and their results are there at once), then a reduction of
 * another variable, then the read: every node must complete the loop's
 * reduction at the read, not some of them at the loop. */
static void some_nodes_idle(void) {
  double z = 0;
  int i, ok = 1;
  reset_u();
#pragma xmp device replicate (u)
  {
    for (int step = 0; step < STEPS; step++) {
      z = 0;
#pragma xmp device loop on t(i) reduction(+:z)
      for (i = 0; i < 6; i++)
        for (int j = 0; j < M; j++)
          z += u[i][j] * (step + 1);
      int count = 1;
#pragma xmp reduction(+:count)
      double want = 0;
      for (int r = 0; r < 6; r++)
        for (int j = 0; j < M; j++)
          want += (r - j * 0.5) * (step + 1);
      ok = ok && same(z, want) && count == xmp_num_nodes();
    }
  }
  report("some-nodes-idle", ok, z);
}

int main(void) {
  reset_every_step();
  every_other_step();
  node_1_branch();
  kept_across_steps();
  convergence();
  two_variables();
  (void)called_twice(3);
  double h = called_twice(101);
  double ref_h = -1e300;
  for (int r = 0; r < N; r++)
    for (int j = 0; j < M; j++)
      ref_h = (r - j * 0.5) + 100 > ref_h ? (r - j * 0.5) + 100 : ref_h;
  report("called-twice", same(h, ref_h), h);
  some_nodes_idle();
  /* Every node must hold the same values. */
  int differ = 0;
  for (int k = 0; k < nres; k++) {
    double lo = results[k], hi = results[k];
#pragma xmp reduction(min:lo)
#pragma xmp reduction(max:hi)
    differ += lo != hi;
  }
  int failed = failures;
#pragma xmp reduction(+:failed)
  if (xmp_node_num() == 1)
    printf("nodes whose results differ: %d\n", differ);
  return failed != 0;
}
