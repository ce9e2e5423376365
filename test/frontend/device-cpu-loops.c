// A device loop's CPU codelet runs its innermost loop in a unit-step copy
// (bounds read once and `omp simd` where xmpcc asks for it, so that the C
// compiler vectorizes it) next to the general
// loop for other steps; a body that defines a label keeps the general loop
// only (the label would be defined twice). The codelets compile warning-free
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
  }
  return 0;
}
// CHECK-LABEL: static void _XMP_dloop{{[0-9]+}}_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// CHECK: for (i = _XMP_task->lb; _XMP_task->st > 0 ? i <= _XMP_task->ub : i >= _XMP_task->ub; i += _XMP_task->st)
// CHECK-NEXT: if (_XMP_args->st1 == 1) {
// CHECK-NEXT: const long _XMP_inner_ub = _XMP_args->ub1;
// CHECK-NEXT: #ifdef XMP_OPENMP_SIMD
// CHECK-NEXT: #pragma omp simd{{$}}
// CHECK-NEXT: #endif
// CHECK-NEXT: for (j = _XMP_args->lb1; j <= _XMP_inner_ub; ++j)
// CHECK: = 2 * _XMP_addr_u[
// CHECK: } else
// CHECK-NEXT: for (j = _XMP_args->lb1; _XMP_args->st1 > 0 ? j <= _XMP_args->ub1 : j >= _XMP_args->ub1; j += _XMP_args->st1)
// CHECK-LABEL: static void _XMP_dloop{{[0-9]+}}_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// CHECK: for (i = _XMP_task->lb;
// CHECK-NOT: st1 == 1
// CHECK: for (j = _XMP_args->lb1; _XMP_args->st1 > 0 ? j <= _XMP_args->ub1 : j >= _XMP_args->ub1; j += _XMP_args->st1)
// CHECK-NOT: for (
// CHECK: }
