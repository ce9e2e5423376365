// coll_kernels.cu - reduction kernels of the device collectives (see coll_kernels.h): one
// template per element type and operator, grid-stride loops, queued on the caller's stream.
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

struct launch {
  void *dst;
  const void *a, *b; // fold: a = slots
  int k;             // 0: reduce2, else fold over k slots
  size_t stride;     // fold: elements from one slot to the next
  size_t n;
  cudaStream_t stream;
};

template <typename T, typename U, int Op> int run(const launch &l) {
  const unsigned threads = 256;
  size_t want = (l.n + threads - 1) / threads;
  unsigned blocks = (unsigned)(want < 1024 ? (want > 0 ? want : 1) : 1024);
  if (l.k == 0)
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
  return by_type(kind, width, op, launch{dst, a, b, 0, 0, n, (cudaStream_t)stream});
}

extern "C" int xmphc_kernel_fold(int kind, int width, int op, void *dst, const void *slots,
                                 int k, size_t stride, size_t n, void *stream) {
  if (k < 1)
    return XMPHC_KERNEL_UNSUPPORTED;
  return by_type(kind, width, op,
                 launch{dst, slots, nullptr, k, stride, n, (cudaStream_t)stream});
}
