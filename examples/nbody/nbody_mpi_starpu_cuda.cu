// CUDA codelets of nbody_mpi_starpu.c: one thread per particle of the chunk,
// on StarPU's stream for the worker (the codelets are STARPU_CUDA_ASYNC).
#include <starpu.h>

#include "nbody_kernels.h"

#ifndef NP
#define NP 1024
#endif

static __global__ void kick_kernel(int first, int n, const double *px, const double *py,
                                   const double *pz, const double *m, double *vx, double *vy,
                                   double *vz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    nbody_kick(first + i, NP, px, py, pz, m, &vx[i], &vy[i], &vz[i]);
}

static __global__ void drift_kernel(int n, double *x, double *y, double *z, const double *vx,
                                    const double *vy, const double *vz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    nbody_drift(&x[i], &y[i], &z[i], vx[i], vy[i], vz[i]);
}

static double *buf(void *buffers[], int q) {
  return (double *)STARPU_VECTOR_GET_PTR(buffers[q]);
}

static void check(cudaError_t e) {
  if (e != cudaSuccess)
    STARPU_CUDA_REPORT_ERROR(e);
}

static unsigned blocks(int n) { return (unsigned)((n + 127) / 128); }

extern "C" void nbody_kick_cuda(void *buffers[], void *arg) {
  int first, n = (int)STARPU_VECTOR_GET_NX(buffers[4]);
  starpu_codelet_unpack_args(arg, &first);
  kick_kernel<<<blocks(n), 128, 0, starpu_cuda_get_local_stream()>>>(
      first, n, buf(buffers, 0), buf(buffers, 1), buf(buffers, 2), buf(buffers, 3),
      buf(buffers, 4), buf(buffers, 5), buf(buffers, 6));
  check(cudaGetLastError());
}

extern "C" void nbody_drift_cuda(void *buffers[], void *arg) {
  (void)arg;
  int n = (int)STARPU_VECTOR_GET_NX(buffers[0]);
  drift_kernel<<<blocks(n), 128, 0, starpu_cuda_get_local_stream()>>>(
      n, buf(buffers, 0), buf(buffers, 1), buf(buffers, 2), buf(buffers, 3), buf(buffers, 4),
      buf(buffers, 5));
  check(cudaGetLastError());
}

// Visible CUDA devices (0 when there is no driver or no device).
extern "C" int nbody_cuda_devices(void) {
  int n;
  return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}
