// A device loop becomes a CPU codelet in prog.xmp.c and a CUDA kernel with
// its codelet in prog.xmp.cu; the task submission replaces the loop. The .cu
// compiles with nvcc and the .c with mpicc.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: FileCheck %s --check-prefix=C < %t/device-emit-c.xmp.c
// RUN: FileCheck %s --check-prefix=CU < %t/device-emit-c.xmp.cu
// RUN: mpicc -I%runtime_include -DXMP_GPU_CUDA=1 -Wall -Wextra -Werror -c %t/device-emit-c.xmp.c -o %t/c.o
// RUN: %if nvcc %{ nvcc -arch=sm_90 -I%runtime_include -I%starpu_include -Werror all-warnings -c %t/device-emit-c.xmp.cu -o %t/cu.o %}
// RUN: FileCheck %s --check-prefix=MAKE < %t/Makefile
#define N 100
#define SCALE(x) ((x) * 0.5f)
float u[N][N], v[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: u, v
#pragma xmp shadow u[1:1][0]
int main(void) {
  float r = 0.0f;
  long cnt = 0;
#pragma xmp device replicate (u, v)
  {
// C: xmp_dev_data_t *_XMP_dev{{[0-9]+}}_u = xmp_dev_replicate(_XMP_layout_u.addr, xmp_rt_array_storage_bytes(_XMP_desc_u), sizeof(float), "u", &_XMP_where_{{[0-9]+}});
// C: xmp_dev_loop_run(&_XMP_dloop[[S:[0-9]+]]_state, _XMP_dloop[[S]]_cpu, _XMP_dloop[[S]]_cuda, &_XMP_dloop[[S]]_a, 2, _XMP_dloop[[S]]_v,
// C-SAME: sizeof(struct _XMP_dloop[[S]]_red)
// The tasks' results combine in task order, then across the template's nodes
// (XMP's rule for a loop's reduction clause).
// C: r = r + _XMP_r->r0; cnt = cnt + _XMP_r->r1; } xmp_rt_reduce(&(r), 1, XMP_RT_FLOAT, XMP_RT_OP_SUM, _XMP_tmpl_t, NULL, &_XMP_where_[[W:[0-9]+]]); xmp_rt_reduce(&(cnt), 1, XMP_RT_LONG, XMP_RT_OP_SUM, _XMP_tmpl_t, NULL, &_XMP_where_[[W]]); }
#pragma xmp device loop (j, i) on t(j, i) reduction(+:r, cnt)
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < N; j++) {
        float x = u[i - 1][j] + u[i + 1][j];
        v[i][j] = SCALE(x);
        r += v[i][j];
        cnt++;
      }
// C: xmp_dev_sync_out(_XMP_dev{{[0-9]+}}_v,
#pragma xmp device replicate_sync out (v)
// C: xmp_dev_release(_XMP_dev{{[0-9]+}}_v); xmp_dev_release(_XMP_dev{{[0-9]+}}_u); }
  }
  return r > 0 && cnt > 0 ? 0 : 1;
}
// C: static void _XMP_dloop[[S]]_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// C: float r = (float)0;
// Constant steps: canonical loops without a run-time sign test.
// C: for (i = _XMP_task->lb; i < _XMP_task->ub + 1; i += 1)
// C: #ifdef XMP_OPENMP_SIMD
// C-NEXT: #pragma omp simd reduction(+:r, cnt)
// C-NEXT: #endif
// C-NEXT: for (j = _XMP_args->lb1; j < _XMP_inner_ub + 1; ++j)
// C: #line 31 "{{.*}}device-emit-c.c"
// C: ((struct _XMP_dloop[[S]]_red *)_XMP_task->partial)->r0 = r;

// CU: #include <xmp_dev_cuda.cuh>
// CU: #define N 100
// CU: #define SCALE(x) ((x) * 0.5f)
// CU: __global__ void _XMP_dloop[[S:[0-9]+]]_kernel(
// CU: long _XMP_t1 = xmp_dev_thread_x();
// CU: long _XMP_first = xmp_dev_outer_run(2) * _XMP_chunk;
// CU: for (long _XMP_t0 = _XMP_first; _XMP_t0 < _XMP_end; ++_XMP_t0) {
// CU: xmp_dev_block_reduce(r, xmp_dev_op_sum(), &_XMP_blocks[xmp_dev_block_linear()].r0);
// The last block to finish combines the blocks' results: no second kernel.
// CU: if (xmp_dev_last_block(_XMP_ticket)) {
// CU-NEXT: xmp_dev_block_reduce(xmp_dev_gather((float)0, xmp_dev_op_sum(), [&](long _XMP_b) { return xmp_dev_load_fresh(&_XMP_blocks[_XMP_b].r0); }), xmp_dev_op_sum(), &_XMP_out->r0);
// CU: extern "C" void _XMP_dloop[[S]]_cuda(void *_XMP_buffers[], void *_XMP_cl) {
// CU: xmp_dev_grid(2, _XMP_n1, 1, _XMP_n0, XMP_DEV_MAX_WALK,
// CU: _XMP_out = _XMP_task->partial_dev != NULL ? (struct _XMP_dloop[[S]]_red *)_XMP_task->partial_dev : _XMP_blocks + _XMP_grid.count;
// CU-NEXT: unsigned *_XMP_ticket = xmp_dev_cuda_ticket();
// CU-NOT: _finish
// CU: if (_XMP_task->partial_dev == NULL)
// CU-NEXT: cudaMemcpyAsync(_XMP_task->partial, _XMP_out,

// MAKE: XMP_SIMD_FLAGS ?= -fopenmp-simd -DXMP_OPENMP_SIMD=1
// MAKE: OBJECTS += device-emit-c.xmp.cu.o
// MAKE: $(CC) $(CPPFLAGS) $(XMP_SIMD_FLAGS) $(CFLAGS) -c -o $@ $<
