/* xmphc_cuda_ipc.h - the CUDA IPC transport's C interface (cuda_ipc.cu), for device faces.
 *
 * Not yet wired into exchange.c: device reflects (reflect_do ... acc) still exchange the
 * host copy (reflect.c). Wiring needs the StarPU handle's device pointer per CUDA worker
 * (starpu_data_get_local_ptr on the worker's memory node) as the face storage. */
#ifndef XMPHC_CUDA_IPC_H
#define XMPHC_CUDA_IPC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One end of a device face: the region is nblocks runs of block_bytes, stride_bytes apart,
 * from base + offset_bytes in device memory; elem_bytes is the element size (stride faces). */
typedef struct xmphc_ipc_region {
  void *base;
  size_t offset_bytes, stride_bytes, block_bytes, elem_bytes;
  long nblocks;
  int kind; /* XMPHC_FACE_* of face.c: 0 contiguous, 1 block-stride, 2 stride */
  int send;
} xmphc_ipc_region_t;

typedef struct xmphc_ipc_face xmphc_ipc_face_t;

/* Size of the setup message; describe writes it, plan reads the peer's. 0: success. */
size_t xmphc_ipc_setup_bytes(void);
int xmphc_ipc_describe(const xmphc_ipc_region_t *r, xmphc_ipc_face_t **f, void *msg);
int xmphc_ipc_plan(xmphc_ipc_face_t *f, const void *peer_msg);
int xmphc_ipc_start(xmphc_ipc_face_t *f, uint64_t epoch);
int xmphc_ipc_test(xmphc_ipc_face_t *f, uint64_t epoch, int *done);
int xmphc_ipc_finish(xmphc_ipc_face_t *f);
void xmphc_ipc_release(xmphc_ipc_face_t *f);

#ifdef __cplusplus
}
#endif
#endif /* XMPHC_CUDA_IPC_H */
