// The small layer that lets himeno_mpi_cuda.cu build two ways from one source:
// with nvcc, where device memory is CUDA memory and each3d() launches a kernel,
// and as plain C++ (mpicxx -x c++, no GPU), where device memory is host memory
// and each3d() is a loop nest. Only the Jacobi kernel itself has a CUDA-specific
// variant (a shared-memory tile); its arithmetic is himeno_stencil.h's in both.
#ifndef HIMENO_DEV_H
#define HIMENO_DEV_H

// Only MPI's C interface (the C++ bindings do not build warning-free).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __CUDACC__
#include <cuda_runtime.h>
#define HD __host__ __device__
#define HIMENO_CUDA 1
#else
#define HD
#define HIMENO_CUDA 0
#endif

[[noreturn]] static inline void himeno_die(const char *what, const char *file, int line) {
  fprintf(stderr, "himeno: %s (%s:%d)\n", what, file, line);
  MPI_Abort(MPI_COMM_WORLD, 1);
  exit(1);
}

#ifdef __CUDACC__
#define CK(call)                                                                                   \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess)                                                                         \
      himeno_die(cudaGetErrorString(e_), __FILE__, __LINE__);                                      \
  } while (0)
#endif

// A half-open box of local indices [lo, hi) in (i, j, k).
struct Box {
  int lo[3], hi[3];
  HD size_t size() const {
    size_t n = 1;
    for (int d = 0; d < 3; d++)
      n *= (size_t)(hi[d] > lo[d] ? hi[d] - lo[d] : 0);
    return n;
  }
};

// A dense 3-D array whose element (i, j, k) lies at ((i-o0)*e1 + (j-o1))*e2 + (k-o2):
// a local grid array (origin 0, its extents) or a packed face buffer (origin and
// extents of the face box).
struct View {
  float *ptr;
  int org[3], ext[3];
  HD float &at(int i, int j, int k) const {
    return ptr[((size_t)(i - org[0]) * ext[1] + (j - org[1])) * ext[2] + (k - org[2])];
  }
};

static inline View view_of_box(float *ptr, const Box &b) {
  View v = {ptr, {b.lo[0], b.lo[1], b.lo[2]}, {0, 0, 0}};
  for (int d = 0; d < 3; d++)
    v.ext[d] = b.hi[d] - b.lo[d];
  return v;
}

// Read-only loads through the read-only data cache on the GPU.
HD inline float ld(const float *q) {
#ifdef __CUDA_ARCH__
  return __ldg(q);
#else
  return *q;
#endif
}

#ifdef __CUDACC__
extern cudaStream_t himeno_stream;

template <class F> __global__ void each3d_kernel(Box b, size_t n, F f) {
  int e1 = b.hi[1] - b.lo[1], e2 = b.hi[2] - b.lo[2];
  for (size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x; t < n;
       t += (size_t)gridDim.x * blockDim.x)
    f(b.lo[0] + (int)(t / ((size_t)e1 * e2)), b.lo[1] + (int)(t / e2 % e1),
      b.lo[2] + (int)(t % e2));
}

// f(i, j, k) for every point of b, on the GPU (k fastest across threads).
template <class F> void each3d(const Box &b, F f) {
  size_t n = b.size();
  if (n == 0)
    return;
  size_t blocks = (n + 255) / 256;
  each3d_kernel<<<(unsigned)(blocks < 65536 ? blocks : 65536), 256, 0, himeno_stream>>>(b, n, f);
  CK(cudaGetLastError());
}
#else
template <class F> void each3d(const Box &b, F f) {
  for (int i = b.lo[0]; i < b.hi[0]; i++)
    for (int j = b.lo[1]; j < b.hi[1]; j++)
      for (int k = b.lo[2]; k < b.hi[2]; k++)
        f(i, j, k);
}
#endif

// dst.at(p + shift) = src.at(p) for every p in b: packing a face into a buffer,
// unpacking it, or (CUDA IPC) storing it straight into a neighbour's halo.
static inline void copy_box(View dst, const int shift[3], View src, const Box &b) {
  int s0 = shift[0], s1 = shift[1], s2 = shift[2];
  each3d(b, [=] HD(int i, int j, int k) { dst.at(i + s0, j + s1, k + s2) = src.at(i, j, k); });
}

static inline float *dev_alloc(size_t n) {
  float *p;
#ifdef __CUDACC__
  CK(cudaMalloc(&p, n * sizeof *p));
#else
  p = (float *)malloc(n * sizeof *p);
  if (!p)
    himeno_die("out of memory", __FILE__, __LINE__);
#endif
  return p;
}

static inline void dev_free(float *p) {
#ifdef __CUDACC__
  CK(cudaFree(p));
#else
  free(p);
#endif
}

// Host buffers that MPI reads and writes (pinned for fast copies on the GPU build).
static inline float *host_alloc(size_t n) {
#ifdef __CUDACC__
  float *p;
  CK(cudaMallocHost(&p, n * sizeof *p));
  return p;
#else
  return dev_alloc(n);
#endif
}

static inline void host_free(float *p) {
#ifdef __CUDACC__
  CK(cudaFreeHost(p));
#else
  dev_free(p);
#endif
}

// Asynchronous copies between host and device; no-ops on the CPU build, where a
// face buffer is its own "device" copy.
static inline void to_host(float *h, const float *d, size_t n) {
#ifdef __CUDACC__
  CK(cudaMemcpyAsync(h, d, n * sizeof *h, cudaMemcpyDeviceToHost, himeno_stream));
#else
  (void)h, (void)d, (void)n;
#endif
}

static inline void to_device(float *d, const float *h, size_t n) {
#ifdef __CUDACC__
  CK(cudaMemcpyAsync(d, h, n * sizeof *d, cudaMemcpyHostToDevice, himeno_stream));
#else
  (void)h, (void)d, (void)n;
#endif
}

static inline void dev_copy(float *dst, const float *src, size_t n) {
#ifdef __CUDACC__
  CK(cudaMemcpyAsync(dst, src, n * sizeof *dst, cudaMemcpyDeviceToDevice, himeno_stream));
#else
  memcpy(dst, src, n * sizeof *dst);
#endif
}

static inline void dev_sync() {
#ifdef __CUDACC__
  CK(cudaStreamSynchronize(himeno_stream));
#endif
}

#endif
