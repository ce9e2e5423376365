// coll_kernels.cu - kernels of the device collectives (see coll_kernels.h): reductions, one
// template per element type and operator, in grid-stride loops, and the signalled
// collectives; queued on the caller's stream.
#include <cstdint>

#include <cuda_runtime.h>

#include "coll_kernels.h"
#include "xmp_rt.h"

namespace {

// The operator on one element; U is T's unsigned twin for wrapping integer arithmetic.
template <typename T, typename U, int Op> struct apply;
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_SUM> {
  __device__ static T f(T a, T b) { return (T)((U)a + (U)b); }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_PROD> {
  __device__ static T f(T a, T b) { return (T)((U)a * (U)b); }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_MAX> {
  __device__ static T f(T a, T b) { return b > a ? b : a; }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_MIN> {
  __device__ static T f(T a, T b) { return b < a ? b : a; }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_BAND> {
  __device__ static T f(T a, T b) { return (T)(a & b); }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_BOR> {
  __device__ static T f(T a, T b) { return (T)(a | b); }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_BXOR> {
  __device__ static T f(T a, T b) { return (T)(a ^ b); }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_LAND> {
  __device__ static T f(T a, T b) { return (T)(a && b); }
};
template <typename T, typename U> struct apply<T, U, XMP_RT_OP_LOR> {
  __device__ static T f(T a, T b) { return (T)(a || b); }
};
// Floating types: the same arithmetic without the unsigned detour.
template <> struct apply<float, float, XMP_RT_OP_SUM> {
  __device__ static float f(float a, float b) { return a + b; }
};
template <> struct apply<double, double, XMP_RT_OP_SUM> {
  __device__ static double f(double a, double b) { return a + b; }
};
template <> struct apply<float, float, XMP_RT_OP_PROD> {
  __device__ static float f(float a, float b) { return a * b; }
};
template <> struct apply<double, double, XMP_RT_OP_PROD> {
  __device__ static double f(double a, double b) { return a * b; }
};

template <typename T, typename U, int Op>
__global__ void reduce2(T *dst, const T *a, const T *b, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    dst[i] = apply<T, U, Op>::f(a[i], b[i]);
}

template <typename T, typename U, int Op>
__global__ void fold(T *dst, const T *slots, int k, size_t stride, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    T acc = slots[i];
    for (int j = 1; j < k; j++)
      acc = apply<T, U, Op>::f(acc, slots[(size_t)j * stride + i]);
    dst[i] = acc;
  }
}

// ---- signalled collectives (coll_kernels.h) ----

__device__ void store_release(unsigned long long *p, unsigned long long v) {
  asm volatile("st.release.sys.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ unsigned long long load_acquire(const unsigned long long *p) {
  unsigned long long v;
  asm volatile("ld.acquire.sys.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}

// Bytes [0, len) from src to dst by the block's threads, 16 at a time where both allow it.
__device__ void copy_bytes(char *dst, const char *src, size_t len) {
  size_t i = threadIdx.x, step = blockDim.x, wide = 0;
  if ((((uintptr_t)dst | (uintptr_t)src) & 15) == 0) {
    wide = len / 16 * 16;
    for (size_t v = i; v < wide / 16; v += step)
      reinterpret_cast<uint4 *>(dst)[v] = reinterpret_cast<const uint4 *>(src)[v];
  }
  for (size_t b = wide + i; b < len; b += step)
    dst[b] = src[b];
}

// This block's share [*lo, *hi) of `total` units split into a.blocks shares of whole
// multiples of `align` units.
__device__ void share(const xmphc_signal_args_t &a, size_t total, size_t align, size_t *lo,
                      size_t *hi) {
  size_t per = (total + a.blocks - 1) / a.blocks;
  per = (per + align - 1) / align * align;
  *lo = per * blockIdx.x < total ? per * blockIdx.x : total;
  *hi = *lo + per < total ? *lo + per : total;
}

// The meeting of the members' blocks blockIdx.x: what this block moved before is in every
// member's memory, and every member's block moved its share here. The barrier orders the
// block's stores before the flag threads' system-scope fence (cumulative), which orders them
// before the flags; the acquire and the second barrier order the reads after.
__device__ void meet(const xmphc_signal_args_t &a) {
  __syncthreads();
  size_t at = (size_t)blockIdx.x * a.size;
  if ((int)threadIdx.x < a.size) {
    __threadfence_system();
    store_release(a.flags[threadIdx.x] + at + a.rank, a.seq);
    while (load_acquire(a.flags[a.rank] + at + threadIdx.x) < a.seq)
      ;
  }
  __syncthreads();
}

template <typename T, typename U, int Op> __global__ void signal_reduce(xmphc_signal_args_t a) {
  size_t lo, hi;
  share(a, a.n, 16 / sizeof(T) > 0 ? 16 / sizeof(T) : 1, &lo, &hi);
  const T *src = static_cast<const T *>(a.src);
  for (int r = 0; r < a.size; r++) {
    T *to = reinterpret_cast<T *>(a.slots[r] + (size_t)a.rank * a.slot);
    for (size_t i = lo + threadIdx.x; i < hi; i += blockDim.x)
      to[i] = src[i];
  }
  meet(a);
  const char *mine = a.slots[a.rank];
  T *dst = static_cast<T *>(a.dst);
  for (size_t i = lo + threadIdx.x; i < hi; i += blockDim.x) {
    T acc = reinterpret_cast<const T *>(mine)[i];
    for (int r = 1; r < a.size; r++)
      acc = apply<T, U, Op>::f(acc, reinterpret_cast<const T *>(mine + (size_t)r * a.slot)[i]);
    dst[i] = acc;
  }
}

__global__ void signal_move(xmphc_signal_args_t a) {
  size_t lo, hi;
  const char *src = static_cast<const char *>(a.src);
  char *dst = static_cast<char *>(a.dst);
  if (a.what == XMPHC_SIGNAL_BCAST) {
    share(a, a.n, 16, &lo, &hi);
    if (a.rank == a.root)
      for (int r = 0; r < a.size; r++)
        if (r != a.rank)
          copy_bytes(a.slots[r] + (size_t)a.root * a.slot + lo, src + lo, hi - lo);
    meet(a);
    const char *from = a.rank == a.root ? src : a.slots[a.rank] + (size_t)a.root * a.slot;
    if (from != dst)
      copy_bytes(dst + lo, from + lo, hi - lo);
    return;
  }
  share(a, a.len[a.rank], 16, &lo, &hi);
  for (int r = 0; r < a.size; r++)
    if (r != a.rank)
      copy_bytes(a.slots[r] + (size_t)a.rank * a.slot + lo, src + lo, hi - lo);
  meet(a);
  for (int r = 0; r < a.size; r++) {
    share(a, a.len[r], 16, &lo, &hi);
    const char *from = r == a.rank ? src : a.slots[a.rank] + (size_t)r * a.slot;
    if (from != dst + a.off[r])
      copy_bytes(dst + a.off[r] + lo, from + lo, hi - lo);
  }
}

// Threads of a signalled collective's blocks.
constexpr unsigned signal_threads = 512;

struct launch {
  void *dst;
  const void *a, *b; // fold: a = slots
  int k;             // 0: reduce2, else fold over k slots
  size_t stride;     // fold: elements from one slot to the next
  size_t n;
  cudaStream_t stream;
  const xmphc_signal_args_t *signal; // set: the signalled allreduce instead
};

template <typename T, typename U, int Op> int run(const launch &l) {
  const unsigned threads = 256;
  // An earlier call's error (the caller's CUDA calls share it) is not ours.
  (void)cudaGetLastError();
  size_t want = (l.n + threads - 1) / threads;
  unsigned blocks = (unsigned)(want < 1024 ? (want > 0 ? want : 1) : 1024);
  if (l.signal != nullptr)
    signal_reduce<T, U, Op><<<l.signal->blocks, signal_threads, 0, l.stream>>>(*l.signal);
  else if (l.k == 0)
    reduce2<T, U, Op><<<blocks, threads, 0, l.stream>>>((T *)l.dst, (const T *)l.a,
                                                        (const T *)l.b, l.n);
  else
    fold<T, U, Op><<<blocks, threads, 0, l.stream>>>((T *)l.dst, (const T *)l.a, l.k, l.stride,
                                                     l.n);
  return cudaGetLastError() == cudaSuccess ? XMPHC_KERNEL_OK : XMPHC_KERNEL_LAUNCH_FAILED;
}

// The operators every arithmetic type has (+ * - max min, as C allows floating types).
template <typename T, typename U> int by_op_arith(int op, const launch &l) {
  switch (op) {
  case XMP_RT_OP_SUM:
  case XMP_RT_OP_MINUS: return run<T, U, XMP_RT_OP_SUM>(l);
  case XMP_RT_OP_PROD: return run<T, U, XMP_RT_OP_PROD>(l);
  case XMP_RT_OP_MAX: return run<T, U, XMP_RT_OP_MAX>(l);
  case XMP_RT_OP_MIN: return run<T, U, XMP_RT_OP_MIN>(l);
  default: return XMPHC_KERNEL_UNSUPPORTED;
  }
}

// Operators of an integer type: the arithmetic ones (by_op_arith) and the bitwise and logical.
template <typename T, typename U> int by_op_int(int op, const launch &l) {
  switch (op) {
  case XMP_RT_OP_BAND: return run<T, U, XMP_RT_OP_BAND>(l);
  case XMP_RT_OP_BOR: return run<T, U, XMP_RT_OP_BOR>(l);
  case XMP_RT_OP_BXOR: return run<T, U, XMP_RT_OP_BXOR>(l);
  case XMP_RT_OP_LAND: return run<T, U, XMP_RT_OP_LAND>(l);
  case XMP_RT_OP_LOR: return run<T, U, XMP_RT_OP_LOR>(l);
  default: return by_op_arith<T, U>(op, l);
  }
}

int by_type(int kind, int width, int op, const launch &l) {
  if (kind == XMPHC_KERNEL_FLOAT)
    return width == 4 ? by_op_arith<float, float>(op, l)
           : width == 8 ? by_op_arith<double, double>(op, l)
                        : XMPHC_KERNEL_UNSUPPORTED;
  bool s = kind == XMPHC_KERNEL_SIGNED;
  switch (width) {
  case 1: return s ? by_op_int<int8_t, uint8_t>(op, l) : by_op_int<uint8_t, uint8_t>(op, l);
  case 2: return s ? by_op_int<int16_t, uint16_t>(op, l) : by_op_int<uint16_t, uint16_t>(op, l);
  case 4: return s ? by_op_int<int32_t, uint32_t>(op, l) : by_op_int<uint32_t, uint32_t>(op, l);
  case 8: return s ? by_op_int<int64_t, uint64_t>(op, l) : by_op_int<uint64_t, uint64_t>(op, l);
  default: return XMPHC_KERNEL_UNSUPPORTED;
  }
}

} // namespace

extern "C" int xmphc_kernel_reduce(int kind, int width, int op, void *dst, const void *a,
                                   const void *b, size_t n, void *stream) {
  return by_type(kind, width, op, launch{dst, a, b, 0, 0, n, (cudaStream_t)stream, nullptr});
}

extern "C" int xmphc_kernel_fold(int kind, int width, int op, void *dst, const void *slots,
                                 int k, size_t stride, size_t n, void *stream) {
  if (k < 1)
    return XMPHC_KERNEL_UNSUPPORTED;
  return by_type(kind, width, op,
                 launch{dst, slots, nullptr, k, stride, n, (cudaStream_t)stream, nullptr});
}

extern "C" int xmphc_kernel_signal(const xmphc_signal_args_t *a, void *stream) {
  if (a->size < 1 || a->size > XMPHC_SIGNAL_MAX || a->blocks < 1 ||
      a->blocks > XMPHC_SIGNAL_BLOCKS || a->size > (int)signal_threads)
    return XMPHC_KERNEL_UNSUPPORTED;
  if (a->what == XMPHC_SIGNAL_ALLREDUCE)
    return by_type(a->kind, a->width, a->op,
                   launch{a->dst, a->src, nullptr, 0, 0, a->n, (cudaStream_t)stream, a});
  (void)cudaGetLastError(); // as in run()
  signal_move<<<a->blocks, signal_threads, 0, (cudaStream_t)stream>>>(*a);
  return cudaGetLastError() == cudaSuccess ? XMPHC_KERNEL_OK : XMPHC_KERNEL_LAUNCH_FAILED;
}
