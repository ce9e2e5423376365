/* xmp_dev_cuda.cuh - device-side helpers for the CUDA code xmpcc generates from device loops
 * (prog.xmp.cu). Header-only, so that libxmp itself needs neither nvcc nor cudart.
 *
 * Generated code follows the user's #define lines, which may redefine short names (`x`, `N`),
 * so everything that touches CUDA's built-in variables and member names lives here, before
 * them. */
#ifndef XMP_DEV_CUDA_CUH
#define XMP_DEV_CUDA_CUH

#include <cuda_runtime.h>
#include <math.h>
#include <starpu.h>

#include "xmp_dev.h"

/* Threads per block: a power of two (block reductions halve it). */
#define XMP_DEV_BLOCK 128

/* Thread coordinates along the grid's axes: x counts threads, y and z count blocks. */
static __device__ __forceinline__ long xmp_dev_thread_x(void) {
  return (long)blockIdx.x * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ long xmp_dev_thread_y(void) { return blockIdx.y; }
static __device__ __forceinline__ long xmp_dev_thread_z(void) { return blockIdx.z; }
static __device__ __forceinline__ long xmp_dev_block_linear(void) {
  return blockIdx.x + (long)gridDim.x * (blockIdx.y + (long)gridDim.y * blockIdx.z);
}

/* Number of iterations of lb, lb+st, ... up to ub (inclusive). */
static inline long xmp_dev_trip_count(long lb, long ub, long st) {
  if (st > 0)
    return ub < lb ? 0 : (ub - lb) / st + 1;
  return ub > lb ? 0 : (lb - ub) / -st + 1;
}

static inline void xmp_dev_cuda_check(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    xmp_dev_fail(what, cudaGetErrorString(e));
}

/* Launch shape for nx threads along x and ny, nz blocks along y, z. */
typedef struct xmp_dev_grid {
  dim3 blocks, threads;
  long count; /* blocks in all */
} xmp_dev_grid_t;
static inline xmp_dev_grid_t xmp_dev_grid(long nx, long ny, long nz, const char *what) {
  long bx = (nx + XMP_DEV_BLOCK - 1) / XMP_DEV_BLOCK;
  if (bx > 2147483647L || ny > 65535 || nz > 65535)
    xmp_dev_fail(what, "the iteration space of the task exceeds CUDA's grid limits "
                       "(2^31-1 x 65535 x 65535 blocks); use more chunks (XMP_STARPU_NCUDA)");
  xmp_dev_grid_t g;
  g.blocks = dim3((unsigned)bx, (unsigned)ny, (unsigned)nz);
  g.threads = dim3(XMP_DEV_BLOCK, 1, 1);
  g.count = bx * ny * nz;
  return g;
}

/* Reduction operators of device loops. */
struct xmp_dev_op_sum {
  template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
};
struct xmp_dev_op_prod {
  template <typename T> __device__ T operator()(T a, T b) const { return a * b; }
};
struct xmp_dev_op_band {
  template <typename T> __device__ T operator()(T a, T b) const { return a & b; }
};
struct xmp_dev_op_bor {
  template <typename T> __device__ T operator()(T a, T b) const { return a | b; }
};
struct xmp_dev_op_bxor {
  template <typename T> __device__ T operator()(T a, T b) const { return a ^ b; }
};
struct xmp_dev_op_land {
  template <typename T> __device__ T operator()(T a, T b) const { return a && b; }
};
struct xmp_dev_op_lor {
  template <typename T> __device__ T operator()(T a, T b) const { return a || b; }
};
struct xmp_dev_op_max {
  template <typename T> __device__ T operator()(T a, T b) const { return b > a ? b : a; }
};
struct xmp_dev_op_min {
  template <typename T> __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};

/* Combines v over the block's threads in a fixed tree order (so results are reproducible)
 * and stores it at *out from thread 0. Every thread of the block must call it. */
template <typename T, typename Op>
static __device__ void xmp_dev_block_reduce(T v, Op op, T *out) {
  __shared__ T buffer[XMP_DEV_BLOCK];
  unsigned t = threadIdx.x;
  __syncthreads(); /* an earlier reduction of this kernel may still read buffer */
  buffer[t] = v;
  __syncthreads();
  for (unsigned s = XMP_DEV_BLOCK / 2; s > 0; s >>= 1) {
    if (t < s)
      buffer[t] = op(buffer[t], buffer[t + s]);
    __syncthreads();
  }
  if (t == 0)
    *out = buffer[0];
}

#endif /* XMP_DEV_CUDA_CUH */
