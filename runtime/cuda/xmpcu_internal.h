/* xmpcu_internal.h - the CUDA layer's own: the runtime and driver entry points it reaches
 * through dlsym (libxmp links no CUDA library: libstarpu, linked against cudart when StarPU
 * was built with CUDA, brings it into the process), and its error check. */
#ifndef XMPCU_INTERNAL_H
#define XMPCU_INTERNAL_H

#include "xmpcu.h"

/* The CUDA runtime and driver entry points used here (cudaError_t / CUresult are ints). */
typedef struct xmpcu_api {
  int (*set_device)(int);
  int (*memcpy2d_async)(void *, size_t, const void *, size_t, size_t, size_t, int, void *);
  int (*stream_create)(void **, unsigned);
  int (*stream_sync)(void *);
  int (*event_create)(void **, unsigned);
  int (*event_record)(void *, void *);
  int (*event_sync)(void *);
  int (*event_query)(void *);
  int (*event_elapsed)(float *, void *, void *);
  int (*event_destroy)(void *);
  int (*stream_wait_event)(void *, void *, unsigned);
  int (*ipc_get)(void *handle, void *ptr);
  int (*ipc_open)(void **ptr, xmp_dev_ipc_handle_t handle, unsigned flags);
  int (*ipc_close)(void *ptr);
  int (*can_access_peer)(int *, int, int);
  const char *(*error_string)(int);
  /* cuPointerGetAttributes: unlike the runtime's query, never fails on an unknown address */
  int (*pointer_attrs)(unsigned n, int *attrs, void **data, uintptr_t ptr);
  int (*get_device)(int *);
  int (*malloc_device)(void **, size_t);
  int (*free_device)(void *);
  int (*malloc_host)(void **, size_t);
  int (*free_host)(void *);
  int (*memcpy_async)(void *, const void *, size_t, int, void *);
  int (*ipc_event_get)(void *handle, void *event);
  int (*ipc_event_open)(void **event, xmp_dev_ipc_handle_t handle);
  int (*mem_get_info)(size_t *, size_t *);
  int (*host_device_ptr)(void **, void *, unsigned);
  /* flags in device memory (the driver's stream memory operations; NULL: not there) */
  int (*stream_write64)(void *stream, unsigned long long addr, uint64_t value, unsigned flags);
  int (*stream_wait64)(void *stream, unsigned long long addr, uint64_t value, unsigned flags);
  int (*device_get)(int *dev, int ordinal);
  int (*device_attribute)(int *value, int attribute, int dev);
} xmpcu_api_t;

enum { XMPCU_MEMCPY_DEFAULT = 4, XMPCU_STREAM_NON_BLOCKING = 1, XMPCU_IPC_LAZY_PEER = 1 };
enum { XMPCU_ALREADY_MAPPED = 208, XMPCU_NOT_READY = 600 }; /* cudaError_t values */
/* CUpointer_attribute and CUmemorytype values of cuda.h (named apart: StarPU may include it) */
enum {
  XMPCU_PA_MEMORY_TYPE = 2,
  XMPCU_PA_DEVICE_POINTER = 3,
  XMPCU_PA_BUFFER_ID = 7,
  XMPCU_PA_DEVICE_ORDINAL = 9,
  XMPCU_PA_RANGE_START = 11,
  XMPCU_PA_RANGE_SIZE = 12,
};

/* The entry points, looked up on first use (a missing runtime entry point is fatal). */
const xmpcu_api_t *xmpcu_api(const xmp_rt_srcloc_t *where);

#endif
