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

/* The stream of a CUDA codelet function: the rank's stream where the main thread calls it
 * directly (a GPU-only loop without a StarPU task), else the StarPU worker's. */
static inline cudaStream_t xmp_dev_cuda_stream(void) {
  void *direct = xmp_dev_direct_stream();
  return direct != NULL ? (cudaStream_t)direct : starpu_cuda_get_local_stream();
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
/* The runs of n_outer iterations for blocks_per_run blocks each: about `target` blocks in
 * all, runs of at most max_walk iterations (more where CUDA's 65535 runs need it). Returns
 * the run length; *runs gets their number. */
static inline long xmp_dev_runs(long n_outer, long blocks_per_run, long target, long max_walk,
                                long *runs) {
  long r = (target + blocks_per_run - 1) / blocks_per_run;
  r = r < 1 ? 1 : r > n_outer ? n_outer : r;
  long chunk = (n_outer + r - 1) / r;
  long shortest = (n_outer + 65534) / 65535; /* the grid's limit of 65535 runs */
  if (chunk > max_walk)
    chunk = max_walk > shortest ? max_walk : shortest;
  *runs = (n_outer + chunk - 1) / chunk;
  return chunk;
}
static inline void xmp_dev_grid_check(long bx, long by, long bz, const char *what) {
  if (bx > 2147483647L || by > 65535 || bz > 65535)
    xmp_dev_fail(what, "the iteration space of the task exceeds CUDA's grid limits "
                       "(2^31-1 x 65535 x 65535 blocks); use more chunks (XMP_STARPU_NCUDA)");
}
static inline xmp_dev_grid_t xmp_dev_grid(int dims, long n_inner, long n_mid, long n_outer,
                                          long max_walk, const char *what) {
  xmp_dev_grid_t g;
  long tx = dims < 3 ? XMP_DEV_BLOCK : n_inner > 32 ? 64 : 32, ty = XMP_DEV_BLOCK / tx;
  long bx = (n_inner + tx - 1) / tx, by = dims == 3 ? (n_mid + ty - 1) / ty : 1, runs = 1;
  g.chunk = dims >= 2 ? xmp_dev_runs(n_outer, bx * by, XMP_DEV_TARGET_BLOCKS, max_walk, &runs) : 1;
  long bz = dims == 3 ? runs : 1;
  if (dims == 2)
    by = runs;
  xmp_dev_grid_check(bx, by, bz, what);
  g.blocks = dim3((unsigned)bx, (unsigned)by, (unsigned)bz);
  g.threads = dim3((unsigned)tx, (unsigned)ty, 1);
  g.count = bx * by * bz;
  return g;
}

/* Tiled kernels (a 3-D nest with a stencil array; generated where all three loops step by 1):
 * blocks of XMP_DEV_TILE_X x XMP_DEV_TILE_Y points of the inner two loops (XMP_DEV_BLOCK
 * threads), walking runs of at most XMP_DEV_TILE_WALK outer iterations, with the array's
 * planes in shared memory. XMP_DEV_TILE=0 keeps the untiled kernels (for comparisons). The
 * hand-coded Himeno found 32 x 4 points and runs of 16 best of 4-16 rows and 8-64 planes on an
 * H200. */
#ifndef XMP_DEV_TILE
#define XMP_DEV_TILE 1
#endif
#ifndef XMP_DEV_TILE_X
#define XMP_DEV_TILE_X 32
#endif
#define XMP_DEV_TILE_Y (XMP_DEV_BLOCK / XMP_DEV_TILE_X)
#ifndef XMP_DEV_TILE_WALK
#define XMP_DEV_TILE_WALK 16L
#endif
/* Blocks a tiled kernel aims at: a block loads the two outer neighbours of its run's planes
 * too, and its reduction result is one more for the last block to combine, so runs stay long
 * (XMP_DEV_TILE_WALK) down to about one wave of blocks (16 of 128 threads on each of an
 * H100's or H200's 132 SMs). On an H200 Himeno M (runs of 5 planes at 8192 blocks, of 16 at
 * 2048) ran 1.04x as fast on one GPU and 1.11x on two; L and XL walk 16 planes either way. */
#ifndef XMP_DEV_TILE_TARGET_BLOCKS
#define XMP_DEV_TILE_TARGET_BLOCKS 2048L
#endif
/* A plane of the tile with its ring, and how many of its points each thread loads. */
#define XMP_DEV_TILE_POINTS ((XMP_DEV_TILE_Y + 2) * (XMP_DEV_TILE_X + 2))
#define XMP_DEV_TILE_LOADS ((XMP_DEV_TILE_POINTS + XMP_DEV_BLOCK - 1) / XMP_DEV_BLOCK)

static inline xmp_dev_grid_t xmp_dev_tile_grid(long n_inner, long n_mid, long n_outer,
                                               const char *what) {
  xmp_dev_grid_t g;
  long bx = (n_inner + XMP_DEV_TILE_X - 1) / XMP_DEV_TILE_X;
  long by = (n_mid + XMP_DEV_TILE_Y - 1) / XMP_DEV_TILE_Y, bz;
  g.chunk = xmp_dev_runs(n_outer, bx * by, XMP_DEV_TILE_TARGET_BLOCKS, XMP_DEV_TILE_WALK, &bz);
  xmp_dev_grid_check(bx, by, bz, what);
  g.blocks = dim3((unsigned)bx, (unsigned)by, (unsigned)bz);
  g.threads = dim3(XMP_DEV_TILE_X, XMP_DEV_TILE_Y, 1);
  g.count = bx * by * bz;
  return g;
}

/* For buffer k of a task, the stencil array of a tiled kernel: the element offsets its
 * buffer holds (*lo up to *hi, excluded: tile loads outside them are skipped) and by how many
 * points the first iteration's (i, j, k) lies past a boundary of XMP_DEV_TILE_X elements;
 * the kernel's blocks start that much earlier along k, so that their rows of every array laid
 * out as this one are aligned. */
static inline long xmp_dev_tile_place(void *buffers[], const xmp_dev_task_t *task, int k,
                                      const xmp_rt_layout_t *l, long i, long j, long kk,
                                      long *lo, long *hi) {
  size_t elem = STARPU_VECTOR_GET_ELEMSIZE(buffers[k]);
  *lo = (long)(task->byte_offset[k] / elem);
  *hi = *lo + (long)STARPU_VECTOR_GET_NX(buffers[k]);
  long first =
      (i - l->base[0]) * l->stride[0] + (j - l->base[1]) * l->stride[1] + (kk - l->base[2]);
  size_t at = (size_t)xmp_dev_buffer(buffers, task, k) / elem + (size_t)first;
  return (long)(at % XMP_DEV_TILE_X);
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

/* Loads into next[] this thread's points of the tile plane at outer index i: point e of the
 * plane (row-major, XMP_DEV_TILE_X + 2 wide) is element (i, j0 + e / width, k0 + e % width). */
template <typename T, typename I>
static __device__ __forceinline__ void xmp_dev_tile_fetch(T (&next)[XMP_DEV_TILE_LOADS],
                                                          const T *addr,
                                                          const xmp_dev_layout<I> &l, long i,
                                                          long j0, long k0, long lo, long hi) {
  const int first = threadIdx.y * XMP_DEV_TILE_X + threadIdx.x;
#pragma unroll
  for (int q = 0; q < XMP_DEV_TILE_LOADS; q++) {
    int e = first + q * XMP_DEV_BLOCK;
    long at = (i - (long)l.base[0]) * (long)l.stride[0] +
              (j0 + e / (XMP_DEV_TILE_X + 2) - (long)l.base[1]) * (long)l.stride[1] +
              (k0 + e % (XMP_DEV_TILE_X + 2) - (long)l.base[2]);
    next[q] = e < XMP_DEV_TILE_POINTS && at >= lo && at < hi ? addr[at] : (T)0;
  }
}
/* Stores next[] (xmp_dev_tile_fetch) as plane p of the tile's ring of four. */
template <typename T>
static __device__ __forceinline__ void
xmp_dev_tile_store(T (*tile)[XMP_DEV_TILE_Y + 2][XMP_DEV_TILE_X + 2], long p,
                   const T (&next)[XMP_DEV_TILE_LOADS]) {
  const int first = threadIdx.y * XMP_DEV_TILE_X + threadIdx.x, slot = (int)((p + 4) & 3);
#pragma unroll
  for (int q = 0; q < XMP_DEV_TILE_LOADS; q++) {
    int e = first + q * XMP_DEV_BLOCK;
    if (e < XMP_DEV_TILE_POINTS)
      tile[slot][e / (XMP_DEV_TILE_X + 2)][e % (XMP_DEV_TILE_X + 2)] = next[q];
  }
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

/* The kernel's per-block results combined by the last block's threads, each over blocks
 * me, me + XMP_DEV_BLOCK, ... in that order, from acc (the identity); get(b) reads block b's.
 * Eight loads are in flight at once: one after the other, 128 threads took 7 us for the
 * 8192 results of a 3-D loop. */
template <typename T, typename Op, typename Get>
static __device__ __forceinline__ T xmp_dev_gather(T acc, Op op, Get get) {
  const long n = (long)gridDim.x * gridDim.y * gridDim.z;
  const long me = threadIdx.x + (long)blockDim.x * threadIdx.y;
  for (long b = me; b < n; b += 8L * XMP_DEV_BLOCK) {
    T v[8];
#pragma unroll
    for (int q = 0; q < 8; q++)
      if (b + q * XMP_DEV_BLOCK < n)
        v[q] = get(b + q * XMP_DEV_BLOCK);
#pragma unroll
    for (int q = 0; q < 8; q++)
      if (b + q * XMP_DEV_BLOCK < n)
        acc = op(acc, v[q]);
  }
  return acc;
}

/* *p read from the device's L2, past this SM's L1 (which other blocks' stores do not update):
 * a reduction's per-block results, stored by other blocks of the same kernel. */
template <typename T> static __device__ __forceinline__ T xmp_dev_load_fresh(const T *p) {
  if constexpr (sizeof(T) == 8) {
    unsigned long long w = __ldcg(reinterpret_cast<const unsigned long long *>(p));
    T v;
    memcpy(&v, &w, sizeof v);
    return v;
  } else if constexpr (sizeof(T) == 4) {
    unsigned w = __ldcg(reinterpret_cast<const unsigned *>(p));
    T v;
    memcpy(&v, &w, sizeof v);
    return v;
  } else {
    return *const_cast<const volatile T *>(p);
  }
}

/* Whether the calling block is the last of the kernel's blocks to get here, counted on ticket
 * (xmp_dev_cuda_ticket: zero before the kernel, and again after it, since atomicInc wraps at
 * the last block). Every thread of the block must call it, after thread 0 stored the block's
 * results; those of every block are then visible to the last one (xmp_dev_load_fresh). The
 * last block combines them, so a reduction needs no second kernel: on an H200 that kernel and
 * its launch took 3-4 us of each Himeno M step (about 100 us). */
static __device__ bool xmp_dev_last_block(unsigned *ticket) {
  __shared__ bool last;
  unsigned n = gridDim.x * gridDim.y * gridDim.z;
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    __threadfence(); /* this block's results before its count */
    last = atomicInc(ticket, n - 1) == n - 1;
    if (last)
      __threadfence(); /* the others' counts (and results) before the reads */
  }
  __syncthreads();
  return last;
}

/* v from the thread `o` lanes above in the warp, for any trivially copyable T of at most 8
 * bytes (moved as one 64-bit word). */
template <typename T> static __device__ __forceinline__ T xmp_dev_shfl_down(T v, unsigned o) {
  unsigned long long w = 0;
  memcpy(&w, &v, sizeof(T));
  w = __shfl_down_sync(0xffffffffu, w, o);
  memcpy(&v, &w, sizeof(T));
  return v;
}

/* Combines v over the block's N threads (a power of two) in a fixed order (so results are
 * reproducible) and stores it at *out from thread 0. Every thread of the block must call it.
 * Values of at most 8 bytes go down each warp by shuffles, then thread 0 combines the warps'
 * results in order: two barriers. A tree through shared memory took nine, at the end of
 * every block of a stencil loop; Himeno L's stencil kernel ran 7% longer than the
 * hand-coded one's (a shuffle down the warp, then the warps' sums) on an H100. Larger
 * values go down a tree in shared memory. */
template <int N = XMP_DEV_BLOCK, typename T, typename Op>
static __device__ void xmp_dev_block_reduce(T v, Op op, T *out) {
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y; /* blocks hold N threads */
  if constexpr (sizeof(T) <= 8 && N % 32 == 0) {
    __shared__ T warps[N / 32];
#pragma unroll
    for (unsigned o = 16; o > 0; o >>= 1)
      v = op(v, xmp_dev_shfl_down(v, o));
    __syncthreads(); /* an earlier reduction of this kernel may still read warps */
    if (t % 32 == 0)
      warps[t / 32] = v;
    __syncthreads();
    if (t == 0) {
      for (unsigned w = 1; w < N / 32; w++)
        v = op(v, warps[w]);
      *out = v;
    }
  } else {
    __shared__ T buffer[N];
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
}

#endif /* XMP_DEV_CUDA_CUH */
