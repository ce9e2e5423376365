// A device loop's CPU codelet: accesses go through a restrict base pointer,
// its strides and the block's folded offset; a constant step gives canonical
// loops (an innermost unit step: bound read once, `omp simd` where xmpcc asks
// for it, so that the C compiler vectorizes it). A step known at run time only
// gives the innermost loop twice: a unit-step copy like the above, taken when
// the step is 1, and the general loop; a body that defines a label keeps the
// general loop only (the label would be defined twice). The codelets compile warning-free
// (but for that label, unused by design), also where the indices are
// declared before the nest.
// Both loops' results: e2e/device-loop-steps.c.
// RUN: rm -rf %t && %xmpcc --gpu=none --emit-c %t %s
// RUN: FileCheck %s < %t/device-cpu-loops.xmp.c
// RUN: mpicc -I%runtime_include -Wall -Wextra -Werror -Wno-unused-label -c %t/device-cpu-loops.xmp.c -o %t/c.o
// RUN: mpicc -I%runtime_include -fopenmp-simd -DXMP_OPENMP_SIMD=1 -Wall -Wextra -Werror -Wno-unused-label -c %t/device-cpu-loops.xmp.c -o %t/c.o
#define N 16
float u[N][N], v[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: u, v
int main(void) {
  int i, j; /* used by the first loop only: not unused for -Wall either */
  int one = 1; /* a step known at run time only */
#pragma xmp device replicate (u, v)
  {
#pragma xmp device loop (j, i) on t(j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        v[i][j] = 2 * u[i][j];
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
      done:
        v[i][j] = u[i][j];
      }
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < N; i += one)
      for (int j = 0; j < N; j += one)
        v[i][j] += u[i][j];
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < N; i += one)
      for (int j = 0; j < N; j += one) {
      again:
        v[i][j] -= u[i][j];
      }
  }
  return 0;
}
// CHECK-LABEL: static void _XMP_dloop{{[0-9]+}}_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// CHECK: const float *restrict _XMP_n[[S:[0-9]+]]_u = (const float *)xmp_dev_buffer(_XMP_buffers, _XMP_task, {{[0-9]+}});
// CHECK-NEXT: const long _XMP_n[[S]]_u_s0 = _XMP_args->L_u.stride[0];
// CHECK-NEXT: const long _XMP_n[[S]]_u_o = -(_XMP_args->L_u.base[0] * _XMP_n[[S]]_u_s0 + _XMP_args->L_u.base[1]);
// Constant steps: canonical loops, one innermost loop.
// CHECK: for (i = _XMP_task->lb; i < _XMP_task->ub + 1; i += 1)
// CHECK-NEXT: {
// CHECK-NEXT: const long _XMP_inner_ub = _XMP_args->ub1;
// CHECK-NEXT: #ifdef XMP_OPENMP_SIMD
// CHECK-NEXT: #pragma omp simd{{$}}
// CHECK-NEXT: #endif
// CHECK-NEXT: for (j = _XMP_args->lb1; j < _XMP_inner_ub + 1; ++j)
// CHECK: = 2 * _XMP_n[[S]]_u[_XMP_n[[S]]_u_o + (i) * _XMP_n[[S]]_u_s0 + (j)];
// CHECK-NOT: for (
// CHECK: }
// CHECK-LABEL: static void _XMP_dloop{{[0-9]+}}_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// CHECK: for (i = _XMP_task->lb; i < _XMP_task->ub + 1; i += 1)
// CHECK-NOT: omp simd
// CHECK: for (j = _XMP_args->lb1; j < _XMP_inner_ub + 1; ++j)
// CHECK: done:
// CHECK-NOT: for (
// CHECK: }
// Steps known at run time: the unit-step copy and the general loop.
// CHECK-LABEL: static void _XMP_dloop{{[0-9]+}}_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// CHECK: for (i = _XMP_task->lb; _XMP_task->st > 0 ? i <= _XMP_task->ub : i >= _XMP_task->ub; i += _XMP_task->st)
// CHECK-NEXT: if (_XMP_args->st1 == 1) {
// CHECK-NEXT: const long _XMP_inner_ub = _XMP_args->ub1;
// CHECK-NEXT: #ifdef XMP_OPENMP_SIMD
// CHECK-NEXT: #pragma omp simd{{$}}
// CHECK-NEXT: #endif
// CHECK-NEXT: for (j = _XMP_args->lb1; j < _XMP_inner_ub + 1; ++j)
// CHECK: } else
// CHECK-NEXT: for (j = _XMP_args->lb1; _XMP_args->st1 > 0 ? j <= _XMP_args->ub1 : j >= _XMP_args->ub1; j += _XMP_args->st1)
// A label: the general loop only.
// CHECK-LABEL: static void _XMP_dloop{{[0-9]+}}_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// CHECK: for (i = _XMP_task->lb;
// CHECK-NOT: st1 == 1
// CHECK: for (j = _XMP_args->lb1; _XMP_args->st1 > 0 ? j <= _XMP_args->ub1 : j >= _XMP_args->ub1; j += _XMP_args->st1)
// CHECK-NOT: for (
// CHECK: }
