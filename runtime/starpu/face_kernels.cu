/* face_kernels.cu - the kernel of the kernel-store path of device halo faces (see
 * face_kernels.h). One thread per unit of the face: the widest of 16, 8, 4, 2 or 1 bytes that
 * every address, run width and pitch is a multiple of, so one-element runs of doubles are
 * single 8-byte stores into the peer's memory. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "face_kernels.h"

namespace {

template <typename Unit>
__global__ void store_face(char *dst, const char *src, xmpsp_face_layout_t l, size_t total) {
  for (size_t u = (size_t)blockIdx.x * blockDim.x + threadIdx.x; u < total;
       u += (size_t)gridDim.x * blockDim.x) {
    size_t s, d;
    xmpsp_face_unit_at(&l, sizeof(Unit), u, &s, &d);
    *(Unit *)(dst + d) = *(const Unit *)(src + s);
  }
}

template <typename Unit>
void launch(void *dst, const void *src, const xmpsp_face_layout_t *l, cudaStream_t stream) {
  size_t total = xmpsp_face_units(l, sizeof(Unit));
  if (total == 0)
    return;
  const unsigned threads = 256, max_blocks = 1024; /* beyond: the threads loop */
  size_t blocks = (total + threads - 1) / threads;
  store_face<Unit><<<blocks < max_blocks ? (unsigned)blocks : max_blocks, threads, 0, stream>>>(
      (char *)dst, (const char *)src, *l, total);
}

} // namespace

extern "C" int xmpsp_face_store(void *dst, const void *src, const xmpsp_face_layout_t *l,
                                void *stream) {
  cudaStream_t s = (cudaStream_t)stream;
  switch (xmpsp_face_unit((uintptr_t)dst, (uintptr_t)src, l)) {
  case 16: launch<uint4>(dst, src, l, s); break;
  case 8: launch<unsigned long long>(dst, src, l, s); break;
  case 4: launch<unsigned>(dst, src, l, s); break;
  case 2: launch<unsigned short>(dst, src, l, s); break;
  default: launch<unsigned char>(dst, src, l, s); break;
  }
  return (int)cudaGetLastError();
}
