/* dev_axpy_cuda.cu - CUDA functions of test_dev_axpy's loops, written the way generated code
 * is: kernels on the codelet's stream (the StarPU worker's, or the rank's where the main thread
 * calls it directly), the task's reduction value through the scratch memory, no
 * synchronisation (the codelet is STARPU_CUDA_ASYNC). Built only
 * on GPU machines (test/runtime/gpu_check.sh), with -fmad=false so that sums match the host's
 * bit for bit. */
#include <cuda_runtime.h>
#include <starpu.h>

#include "xmp_dev_cuda.cuh"

#include "dev_common.h"

static __global__ void axpy_kernel(double a, const double *x, double *y, long lb, long n, long st,
                                   long origin) {
  long k = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    long r = lb + k * st - origin;
    y[r] = a * x[r] + y[r];
  }
}

static __global__ void twice_kernel(const double *y, double *z, long lb, long n, long st,
                                    long origin) {
  long k = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n)
    z[lb + k * st - origin] = 2 * y[lb + k * st - origin];
}

/* In iteration order, as the host sums. */
static __global__ void sum_kernel(const double *y, long lb, long n, long st, long origin,
                                  double *out) {
  double s = 0;
  for (long k = 0; k < n; k++)
    s += y[lb + k * st - origin];
  *out = s;
}

static void record(const xmp_dev_task_t *t, const double *dsum, cudaStream_t s) {
  dev_partial_t *p = (dev_partial_t *)t->partial;
  p->lb = t->lb;
  p->ub = t->ub;
  p->st = t->st;
  p->worker_type = dev_worker_type();
  p->cuda_fn = 1;
  if (dsum != NULL && cudaMemcpyAsync(&p->sum, dsum, sizeof p->sum, cudaMemcpyDeviceToHost, s) !=
                          cudaSuccess)
    xmp_dev_fail("partial copy", cudaGetErrorString(cudaGetLastError()));
  else if (dsum == NULL)
    p->sum = 0;
}

extern "C" void axpy_cuda(void *buffers[], void *cl_arg) {
  const xmp_dev_task_t *t = (const xmp_dev_task_t *)cl_arg;
  const dev_axpy_args_t *a = (const dev_axpy_args_t *)t->args;
  const double *x = (const double *)xmp_dev_buffer(buffers, t, 0);
  double *y = (double *)xmp_dev_buffer(buffers, t, 1);
  long n = (t->ub - t->lb) / t->st + 1;
  cudaStream_t s = xmp_dev_cuda_stream();
  axpy_kernel<<<(unsigned)((n + 127) / 128), 128, 0, s>>>(a->a, x, y, t->lb, n, t->st, a->origin);
  double *dsum = (double *)xmp_dev_cuda_scratch(sizeof(double));
  sum_kernel<<<1, 1, 0, s>>>(y, t->lb, n, t->st, a->origin, dsum);
  if (cudaGetLastError() != cudaSuccess)
    xmp_dev_fail("axpy_kernel", "launch failed");
  record(t, dsum, s);
}

extern "C" void twice_cuda(void *buffers[], void *cl_arg) {
  const xmp_dev_task_t *t = (const xmp_dev_task_t *)cl_arg;
  const dev_axpy_args_t *a = (const dev_axpy_args_t *)t->args;
  const double *y = (const double *)xmp_dev_buffer(buffers, t, 0);
  double *z = (double *)xmp_dev_buffer(buffers, t, 1);
  long n = (t->ub - t->lb) / t->st + 1;
  cudaStream_t s = xmp_dev_cuda_stream();
  twice_kernel<<<(unsigned)((n + 127) / 128), 128, 0, s>>>(y, z, t->lb, n, t->st, a->origin);
  record(t, NULL, s);
}
