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
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layout arithmetic below is shared by the kernel (nvcc), gpu_faces.c and the unit test
 * that checks it on the host (test/runtime/unit/test_face_layout.c). */
#ifdef __CUDACC__
#define XMPSP_FACE_FN static inline __host__ __device__
#else
#define XMPSP_FACE_FN static inline
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

/* The layout of a box of count[] elements of elem bytes (rank <= XMPSP_FACE_MAX_OUTER
 * dimensions, C order) taken at src_start of a storage of src_extent and put at dst_start of
 * one of dst_extent, and the byte offsets of its first element at both ends. Dimensions of one
 * element are dropped; a dimension joins the run, or the next outer dimension, only where it
 * continues it evenly at both ends, so both ends always have the same runs. The same extent
 * and start twice: one box's own runs. */
XMPSP_FACE_FN void xmpsp_face_layout(int rank, size_t elem, const long *count,
                                     const long *src_extent, const long *src_start,
                                     const long *dst_extent, const long *dst_start,
                                     xmpsp_face_layout_t *l, size_t *src_offset,
                                     size_t *dst_offset) {
  size_t ss = elem, ds = elem; /* bytes between consecutive indices of dimension e */
  l->width = elem;
  l->nouter = 0;
  for (int e = 0; e < XMPSP_FACE_MAX_OUTER; e++)
    l->count[e] = l->src_pitch[e] = l->dst_pitch[e] = 0;
  *src_offset = *dst_offset = 0;
  for (int e = rank - 1; e >= 0; e--) {
    size_t c = (size_t)count[e];
    *src_offset += (size_t)src_start[e] * ss;
    *dst_offset += (size_t)dst_start[e] * ds;
    int n = l->nouter;
    if (c == 1) {
      /* nothing to repeat */
    } else if (ss == l->width && ds == l->width) {
      l->width *= c; /* every inner dimension whole at both ends: the run goes on */
    } else if (n > 0 && l->src_pitch[n - 1] * l->count[n - 1] == ss &&
               l->dst_pitch[n - 1] * l->count[n - 1] == ds) {
      l->count[n - 1] *= c;
    } else {
      l->count[n] = c;
      l->src_pitch[n] = ss;
      l->dst_pitch[n] = ds;
      l->nouter++;
    }
    ss *= (size_t)src_extent[e];
    ds *= (size_t)dst_extent[e];
  }
}

/* The widest store unit (16, 8, 4, 2 or 1 bytes) that both addresses, the run width and
 * every pitch are multiples of: aligned vector stores only. */
XMPSP_FACE_FN size_t xmpsp_face_unit(uintptr_t dst, uintptr_t src, const xmpsp_face_layout_t *l) {
  size_t all = (size_t)dst | (size_t)src | l->width;
  for (int e = 0; e < l->nouter; e++)
    all |= l->src_pitch[e] | l->dst_pitch[e];
  size_t unit = 16;
  while (unit > 1 && all % unit != 0)
    unit /= 2;
  return unit;
}

/* How many units of `unit` bytes the face has (0: empty). */
XMPSP_FACE_FN size_t xmpsp_face_units(const xmpsp_face_layout_t *l, size_t unit) {
  size_t total = l->width / unit;
  for (int e = 0; e < l->nouter; e++)
    total *= l->count[e];
  return total;
}

/* Byte offsets, from the face's first byte at each end, of unit u (u < xmpsp_face_units):
 * units run along the run, then the outer dimensions, innermost first (the kernel's thread u
 * stores this unit). */
XMPSP_FACE_FN void xmpsp_face_unit_at(const xmpsp_face_layout_t *l, size_t unit, size_t u,
                                      size_t *src, size_t *dst) {
  size_t per_run = l->width / unit, rest = u / per_run;
  *src = *dst = (u % per_run) * unit;
  for (int e = 0; e < l->nouter; e++) {
    size_t i = rest % l->count[e];
    rest /= l->count[e];
    *src += i * l->src_pitch[e];
    *dst += i * l->dst_pitch[e];
  }
}

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
