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
  size_t per_run = l.width / sizeof(Unit);
  for (size_t u = (size_t)blockIdx.x * blockDim.x + threadIdx.x; u < total;
       u += (size_t)gridDim.x * blockDim.x) {
    size_t rest = u / per_run, s = (u % per_run) * sizeof(Unit), d = s;
    for (int e = 0; e < l.nouter; e++) {
      size_t i = rest % l.count[e];
      rest /= l.count[e];
      s += i * l.src_pitch[e];
      d += i * l.dst_pitch[e];
    }
    *(Unit *)(dst + d) = *(const Unit *)(src + s);
  }
}

/* The widest unit every address and length of the face is a multiple of. */
size_t unit_of(const void *dst, const void *src, const xmpsp_face_layout_t *l) {
  size_t all = (size_t)(uintptr_t)dst | (size_t)(uintptr_t)src | l->width;
  for (int e = 0; e < l->nouter; e++)
    all |= l->src_pitch[e] | l->dst_pitch[e];
  size_t unit = 16;
  while (unit > 1 && all % unit != 0)
    unit /= 2;
  return unit;
}

template <typename Unit>
void launch(void *dst, const void *src, const xmpsp_face_layout_t *l, cudaStream_t stream) {
  size_t total = l->width / sizeof(Unit);
  for (int e = 0; e < l->nouter; e++)
    total *= l->count[e];
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
  switch (unit_of(dst, src, l)) {
  case 16: launch<uint4>(dst, src, l, s); break;
  case 8: launch<unsigned long long>(dst, src, l, s); break;
  case 4: launch<unsigned>(dst, src, l, s); break;
  case 2: launch<unsigned short>(dst, src, l, s); break;
  default: launch<unsigned char>(dst, src, l, s); break;
  }
  return (int)cudaGetLastError();
}
