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
#ifndef XMP_DEV_BLOCK /* -D for experiments, as the other shape constants below */
#define XMP_DEV_BLOCK 128
#endif

/* Thread coordinates: x along the nest's innermost loop, y along the middle loop of a 3-D
 * nest; the outermost loop of a 2-D or 3-D nest is cut into runs, one per block along the
 * grid's last axis (xmp_dev_outer_run), which each thread walks. */
static __device__ __forceinline__ long xmp_dev_thread_x(void) {
  return (long)blockIdx.x * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ long xmp_dev_thread_y(void) {
  return (long)blockIdx.y * blockDim.y + threadIdx.y;
}
static __device__ __forceinline__ long xmp_dev_outer_run(int dims) {
  return dims == 3 ? blockIdx.z : blockIdx.y;
}
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

/* Launch shape of a nest of dims (1-3) loops with n_inner, n_mid (3-D), n_outer iterations.
 * A 3-D nest's blocks are 64 x 2 threads (rows of the innermost loop along the middle one, so
 * that a block reads neighbouring rows too), 32 x 4 where the innermost loop is 32 iterations
 * or fewer: on an H200 the wider rows made Himeno L's stencil 6% faster and its copy loop 10%
 * than 32 x 4 (of 32-128 x 1-16 tried); the outermost loop is cut into runs of `chunk`
 * iterations, as many as keep about XMP_DEV_TARGET_BLOCKS blocks in flight: each thread then
 * walks consecutive outer iterations, whose neighbours' rows are still in its SM's cache, and
 * a reduction combines once per thread rather than once per iteration. A walk is at most
 * max_walk iterations: XMP_DEV_MAX_WALK in general (in 64 x 2 blocks Himeno XL, 510 outer
 * iterations, walked 170 at 8192 blocks, and its stencil and copy loops took 1.3x as long as
 * with walks of 30), XMP_DEV_OWN_ROWS_WALK where each iteration reads only its own rows and
 * there is no reduction (the generated code chooses): nothing is left in the cache for the
 * next iteration then, and shorter walks keep more loads in flight. On an H200 Himeno's copy
 * loop p = wrk2 took 91 us at L and 684 us at XL in walks of 4, against 114 and 970 in walks
 * of 29-32, 105 and 800 in walks of 2, 164 us at L in walks of 1. */
#ifndef XMP_DEV_TARGET_BLOCKS
#define XMP_DEV_TARGET_BLOCKS 8192L
#endif
#ifndef XMP_DEV_MAX_WALK
#define XMP_DEV_MAX_WALK 32L
#endif
#ifndef XMP_DEV_OWN_ROWS_WALK
#define XMP_DEV_OWN_ROWS_WALK 4L
#endif
typedef struct xmp_dev_grid {
  dim3 blocks, threads;
  long count; /* blocks in all */
  long chunk; /* outer iterations per block */
} xmp_dev_grid_t;
static inline xmp_dev_grid_t xmp_dev_grid(int dims, long n_inner, long n_mid, long n_outer,
                                          long max_walk, const char *what) {
  xmp_dev_grid_t g;
  long tx = dims < 3 ? XMP_DEV_BLOCK : n_inner > 32 ? 64 : 32, ty = XMP_DEV_BLOCK / tx;
  long bx = (n_inner + tx - 1) / tx, by = dims == 3 ? (n_mid + ty - 1) / ty : 1, runs = 1;
  g.chunk = 1;
  if (dims >= 2) {
    runs = (XMP_DEV_TARGET_BLOCKS + bx * by - 1) / (bx * by);
    runs = runs < 1 ? 1 : runs > n_outer ? n_outer : runs;
    g.chunk = (n_outer + runs - 1) / runs;
    long shortest = (n_outer + 65534) / 65535; /* the grid's limit of 65535 runs */
    if (g.chunk > max_walk)
      g.chunk = max_walk > shortest ? max_walk : shortest;
    runs = (n_outer + g.chunk - 1) / g.chunk;
  }
  long bz = dims == 3 ? runs : 1;
  if (dims == 2)
    by = runs;
  if (bx > 2147483647L || by > 65535 || bz > 65535)
    xmp_dev_fail(what, "the iteration space of the task exceeds CUDA's grid limits "
                       "(2^31-1 x 65535 x 65535 blocks); use more chunks (XMP_STARPU_NCUDA)");
  g.blocks = dim3((unsigned)bx, (unsigned)by, (unsigned)bz);
  g.threads = dim3((unsigned)tx, (unsigned)ty, 1);
  g.count = bx * by * bz;
  return g;
}

/* A kernel's copy of an array's layout in its index type: int when every array of the task
 * has fewer than 2^31 elements (xmp_dev_fits_int), which keeps the address arithmetic of
 * every access in 32-bit instructions, long otherwise. */
template <typename I> struct xmp_dev_layout {
  I base[XMP_RT_MAX_DIMS];
  I stride[XMP_RT_MAX_DIMS];
};
template <typename I>
static __device__ __forceinline__ xmp_dev_layout<I> xmp_dev_narrow(const xmp_rt_layout_t &l) {
  xmp_dev_layout<I> n;
  for (int d = 0; d < XMP_RT_MAX_DIMS; d++) {
    n.base[d] = (I)l.base[d];
    n.stride[d] = (I)l.stride[d];
  }
  return n;
}
static inline int xmp_dev_fits_int(void *buffers[], const xmp_dev_task_t *task, int nargs) {
  for (int k = 0; k < nargs; k++) {
    size_t elem = STARPU_VECTOR_GET_ELEMSIZE(buffers[k]);
    if (task->byte_offset[k] / elem + STARPU_VECTOR_GET_NX(buffers[k]) > 2147483647UL)
      return 0;
  }
  return 1;
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

/* Threads of the one block that combines a reduction's per-block results: each thread reads
 * a few of them (with 128, the 8192 results of a 3-D loop took 7 us, each thread's loads
 * waiting on the last; with 1024, about 1 us). A power of two. */
#define XMP_DEV_FINISH_BLOCK 1024

/* Combines v over the block's N threads (a power of two) in a fixed tree order (so results
 * are reproducible) and stores it at *out from thread 0. Every thread of the block must call
 * it. */
template <int N = XMP_DEV_BLOCK, typename T, typename Op>
static __device__ void xmp_dev_block_reduce(T v, Op op, T *out) {
  __shared__ T buffer[N];
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y; /* blocks hold N threads */
  __syncthreads(); /* an earlier reduction of this kernel may still read buffer */
  buffer[t] = v;
  __syncthreads();
  for (unsigned s = N / 2; s > 0; s >>= 1) {
    if (t < s)
      buffer[t] = op(buffer[t], buffer[t + s]);
    __syncthreads();
  }
  if (t == 0)
    *out = buffer[0];
}

#endif /* XMP_DEV_CUDA_CUH */
