/* face_kernels.h - the kernel-store path of device halo faces: a CUDA kernel that reads a face
 * of this process's GPU storage and stores it straight into a peer's shadow mapped through
 * CUDA IPC (faster than the copy engines for small faces and faces of one-element runs).
 *
 * libxmp links no CUDA library, so the kernel lives in a shared library of its own
 * (face_kernels.cu, built where nvcc is found) that gpu_faces.c opens with dlopen and reaches
 * through the one entry point below. Plain C: included by both. */
#ifndef XMPSP_FACE_KERNELS_H
#define XMPSP_FACE_KERNELS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { XMPSP_FACE_MAX_OUTER = 8 };

/* A face as runs of `width` contiguous bytes, repeated along up to XMPSP_FACE_MAX_OUTER outer
 * dimensions (innermost first) with these counts and, at each end, these pitches in bytes. */
typedef struct xmpsp_face_layout {
  size_t width;
  int nouter;
  size_t count[XMPSP_FACE_MAX_OUTER];
  size_t src_pitch[XMPSP_FACE_MAX_OUTER], dst_pitch[XMPSP_FACE_MAX_OUTER];
} xmpsp_face_layout_t;

/* Launches the store of the face at src (this device's memory) into dst (a peer's memory
 * this device can write) on stream (a cudaStream_t) and returns the launch's cudaError_t
 * (0: launched; completion is the stream's). */
typedef int (*xmpsp_face_store_fn)(void *dst, const void *src, const xmpsp_face_layout_t *l,
                                   void *stream);
#define XMPSP_FACE_STORE_SYMBOL "xmpsp_face_store"
int xmpsp_face_store(void *dst, const void *src, const xmpsp_face_layout_t *l, void *stream);

#ifdef __cplusplus
}
#endif

#endif /* XMPSP_FACE_KERNELS_H */
