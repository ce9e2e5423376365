// cuda_ipc.cu - the direct path between GPUs of one host: CUDA IPC.
//
// UNTESTED: CI has nvcc but no GPU, so this file is only compiled there; it has not run on a
// GPU machine yet, and exchange.c does not select it yet (see xmphc_cuda_ipc.h). What to
// check on a GPU machine: handles opened across processes, the epoch protocol under
// concurrent faces, cudaMemcpy2DAsync pitches for block-stride faces, the store kernel.
//
// Each end maps the other's storage allocation and a 64-bit device flag once per plan
// (cudaIpcGetMemHandle / cudaIpcOpenMemHandle). An execution with epoch n:
//   receiver: stores n into the sender's flag ("my shadow may be overwritten");
//   sender:   waits for its flag to reach n, then on its own stream copies the face into the
//             receiver's shadow: contiguous faces with one cudaMemcpyAsync, block-stride faces
//             with one cudaMemcpy2DAsync (runs as rows, both pitches given: the copy engines
//             do the gather, no packing), stride faces with a kernel storing each element
//             straight into the peer's memory; then stores n into the receiver's flag, in
//             stream order after the data, so the receiver never sees the flag before it;
//   receiver: waits for its flag to reach n.
// Flags are read by copying them to pinned host memory (cudaMemcpyAsync + synchronize).
#include <cstdlib>
#include <cstring>

#include <cuda.h>
#include <cuda_runtime.h>

#include "xmphc_cuda_ipc.h"

namespace {

enum { kContiguous = 0, kBlockStride = 1, kStride = 2 };

struct Setup {
  cudaIpcMemHandle_t data, flag;
  size_t data_offset;  // of the region's first run from the allocation the handle maps
  size_t flag_offset;
  size_t stride_bytes, block_bytes;
  long nblocks;
};

// Stores element i of a stride face (runs of one element) into the peer's shadow.
__global__ void storeStrided(char *dst, size_t dst_stride, const char *src, size_t src_stride,
                             long n, size_t elem) {
  long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i >= n)
    return;
  const char *s = src + static_cast<size_t>(i) * src_stride;
  char *d = dst + static_cast<size_t>(i) * dst_stride;
  if (elem == 8)
    *reinterpret_cast<unsigned long long *>(d) = *reinterpret_cast<const unsigned long long *>(s);
  else if (elem == 4)
    *reinterpret_cast<unsigned *>(d) = *reinterpret_cast<const unsigned *>(s);
  else
    for (size_t b = 0; b < elem; b++)
      d[b] = s[b];
}

int check(cudaError_t e) { return e == cudaSuccess ? 0 : static_cast<int>(e); }

// The allocation holding p (IPC handles name whole allocations) and p's offset in it.
int allocationOf(const void *p, void **base, size_t *offset) {
  CUdeviceptr b = 0;
  size_t size = 0;
  if (cuMemGetAddressRange(&b, &size, reinterpret_cast<CUdeviceptr>(p)) != CUDA_SUCCESS)
    return -1;
  *base = reinterpret_cast<void *>(b);
  *offset = static_cast<size_t>(reinterpret_cast<CUdeviceptr>(p) - b);
  return 0;
}

} // namespace

struct xmphc_ipc_face {
  xmphc_ipc_region_t region;
  uint64_t *flag = nullptr;      // this end's flag, device memory
  uint64_t *host_epoch = nullptr; // pinned: source of flag stores and target of flag reads
  char *peer_data = nullptr;     // peer's mapped allocation
  char *peer_flag_base = nullptr;
  uint64_t *peer_flag = nullptr;
  size_t peer_offset = 0, peer_stride = 0;
  cudaStream_t stream = nullptr;
  bool sent = false;
};

extern "C" size_t xmphc_ipc_setup_bytes(void) { return sizeof(Setup); }

extern "C" int xmphc_ipc_describe(const xmphc_ipc_region_t *r, xmphc_ipc_face_t **out,
                                  void *msg) {
  xmphc_ipc_face_t *f = new xmphc_ipc_face_t();
  *out = f;
  f->region = *r;
  int st;
  if ((st = check(cudaStreamCreateWithFlags(&f->stream, cudaStreamNonBlocking))) ||
      (st = check(cudaMalloc(&f->flag, sizeof *f->flag))) ||
      (st = check(cudaMemset(f->flag, 0, sizeof *f->flag))) ||
      (st = check(cudaMallocHost(&f->host_epoch, 2 * sizeof *f->host_epoch))))
    return st;
  Setup s;
  std::memset(&s, 0, sizeof s);
  void *base;
  size_t offset;
  const char *region = static_cast<const char *>(r->base) + r->offset_bytes;
  if (allocationOf(region, &base, &offset) != 0)
    return -1;
  if ((st = check(cudaIpcGetMemHandle(&s.data, base))) ||
      (st = check(cudaIpcGetMemHandle(&s.flag, f->flag))))
    return st;
  s.data_offset = offset;
  s.flag_offset = 0;
  s.stride_bytes = r->stride_bytes;
  s.block_bytes = r->block_bytes;
  s.nblocks = r->nblocks;
  std::memcpy(msg, &s, sizeof s);
  return 0;
}

extern "C" int xmphc_ipc_plan(xmphc_ipc_face_t *f, const void *peer_msg) {
  Setup s;
  std::memcpy(&s, peer_msg, sizeof s);
  if (s.nblocks != f->region.nblocks || s.block_bytes != f->region.block_bytes)
    return -1;
  void *data = nullptr, *flag = nullptr;
  int st;
  if ((st = check(cudaIpcOpenMemHandle(&data, s.data, cudaIpcMemLazyEnablePeerAccess))) ||
      (st = check(cudaIpcOpenMemHandle(&flag, s.flag, cudaIpcMemLazyEnablePeerAccess))))
    return st;
  f->peer_data = static_cast<char *>(data);
  f->peer_flag_base = static_cast<char *>(flag);
  f->peer_flag = reinterpret_cast<uint64_t *>(f->peer_flag_base + s.flag_offset);
  f->peer_offset = s.data_offset;
  f->peer_stride = s.stride_bytes;
  return 0;
}

// Stores epoch into the peer's flag on the face's stream.
static int storeFlag(xmphc_ipc_face_t *f, uint64_t epoch) {
  f->host_epoch[0] = epoch;
  return check(cudaMemcpyAsync(f->peer_flag, &f->host_epoch[0], sizeof(uint64_t),
                               cudaMemcpyHostToDevice, f->stream));
}

// Whether this end's flag has reached epoch.
static int flagReached(xmphc_ipc_face_t *f, uint64_t epoch, int *reached) {
  int st;
  if ((st = check(cudaMemcpyAsync(&f->host_epoch[1], f->flag, sizeof(uint64_t),
                                  cudaMemcpyDeviceToHost, f->stream))) ||
      (st = check(cudaStreamSynchronize(f->stream))))
    return st;
  *reached = f->host_epoch[1] >= epoch;
  return 0;
}

extern "C" int xmphc_ipc_start(xmphc_ipc_face_t *f, uint64_t epoch) {
  f->sent = false;
  return f->region.send ? 0 : storeFlag(f, epoch);
}

static int sendFace(xmphc_ipc_face_t *f) {
  const xmphc_ipc_region_t &r = f->region;
  const char *src = static_cast<const char *>(r.base) + r.offset_bytes;
  char *dst = f->peer_data + f->peer_offset;
  switch (r.kind) {
  case kContiguous:
    return check(cudaMemcpyAsync(dst, src, r.block_bytes * static_cast<size_t>(r.nblocks),
                                 cudaMemcpyDeviceToDevice, f->stream));
  case kBlockStride:
    return check(cudaMemcpy2DAsync(dst, f->peer_stride, src, r.stride_bytes, r.block_bytes,
                                   static_cast<size_t>(r.nblocks), cudaMemcpyDeviceToDevice,
                                   f->stream));
  default: {
    const unsigned threads = 256;
    unsigned blocks = static_cast<unsigned>((r.nblocks + threads - 1) / threads);
    storeStrided<<<blocks, threads, 0, f->stream>>>(dst, f->peer_stride, src, r.stride_bytes,
                                                    r.nblocks, r.elem_bytes);
    return check(cudaGetLastError());
  }
  }
}

extern "C" int xmphc_ipc_test(xmphc_ipc_face_t *f, uint64_t epoch, int *done) {
  *done = 0;
  int reached = 0, st;
  if ((st = flagReached(f, epoch, &reached)) || !reached)
    return st;
  if (f->region.send && !f->sent) {
    if ((st = sendFace(f)) || (st = storeFlag(f, epoch)))
      return st;
    f->sent = true;
  }
  *done = 1;
  return 0;
}

extern "C" int xmphc_ipc_finish(xmphc_ipc_face_t *f) {
  return check(cudaStreamSynchronize(f->stream));
}

extern "C" void xmphc_ipc_release(xmphc_ipc_face_t *f) {
  if (f == nullptr)
    return;
  if (f->stream != nullptr)
    cudaStreamSynchronize(f->stream);
  if (f->peer_data != nullptr)
    cudaIpcCloseMemHandle(f->peer_data);
  if (f->peer_flag_base != nullptr)
    cudaIpcCloseMemHandle(f->peer_flag_base);
  if (f->flag != nullptr)
    cudaFree(f->flag);
  if (f->host_epoch != nullptr)
    cudaFreeHost(f->host_epoch);
  if (f->stream != nullptr)
    cudaStreamDestroy(f->stream);
  delete f;
}
