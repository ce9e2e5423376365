// A nest inside other loops computes its bounds, strides and offsets before
// the outermost of them that changes none of their inputs (prologue_at),
// else before the nest itself. Results of such nests: e2e/loop-prologue.c.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: FileCheck %s --check-prefix=C < %t/loop-prologue.xmp.c
// RUN: mpicc -I%runtime_include -Wall -Wextra -Werror -c %t/loop-prologue.xmp.c -o %t/c.o
#define N 64
double u[N], v[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: u, v
#pragma xmp nodes q(2) = p(1:2)
void step(int steps, int m, int d) {
  // Time steps around a nest: out of both loops.
  // CHECK: xmp.loop on @t ["i"] {{.*}}prologue_at = [[A:[0-9]+]] : i64, prologue_end_at = [[B:[0-9]+]] : i64
  for (int s = 0; s < steps; s++)
    for (int r = 0; r < 2; r++) {
#pragma xmp loop on t(i)
      for (int i = 0; i < m; i++)
        v[i] = u[i] + s;
    }
  // The bound changes in the outer loop: out of the inner one only.
  // CHECK: xmp.loop on @t ["i"] {{.*}}prologue_at
  for (int s = 0; s < steps; s++, m--)
    for (int r = 0; r < 2; r++) {
#pragma xmp loop on t(i)
      for (int i = 0; i < m; i++)
        v[i] = u[i] + r;
    }
  // A bound that divides by a variable is not evaluated before a loop that
  // may run no iteration; a step known at run time only, neither.
  // CHECK: xmp.loop on @t ["i"]
  // CHECK-NOT: prologue_at
  // CHECK-SAME: {{$}}
  for (int s = 0; s < steps; s++) {
#pragma xmp loop on t(i)
    for (int i = 0; i < N / d; i++)
      v[i] = u[i];
  }
  // CHECK: xmp.loop on @t ["i"]
  // CHECK-NOT: prologue_at
  // CHECK-SAME: {{$}}
  for (int s = 0; s < steps; s++) {
#pragma xmp loop on t(i)
    for (int i = 0; i < N; i += d)
      v[i] = u[i];
  }
  // Not out of a task: its body runs on some nodes only.
  // CHECK: xmp.loop on @t ["i"]
  // CHECK-NOT: prologue_at
  // CHECK-SAME: {{$}}
  for (int s = 0; s < steps; s++) {
#pragma xmp task on q
    {
#pragma xmp loop on t(i)
      for (int i = 0; i < N; i++)
        v[i] = u[i];
    }
  }
}
// An allocatable array in a loop that calls user code (which may allocate
// it): not out of that loop.
double *g;
#pragma xmp align g[i] with t(i)
void refill(void);
void grow(int steps) {
  // CHECK: xmp.loop on @t ["i"]
  // CHECK-NOT: prologue_at
  // CHECK-SAME: {{$}}
  for (int s = 0; s < steps; s++) {
    refill();
#pragma xmp loop on t(i)
    for (int i = 0; i < N; i++)
      g[i] = s;
  }
}
// The block around the time loop holds the strides, offsets and bounds; the
// nest keeps its base pointers.
// C-LABEL: void step(int steps, int m, int d) {
// C: { const long _XMP_n[[S:[0-9]+]]_v_o = -(_XMP_layout_v.base[0]); {{.*}}xmp_rt_loop_bounds_nest({{.*}}for (int s = 0; s < steps; s++){{$}}
// C-NOT: _XMP_layout_
// C: { double *restrict _XMP_n[[S]]_v = _XMP_addr_v; double *restrict _XMP_n[[S]]_u = _XMP_addr_u;{{$}}
// C: for (int s = 0; s < steps; s++, m--)
// C-NEXT: { const long _XMP_n{{[0-9]+}}_v_o = {{.*}}xmp_rt_loop_bounds_nest({{.*}}for (int r = 0; r < 2; r++) {{[{]$}}
