// Which device loops' reductions are lazy (completed where the program reads
// the variable) and where the marks go; the others stay as they were (the
// host waits at the loop). Himeno's jacobi: lazy, the variable dropped after
// its declaration and at `gosa = 0.0;`, waited for before `return gosa;`.
// RUN: %xmpcc --gpu=none -fopenmp --emit-c %t.c %s
// RUN: grep -v "^//" %t.c/lazy-reductions.xmp.c | FileCheck %s
// RUN: %xmpcc --gpu=none -I%examples/himeno -emit-mlir %examples/himeno/himeno.c | FileCheck %s --check-prefix=HIMENO
// RUN: %xmpcc --gpu=none -I%examples/himeno --emit-c %t %examples/himeno/himeno.c
// RUN: FileCheck %s --check-prefix=HIMENO-C < %t/himeno.xmp.c
// HIMENO: xmp.device_loop {{.*}}reductions [#xmp<reduction sum>] ["gosa"]{{.*}}{{[{,] }}lazy{{[,}]}}
// HIMENO-DAG: xmp.reduction_mark ["gosa"] {at = {{[0-9]+}} : i64, forget}
// HIMENO-DAG: xmp.reduction_mark ["gosa"] {at = {{[0-9]+}} : i64}
// HIMENO-C: xmp_dev_reduce_forget(&(gosa)); int i, j, k;
// HIMENO-C: xmp_dev_reduce_forget(&(gosa)); gosa = 0.0;
// HIMENO-C: xmp_dev_reduce_wait(&(gosa)); {{.*}}int _XMP_dloop{{[0-9]+}}_pending = xmp_dev_loop_run_lazy(
// HIMENO-C: xmp_dev_reduce_later(
// HIMENO-C: xmp_dev_reduce_wait(&(gosa)); return gosa;
#include <xmp.h>
#define N 16
double u[N];
double global_sum;
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: u

void use(double *);

// CHECK: reduction(+:s)"{{.*}} xmp_dev_loop_run_lazy(
double lazy_read_after(void) {
  double s = 0;
  int i;
#pragma xmp device replicate (u)
  {
    for (int n = 0; n < 3; n++) {
      s = 0;
#pragma xmp device loop on t(i) reduction(+:s)
      for (i = 0; i < N; i++)
        s += u[i];
    }
  }
  return s;
}

// Its address is taken: a callee could read it.
// CHECK: reduction(+:a)"{{.*}} xmp_dev_loop_run(
double eager_address(void) {
  double a = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:a)
    for (i = 0; i < N; i++)
      a += u[i];
  }
  use(&a);
  return a;
}

// A global: any function may read it.
// CHECK: reduction(+:global_sum)"{{.*}} xmp_dev_loop_run(
void eager_global(void) {
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:global_sum)
    for (i = 0; i < N; i++)
      global_sum += u[i];
  }
}

// Read by the condition of the loop around it, between its executions.
// CHECK: reduction(max:r)"{{.*}} xmp_dev_loop_run(
double eager_condition(void) {
  double r = 1;
  int i;
#pragma xmp device replicate (u)
  {
    while (r > 0.5) {
#pragma xmp device loop on t(i) reduction(max:r)
      for (i = 0; i < N; i++)
        r = u[i] * 0.5 > r ? u[i] * 0.5 : r * 0.25;
    }
  }
  return r;
}

// Named by another directive.
// CHECK: reduction(+:b)"{{.*}} xmp_dev_loop_run(
double eager_directive(void) {
  double b = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:b)
    for (i = 0; i < N; i++)
      b += u[i];
  }
#pragma xmp bcast (b)
  return b;
}

// A static local keeps its value between calls; a parameter has no
// declaration statement to drop an earlier call's value after.
// CHECK: reduction(+:c)"{{.*}} xmp_dev_loop_run(
// CHECK: reduction(+:q)"{{.*}} xmp_dev_loop_run(
double eager_static(double q) {
  static double c = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:c)
    for (i = 0; i < N; i++)
      c += u[i];
#pragma xmp device loop on t(i) reduction(+:q)
    for (i = 0; i < N; i++)
      q += u[i];
  }
  return c + q;
}

// A pragma right before the statement that reads it: no place for the mark.
// CHECK: reduction(+:d)"{{.*}} xmp_dev_loop_run(
double eager_pragma_before(double *out) {
  double d = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:d)
    for (i = 0; i < N; i++)
      d += u[i];
  }
#pragma omp parallel for
  for (int k = 0; k < 4; k++)
    out[k] = d;
  return 0;
}

// An OpenMP region that reads it: the region starts at its pragma line, where
// no mark can go.
// CHECK: reduction(+:o)"{{.*}} xmp_dev_loop_run(
// CHECK-NOT: {{^ *}}xmp_dev_reduce_wait(&(o)); {{[#]}}pragma
double eager_openmp_region(double *out) {
  double o = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:o)
    for (i = 0; i < N; i++)
      o += u[i];
  }
#pragma omp parallel
  {
    out[0] = o;
  }
  return 0;
}

// A function that calls itself: the inner call's execution of the loop would
// overwrite the outer one's results before it reads them.
// CHECK: reduction(+:w)"{{.*}} xmp_dev_loop_run(
double eager_recursive(int depth) {
  double w = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:w)
    for (i = 0; i < N; i++)
      w += u[i];
  }
  double inner = depth > 0 ? eager_recursive(depth - 1) : 0;
  return w + inner;
}

// Through another function of this file, and through one defined elsewhere
// (`use`), which could call it back: both stay eager; a static function that
// calls the one defined elsewhere is lazy (nothing elsewhere can call it).
// CHECK: reduction(+:y)"{{.*}} xmp_dev_loop_run(
// CHECK: reduction(+:x)"{{.*}} xmp_dev_loop_run(
// CHECK: reduction(+:z)"{{.*}} xmp_dev_loop_run_lazy(
double indirect_b(int depth);
double indirect_a(int depth) {
  double y = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:y)
    for (i = 0; i < N; i++)
      y += u[i];
  }
  double inner = depth > 0 ? indirect_b(depth - 1) : 0;
  return y + inner;
}
double indirect_b(int depth) { return indirect_a(depth); }

double calls_elsewhere(void) {
  double x = 0, tmp = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:x)
    for (i = 0; i < N; i++)
      x += u[i];
  }
  use(&tmp);
  return x;
}

static double static_calls_elsewhere(void) {
  double z = 0, tmp = 0;
  int i;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:z)
    for (i = 0; i < N; i++)
      z += u[i];
  }
  use(&tmp);
  return z;
}
double call_static(void) { return static_calls_elsewhere(); }
