/* gpu_faces.c - halo faces of a replicated array whose current copy is in a GPU's memory,
 * moved by the main thread while it holds that copy (reflect ... acc): box copies between the
 * GPU and a pinned host buffer (the MPI path) and from the GPU straight into a peer process's
 * GPU storage mapped through CUDA IPC (the direct path), on the copy engines, without
 * packing kernels: after merging contiguous dimensions a face is one 2-D copy per outer
 * index (one in all for the faces of 2-D and 3-D arrays).
 *
 * A third way writes into the peer: a kernel storing the face into the peer's storage (the
 * kernel-store path, faster for small faces and one-element runs), from the shared library
 * of face_kernels.cu, opened when first asked for.
 *
 * CUDA is reached through dlsym, as engine.c does: libxmp links no CUDA library, and where
 * StarPU was built without CUDA (or the process sees no device) nothing here is used. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "face_kernels.h"
#include "xmpsp_internal.h"

#ifdef STARPU_USE_CUDA

/* The CUDA runtime and driver entry points used here (cudaError_t / CUresult are ints). */
typedef struct cuda_api {
  int (*set_device)(int);
  int (*memcpy2d_async)(void *, size_t, const void *, size_t, size_t, size_t, int, void *);
  int (*stream_create)(void **, unsigned);
  int (*stream_sync)(void *);
  int (*event_create)(void **, unsigned);
  int (*event_record)(void *, void *);
  int (*event_sync)(void *);
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
  /* raw buffers of the hybrid layer's device collectives */
  int (*get_device)(int *);
  int (*malloc_device)(void **, size_t);
  int (*free_device)(void *);
  int (*malloc_host)(void **, size_t);
  int (*free_host)(void *);
  /* out-of-core loops */
  int (*memcpy_async)(void *, const void *, size_t, int, void *);
  /* cross-process ordering (reflect ... acc) */
  int (*ipc_event_get)(void *handle, void *event);
  int (*ipc_event_open)(void **event, xmp_dev_ipc_handle_t handle);
  int (*mem_get_info)(size_t *, size_t *);
  int (*host_device_ptr)(void **, void *, unsigned);
  /* flags in device memory (the driver's stream memory operations; NULL: not there) */
  int (*stream_write64)(void *stream, unsigned long long addr, uint64_t value, unsigned flags);
  int (*stream_wait64)(void *stream, unsigned long long addr, uint64_t value, unsigned flags);
  int (*device_get)(int *dev, int ordinal);
  int (*device_attribute)(int *value, int attribute, int dev);
} cuda_api_t;

enum { CUDA_MEMCPY_DEFAULT = 4, CUDA_STREAM_NON_BLOCKING = 1, CUDA_IPC_LAZY_PEER = 1 };
enum { CUDA_EVENT_DISABLE_TIMING = 2, CUDA_EVENT_INTERPROCESS = 4 };
enum { CUDA_ALREADY_MAPPED = 208 };
/* CUpointer_attribute and CUmemorytype values of cuda.h (named apart: StarPU may include it) */
enum {
  CU_PA_MEMORY_TYPE = 2,
  CU_PA_DEVICE_POINTER = 3,
  CU_PA_BUFFER_ID = 7,
  CU_PA_DEVICE_ORDINAL = 9,
  CU_PA_RANGE_START = 11,
  CU_PA_RANGE_SIZE = 12,
  MEMTYPE_HOST = 1,
  MEMTYPE_DEVICE = 2,
  MEMTYPE_MANAGED = 4
};

static const cuda_api_t *cuda(const xmp_rt_srcloc_t *where) {
  static cuda_api_t api;
  static int loaded;
  if (loaded)
    return &api;
  struct {
    const char *name;
    void **fn;
  } want[] = {
      {"cudaSetDevice", (void **)&api.set_device},
      {"cudaMemcpy2DAsync", (void **)&api.memcpy2d_async},
      {"cudaStreamCreateWithFlags", (void **)&api.stream_create},
      {"cudaStreamSynchronize", (void **)&api.stream_sync},
      {"cudaEventCreateWithFlags", (void **)&api.event_create},
      {"cudaEventRecord", (void **)&api.event_record},
      {"cudaEventSynchronize", (void **)&api.event_sync},
      {"cudaEventElapsedTime", (void **)&api.event_elapsed},
      {"cudaEventDestroy", (void **)&api.event_destroy},
      {"cudaStreamWaitEvent", (void **)&api.stream_wait_event},
      {"cudaIpcGetMemHandle", (void **)&api.ipc_get},
      {"cudaIpcOpenMemHandle", (void **)&api.ipc_open},
      {"cudaIpcCloseMemHandle", (void **)&api.ipc_close},
      {"cudaDeviceCanAccessPeer", (void **)&api.can_access_peer},
      {"cudaGetErrorString", (void **)&api.error_string},
      {"cudaGetDevice", (void **)&api.get_device},
      {"cudaMalloc", (void **)&api.malloc_device},
      {"cudaFree", (void **)&api.free_device},
      {"cudaMallocHost", (void **)&api.malloc_host},
      {"cudaFreeHost", (void **)&api.free_host},
      {"cudaMemcpyAsync", (void **)&api.memcpy_async},
      {"cudaIpcGetEventHandle", (void **)&api.ipc_event_get},
      {"cudaIpcOpenEventHandle", (void **)&api.ipc_event_open},
      {"cudaMemGetInfo", (void **)&api.mem_get_info},
      {"cudaHostGetDevicePointer", (void **)&api.host_device_ptr},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    if ((*want[i].fn = dlsym(RTLD_DEFAULT, want[i].name)) == NULL)
      xmpb_fatal(where, "CUDA runtime: %s not found in the process", want[i].name);
  /* The driver library is loaded by the runtime already; NOLOAD only looks it up. */
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (driver != NULL)
    *(void **)&api.pointer_attrs = dlsym(driver, "cuPointerGetAttributes");
  if (api.pointer_attrs == NULL)
    xmpb_fatal(where, "CUDA driver: cuPointerGetAttributes not found in the process");
  if (driver != NULL) { /* optional: the halo faces' flags (xmp_dev_gpu_flags_available) */
    *(void **)&api.stream_write64 = dlsym(driver, "cuStreamWriteValue64_v2");
    *(void **)&api.stream_wait64 = dlsym(driver, "cuStreamWaitValue64_v2");
    *(void **)&api.device_get = dlsym(driver, "cuDeviceGet");
    *(void **)&api.device_attribute = dlsym(driver, "cuDeviceGetAttribute");
  }
  loaded = 1;
  return &api;
}

static void check(int err, const char *what, const xmp_rt_srcloc_t *where) {
  if (err != 0)
    xmpb_fatal(where, "CUDA: %s failed: %s", what, cuda(where)->error_string(err));
}

static int current_device(const xmp_rt_srcloc_t *where) {
  int device = -1;
  check(cuda(where)->get_device(&device), "cudaGetDevice", where);
  return device;
}

/* Makes device current and returns the one that was (StarPU's calls may change the main
 * thread's current device; copies, kernels and IPC mappings belong to one device). */
static int use_device(int device, const xmp_rt_srcloc_t *where) {
  int was = current_device(where);
  if (device >= 0 && device != was)
    check(cuda(where)->set_device(device), "cudaSetDevice", where);
  return was;
}

/* An event of the current device (flags: cudaEventCreateWithFlags's). */
static void *new_event(unsigned flags, const xmp_rt_srcloc_t *where) {
  void *ev = NULL;
  check(cuda(where)->event_create(&ev, flags), "cudaEventCreateWithFlags", where);
  return ev;
}

int xmp_dev_gpu_use_device(int device, const xmp_rt_srcloc_t *where) {
  return use_device(device, where);
}

void xmp_dev_gpu_settle(const xmp_rt_srcloc_t *where) {
  check(cuda(where)->stream_sync(NULL), "cudaStreamSynchronize (default stream)", where);
}

void xmp_dev_gpu_order(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  static void *events[STARPU_MAXCUDADEVS]; /* one per device, made on it */
  if (v->device < 0 || v->device >= STARPU_MAXCUDADEVS)
    xmpb_fatal(where, "CUDA device %d out of range", v->device);
  void **ev = &events[v->device];
  if (*ev == NULL)
    *ev = new_event(CUDA_EVENT_DISABLE_TIMING, where);
  check(cuda(where)->event_record(*ev, NULL), "cudaEventRecord (default stream)", where);
  check(cuda(where)->stream_wait_event(v->stream, *ev, 0), "cudaStreamWaitEvent", where);
}

/* One stream per device for the main thread's copies, created on that device (a stream
 * belongs to the device current at its creation). */
static void *new_stream(int device, const xmp_rt_srcloc_t *where) {
  void *stream = NULL;
  int was = use_device(device, where);
  check(cuda(where)->stream_create(&stream, CUDA_STREAM_NON_BLOCKING),
        "cudaStreamCreateWithFlags", where);
  use_device(was, where);
  return stream;
}

static void *stream_of(int device, const xmp_rt_srcloc_t *where) {
  static void *streams[STARPU_MAXCUDADEVS];
  if (device < 0 || device >= STARPU_MAXCUDADEVS)
    xmpb_fatal(where, "CUDA device %d out of range", device);
  if (streams[device] == NULL)
    streams[device] = new_stream(device, where);
  return streams[device];
}

/* What the driver says of an address: memory type (0: unknown to CUDA), device, and the
 * allocation holding it (its process-wide id, start and size). */
typedef struct ptr_info {
  unsigned type;
  int device;
  unsigned long long id;
  uintptr_t base;
  size_t size;
} ptr_info_t;

static ptr_info_t ptr_info(const void *p, const xmp_rt_srcloc_t *where) {
  ptr_info_t i = {0, -1, 0, 0, 0};
  int attrs[] = {CU_PA_MEMORY_TYPE, CU_PA_DEVICE_ORDINAL, CU_PA_BUFFER_ID, CU_PA_RANGE_START,
                 CU_PA_RANGE_SIZE};
  void *data[] = {&i.type, &i.device, &i.id, &i.base, &i.size};
  if (cuda(where)->pointer_attrs(sizeof attrs / sizeof *attrs, attrs, data, (uintptr_t)p) != 0)
    i = (ptr_info_t){0, -1, 0, 0, 0};
  return i;
}

/* p as the driver sees it, for messages. */
static const char *describe(const void *p, char *buf, size_t len) {
  ptr_info_t i = ptr_info(p, NULL);
  const char *type = i.type == MEMTYPE_DEVICE    ? "device"
                     : i.type == MEMTYPE_HOST    ? "pinned host"
                     : i.type == MEMTYPE_MANAGED ? "managed"
                                                 : "not CUDA memory (pageable host?)";
  if (i.type == 0)
    snprintf(buf, len, "%p: %s", p, type);
  else
    snprintf(buf, len, "%p: %s memory of device %d, allocation %#lx + %zu B (id %llu), at +%zu",
             p, type, i.device, (unsigned long)i.base, i.size, i.id,
             (size_t)((uintptr_t)p - i.base));
  return buf;
}

/* A failed copy: both ends as the driver sees them, so that a GPU run names the culprit. */
static void check_copy(int err, const char *what, void *dst, const void *src, size_t width,
                       size_t rows, const xmp_rt_srcloc_t *where) {
  if (err == 0)
    return;
  char d[192], s[192];
  xmpb_fatal(where,
             "CUDA: %s failed: %s; dst %s; src %s; %zu B x %zu rows; current device %d",
             what, cuda(where)->error_string(err), describe(dst, d, sizeof d),
             describe(src, s, sizeof s), width, rows, current_device(where));
}

void *xmpsp_cuda_stream(int device, const xmp_rt_srcloc_t *where) {
  return stream_of(device, where);
}

void xmpsp_cuda_sync(void *stream, const xmp_rt_srcloc_t *where) {
  check(cuda(where)->stream_sync(stream), "cudaStreamSynchronize (device loops)", where);
}

void *xmpsp_cuda_event(const xmp_rt_srcloc_t *where) { return new_event(0, where); }

void xmpsp_cuda_record(void *event, void *stream, const xmp_rt_srcloc_t *where) {
  check(cuda(where)->event_record(event, stream), "cudaEventRecord", where);
}

void xmpsp_cuda_event_wait(void *event, const xmp_rt_srcloc_t *where) {
  check(cuda(where)->event_sync(event), "cudaEventSynchronize", where);
}

double xmpsp_cuda_elapsed(void *start, void *end, const xmp_rt_srcloc_t *where) {
  float ms = 0;
  check(cuda(where)->event_sync(end), "cudaEventSynchronize", where);
  check(cuda(where)->event_elapsed(&ms, start, end), "cudaEventElapsedTime", where);
  return ms * 1e-3;
}

void xmpsp_cuda_event_free(void *event) {
  if (event != NULL)
    cuda(NULL)->event_destroy(event);
}

void *xmpsp_cuda_stream_new(int device, const xmp_rt_srcloc_t *where) {
  return new_stream(device, where);
}

void *xmpsp_cuda_event_sync_only(const xmp_rt_srcloc_t *where) {
  return new_event(CUDA_EVENT_DISABLE_TIMING, where);
}

void xmpsp_cuda_stream_wait(void *stream, void *event, const xmp_rt_srcloc_t *where) {
  check(cuda(where)->stream_wait_event(stream, event, 0), "cudaStreamWaitEvent", where);
}

void xmpsp_cuda_copy(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                     size_t height, void *stream, const xmp_rt_srcloc_t *where) {
  if (height == 1 || (dpitch == width && spitch == width))
    check_copy(cuda(where)->memcpy_async(dst, src, width * height, CUDA_MEMCPY_DEFAULT, stream),
               "cudaMemcpyAsync (out-of-core rows)", dst, src, width * height, 1, where);
  else
    check_copy(cuda(where)->memcpy2d_async(dst, dpitch, src, spitch, width, height,
                                           CUDA_MEMCPY_DEFAULT, stream),
               "cudaMemcpy2DAsync (out-of-core rows)", dst, src, width, height, where);
}

void xmpsp_cuda_mem_info(int device, size_t *free_bytes, size_t *total_bytes,
                         const xmp_rt_srcloc_t *where) {
  int was = use_device(device, where);
  check(cuda(where)->mem_get_info(free_bytes, total_bytes), "cudaMemGetInfo", where);
  use_device(was, where);
}

void *xmpsp_cuda_device_ptr(void *host, const xmp_rt_srcloc_t *where) {
  void *p = NULL;
  check(cuda(where)->host_device_ptr(&p, host, 0), "cudaHostGetDevicePointer", where);
  return p;
}

void *xmpsp_cuda_mapped(void *host) {
  int attrs[2] = {CU_PA_MEMORY_TYPE, CU_PA_DEVICE_POINTER};
  unsigned type = 0;
  void *dev = NULL;
  void *data[2] = {&type, &dev};
  if (host == NULL || cuda(NULL)->pointer_attrs(2, attrs, data, (uintptr_t)host) != 0 ||
      type != MEMTYPE_HOST)
    return NULL;
  return dev;
}

void xmpsp_cuda_zero(void *dev, size_t bytes, const xmp_rt_srcloc_t *where) {
  static const unsigned char zeros[256];
  if (bytes > sizeof zeros)
    xmpb_fatal(where, "internal: %zu bytes to zero at once (at most %zu)", bytes, sizeof zeros);
  check(cuda(where)->memcpy_async(dev, zeros, bytes, CUDA_MEMCPY_DEFAULT, NULL),
        "cudaMemcpyAsync (zeroing a counter)", where);
  check(cuda(where)->stream_sync(NULL), "cudaStreamSynchronize (zeroing a counter)", where);
}

/* The IPC export of a held array's storage, kept while that hold lasts (exec.c: until the
 * next StarPU entry), while StarPU can neither move nor free that storage: each device
 * exchange's receivers export it before their notes leave, and the driver's pointer query
 * would otherwise sit on every execution's critical path. */
static struct {
  const xmp_dev_data_t *data; /* NULL: none */
  unsigned long epoch;        /* of its hold */
  const void *ptr;
  xmp_dev_ipc_t ipc;
} held_export;

/* The array is held read-write on a GPU's memory node (exec.c) - taken where StarPU has a
 * valid copy in a GPU, or already held there by the direct loops or an earlier reflect:
 * back-to-back reflects and direct loops then keep it without StarPU (waking its paused
 * workers costs more than the exchange of a small face). Any other StarPU entry releases it
 * first (xmpsp_enter), so no task or transfer can wait on it, and the device copy cannot move
 * while it is held. settle: the direct loops' queued kernels are completed first (the reduction
 * ... acc's collectives rely on it); the reflect's faces order themselves with the peers'
 * streams by CUDA IPC events instead (device_exchange.c). */
static int acquire(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v, int settle,
                   const xmp_rt_srcloc_t *where) {
  memset(v, 0, sizeof *v);
  v->device = -1;
  if (d->dummy != NULL)
    return 0;
  int node = -1;
  if (d->hold.node >= 0) {
    if (starpu_node_get_kind((unsigned)d->hold.node) == STARPU_CUDA_RAM)
      node = d->hold.node;
  } else {
    xmpsp_enter_keep();
    /* Rows split between devices by a device loop are gathered on the host first (StarPU
     * 1.4): such an array then takes the host path. */
    xmpsp_part_unpartition(d);
    const xmpsp_workers_t *w = xmpsp_workers();
    for (int i = 0; i < w->ncuda && node < 0; i++) {
      unsigned n = starpu_worker_get_memory_node((unsigned)w->cuda[i]);
      if (starpu_data_is_on_node(d->handle, n))
        node = (int)n;
    }
    xmpsp_leave();
  }
  if (node < 0)
    return 0;
  const xmpsp_hold_t *h = xmpsp_hold(d, node, STARPU_RW, where);
  if (settle)
    xmpsp_direct_settle(where);
  xmpsp_ooc_written(d); /* the GPU's copy is the truth now */
  v->data = d;
  v->node = node;
  v->device = starpu_memory_node_get_devid((unsigned)node);
  v->ptr = (void *)h->iface.ptr;
  use_device(v->device, where);
  v->stream = stream_of(v->device, where);
  return 1;
}

int xmp_dev_gpu_acquire(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  return acquire(d, v, 1, where);
}

int xmp_dev_gpu_acquire_queued(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v,
                               const xmp_rt_srcloc_t *where) {
  return acquire(d, v, 0, where);
}

/* The hold stays (exec.c). */
void xmp_dev_gpu_release(xmp_dev_gpu_view_t *v) { v->data = NULL; }

/* A box as at most XMP_RT_MAX_DIMS runs: dims[0] the contiguous bytes of a run, then counts
 * and pitches (bytes) of the outer dimensions, contiguous ones merged, innermost first. */
typedef struct runs {
  int n; /* dimensions after dims[0] */
  size_t width;
  size_t count[XMP_RT_MAX_DIMS], pitch[XMP_RT_MAX_DIMS];
  size_t offset; /* of the box's first element, bytes */
} runs_t;

/* One end of a layout (face_kernels.h's arithmetic) as runs. */
static runs_t runs_of(const xmpsp_face_layout_t *l, const size_t *pitch, size_t offset) {
  _Static_assert(XMP_RT_MAX_DIMS <= XMPSP_FACE_MAX_OUTER, "face layouts need more dimensions");
  runs_t r = {l->nouter, l->width, {0}, {0}, offset};
  for (int e = 0; e < l->nouter; e++) {
    r.count[e] = l->count[e];
    r.pitch[e] = pitch[e];
  }
  return r;
}

static runs_t box_runs(int rank, const long *extent, const long *start, const long *count,
                       size_t elem) {
  xmpsp_face_layout_t l;
  size_t at, same;
  xmpsp_face_layout(rank, elem, count, extent, start, extent, start, &l, &at, &same);
  return runs_of(&l, l.src_pitch, at);
}

/* Copies the runs of src (layout s) to dst (layout t, same shape): one 2-D copy per index of
 * the dimensions beyond the second. */
static void copy_runs(const xmp_dev_gpu_view_t *v, char *dst, const runs_t *t, const char *src,
                      const runs_t *s, const xmp_rt_srcloc_t *where) {
  size_t rows = s->n > 0 ? s->count[0] : 1;
  size_t dpitch = t->n > 0 ? t->pitch[0] : t->width, spitch = s->n > 0 ? s->pitch[0] : s->width;
  size_t outer = 1;
  for (int e = 1; e < s->n; e++)
    outer *= s->count[e];
  for (size_t k = 0; k < outer; k++) {
    size_t so = 0, to = 0, rest = k;
    for (int e = 1; e < s->n; e++) {
      size_t i = rest % s->count[e];
      rest /= s->count[e];
      so += i * s->pitch[e];
      to += i * t->pitch[e];
    }
    char *d = dst + t->offset + to;
    const char *from = src + s->offset + so;
    check_copy(cuda(where)->memcpy2d_async(d, dpitch, from, spitch, s->width, rows,
                                           CUDA_MEMCPY_DEFAULT, v->stream),
               "cudaMemcpy2DAsync (halo face)", d, from, s->width, rows, where);
  }
}

/* A box's layout when packed densely in a host buffer at byte offset `at`. */
static runs_t dense_runs(const runs_t *box, size_t at) {
  runs_t r = *box;
  r.offset = at;
  size_t pitch = r.width;
  for (int e = 0; e < r.n; e++) {
    r.pitch[e] = pitch;
    pitch *= r.count[e];
  }
  return r;
}

void xmp_dev_gpu_copy_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                          const xmp_dev_box_t *b, void *host, int pack,
                          const xmp_rt_srcloc_t *where) {
  size_t elem = v->data->elem_size;
  runs_t arr = box_runs(rank, extent, b->start, b->count, elem), buf = dense_runs(&arr, b->offset);
  if (pack)
    copy_runs(v, host, &buf, v->ptr, &arr, where);
  else
    copy_runs(v, v->ptr, &arr, host, &buf, where);
}

/* Box b of the view's storage and the box of the same counts at dst_start of a peer's
 * storage of dst_extent: their common layout and first bytes' offsets. */
static void peer_layout(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                        const xmp_dev_box_t *b, const long *dst_extent, const long *dst_start,
                        xmpsp_face_layout_t *l, size_t *from, size_t *to) {
  xmpsp_face_layout(rank, v->data->elem_size, b->count, extent, b->start, dst_extent, dst_start,
                    l, from, to);
}

void xmp_dev_gpu_put_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                         const xmp_dev_box_t *b, void *dst, const long *dst_extent,
                         const long *dst_start, const xmp_rt_srcloc_t *where) {
  xmpsp_face_layout_t l;
  size_t from_at, to_at;
  peer_layout(v, rank, extent, b, dst_extent, dst_start, &l, &from_at, &to_at);
  runs_t from = runs_of(&l, l.src_pitch, from_at), to = runs_of(&l, l.dst_pitch, to_at);
  copy_runs(v, dst, &to, v->ptr, &from, where);
}

/* The kernel library (built by nvcc next to libxmp), found by name through the program's
 * run path: xmpcc and its --emit-c makefile link with -Wl,-rpath to libxmp's directory, so
 * that no path of the build is compiled into libxmp and an installed copy finds its own. */
#define FACE_KERNELS_LIB "libxmp_face_kernels.so"

/* The kernel library's entry point, opened once (NULL: not built, or it does not load). */
static xmpsp_face_store_fn face_store(void) {
  static xmpsp_face_store_fn fn;
  static int tried;
  if (tried)
    return fn;
  tried = 1;
  void *lib = dlopen(FACE_KERNELS_LIB, RTLD_NOW | RTLD_LOCAL);
  if (lib != NULL)
    *(void **)&fn = dlsym(lib, XMPSP_FACE_STORE_SYMBOL);
  return fn;
}

int xmp_dev_gpu_kernels_available(void) { return face_store() != NULL; }

const char *xmp_dev_gpu_kernels_path(void) { return FACE_KERNELS_LIB; }

void xmp_dev_gpu_store_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                           const xmp_dev_box_t *b, void *dst, const long *dst_extent,
                           const long *dst_start, const xmp_rt_srcloc_t *where) {
  xmpsp_face_store_fn store = face_store();
  if (store == NULL)
    xmpb_fatal(where, "internal: halo face kernel stores without the kernel library");
  xmpsp_face_layout_t l;
  size_t from_at, to_at;
  peer_layout(v, rank, extent, b, dst_extent, dst_start, &l, &from_at, &to_at);
  check(store((char *)dst + to_at, (const char *)v->ptr + from_at, &l, v->stream),
        "the halo face store kernel's launch", where);
}

void xmp_dev_gpu_wait(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  check(cuda(where)->stream_sync(v->stream), "cudaStreamSynchronize (halo faces)", where);
}

void *xmp_dev_gpu_event_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where) {
  int was = use_device(v->device, where);
  void *ev = new_event(CUDA_EVENT_DISABLE_TIMING | CUDA_EVENT_INTERPROCESS, where);
  check(cuda(where)->ipc_event_get(handle, ev), "cudaIpcGetEventHandle", where);
  use_device(was, where);
  return ev;
}

void *xmp_dev_gpu_event_import(const xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where) {
  void *ev = NULL;
  check(cuda(where)->ipc_event_open(&ev, *handle), "cudaIpcOpenEventHandle", where);
  return ev;
}

void xmp_dev_gpu_event_record(const xmp_dev_gpu_view_t *v, void *event,
                              const xmp_rt_srcloc_t *where) {
  check(cuda(where)->event_record(event, v->stream), "cudaEventRecord (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_event_after(const xmp_dev_gpu_view_t *v, void *event,
                             const xmp_rt_srcloc_t *where) {
  check(cuda(where)->stream_wait_event(v->stream, event, 0), "cudaStreamWaitEvent (halo faces)",
        where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_event_free(void *event) {
  if (event != NULL)
    cuda(NULL)->event_destroy(event);
}

/* CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS (cuda.h, CUDA 12) */
enum { CU_ATTR_STREAM_MEM_OPS_64 = 122 };

int xmp_dev_gpu_flags_available(int device) {
  if (device < 0 || device >= STARPU_MAXCUDADEVS)
    return 0;
  static signed char known[STARPU_MAXCUDADEVS]; /* 0: not asked */
  if (known[device] == 0) {
    const cuda_api_t *c = cuda(NULL);
    int dev = 0, can = 0;
    known[device] = c->stream_write64 != NULL && c->stream_wait64 != NULL &&
                            c->device_get != NULL && c->device_attribute != NULL &&
                            c->device_get(&dev, device) == 0 &&
                            c->device_attribute(&can, CU_ATTR_STREAM_MEM_OPS_64, dev) == 0 && can
                        ? 1
                        : -1;
  }
  return known[device] > 0;
}

void xmp_dev_gpu_flag_post(const xmp_dev_gpu_view_t *v, void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where) {
  /* flags 0: a system-wide fence before the write (what the stream did is visible first) */
  check(cuda(where)->stream_write64(v->stream, (unsigned long long)(uintptr_t)flag, value, 0),
        "cuStreamWriteValue64 (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_flag_wait(const xmp_dev_gpu_view_t *v, const void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where) {
  /* flags 0: until (int64_t)(*flag - value) >= 0 */
  check(cuda(where)->stream_wait64(v->stream, (unsigned long long)(uintptr_t)flag, value, 0),
        "cuStreamWaitValue64 (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

/* Exports of this process's allocations, by the driver's allocation id: an allocation freed
 * and another made at the same address (a user's buffer, a grown scratch) has a new id, so
 * never gets the old allocation's handle. One table, replaced round robin (a handle is only
 * a lookup saved). */
enum { EXPORTS = 64 };
static struct {
  unsigned long long id;
  xmp_dev_ipc_handle_t handle;
} exports[EXPORTS];
static unsigned next_export;

void xmp_dev_gpu_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_t *out,
                        const xmp_rt_srcloc_t *where) {
  if (v->data != NULL && held_export.data == v->data && held_export.ptr == v->ptr &&
      v->data->hold.node >= 0 && held_export.epoch == v->data->hold.epoch) {
    *out = held_export.ipc;
    return;
  }
  memset(out, 0, sizeof *out);
  ptr_info_t i = ptr_info(v->ptr, where);
  if (i.type != MEMTYPE_DEVICE || i.id == 0) {
    char b[192];
    xmpb_fatal(where, "CUDA IPC: cannot export %s (not device memory of a live allocation)",
               describe(v->ptr, b, sizeof b));
  }
  unsigned k = 0;
  while (k < EXPORTS && exports[k].id != i.id)
    k++;
  if (k == EXPORTS) {
    k = next_export++ % EXPORTS;
    check(cuda(where)->ipc_get(&exports[k].handle, (void *)i.base), "cudaIpcGetMemHandle",
          where);
    exports[k].id = i.id;
  }
  out->handle = exports[k].handle;
  out->offset = (uint64_t)((uintptr_t)v->ptr - i.base);
  out->device = i.device;
  out->valid = 1;
  out->pid = (int32_t)getpid();
  out->id = i.id;
  out->base = (uint64_t)i.base;
  out->size = (uint64_t)i.size;
  if (v->data != NULL) { /* an array's storage, held (raw buffers may be freed any time) */
    held_export.data = v->data;
    held_export.epoch = v->data->hold.epoch;
    held_export.ptr = v->ptr;
    held_export.ipc = *out;
  }
}

/* Peers' allocations mapped here, by (process, allocation id), kept while they may be in use:
 * a peer's live allocations never overlap, so one of its mappings that overlaps a newly
 * exported allocation of that peer is of a freed one and is closed (its stale mapping would
 * keep the freed memory, receive writes meant for the new buffer, be too small for them, or
 * make the new one's cudaIpcOpenMemHandle fail with "already mapped"). Every copy through a
 * mapping is waited for before the step or exchange that made it ends, so none is in flight
 * when one is closed. */
typedef struct mapping {
  struct mapping *next;
  int32_t pid;
  int device; /* current when it was opened */
  unsigned long long id;
  uint64_t base, size; /* the allocation in the peer's address space */
  char *local;
} mapping_t;
static mapping_t *mappings;

static void close_mapping(mapping_t **link) {
  mapping_t *m = *link;
  *link = m->next;
  int was = use_device(m->device, NULL);
  cuda(NULL)->ipc_close(m->local);
  use_device(was, NULL);
  free(m);
}

/* Closes the mappings of other allocations that overlap in's: in the exporter's address
 * space and of the same process (local 0), or in this process's (local 1). */
static void close_overlapping(const xmp_dev_ipc_t *in, int local) {
  for (mapping_t **l = &mappings; *l != NULL;) {
    mapping_t *m = *l;
    uint64_t lo = local ? (uint64_t)(uintptr_t)m->local : m->base;
    int overlap = lo < in->base + in->size && in->base < lo + m->size;
    if (overlap && (local || m->pid == in->pid) && !(m->pid == in->pid && m->id == in->id))
      close_mapping(l);
    else
      l = &m->next;
  }
}

void *xmp_dev_gpu_import(const xmp_dev_gpu_view_t *v, const xmp_dev_ipc_t *in,
                         const xmp_rt_srcloc_t *where) {
  (void)v; /* the current device (the acquire's, or the collective's) is the one that maps */
  if (!in->valid || in->offset > in->size)
    xmpb_fatal(where, "internal: a CUDA IPC note without a valid allocation (offset %llu of "
                      "%llu B)", (unsigned long long)in->offset, (unsigned long long)in->size);
  for (mapping_t *m = mappings; m != NULL; m = m->next)
    if (m->pid == in->pid && m->id == in->id)
      return m->local + in->offset;
  close_overlapping(in, 0);
  void *local = NULL;
  int err = cuda(where)->ipc_open(&local, in->handle, CUDA_IPC_LAZY_PEER);
  if (err == CUDA_ALREADY_MAPPED) {
    /* The driver maps at the exporter's address: a stale mapping of another process's freed
     * allocation may sit there. */
    close_overlapping(in, 1);
    err = cuda(where)->ipc_open(&local, in->handle, CUDA_IPC_LAZY_PEER);
  }
  if (err != 0)
    xmpb_fatal(where, "CUDA: cudaIpcOpenMemHandle failed: %s (process %d's allocation %#llx + "
                      "%llu B, id %llu, its device %d; current device %d)",
               cuda(where)->error_string(err), (int)in->pid, (unsigned long long)in->base,
               (unsigned long long)in->size, in->id, in->device, current_device(where));
  mapping_t *m = xmpb_calloc_or_die(1, sizeof *m, where);
  *m = (mapping_t){mappings, in->pid, current_device(where), in->id, in->base, in->size, local};
  mappings = m;
  return m->local + in->offset;
}

int xmp_dev_gpu_peer_ok(int device, int peer_device) {
  if (device < 0 || peer_device < 0 || device >= STARPU_MAXCUDADEVS ||
      peer_device >= STARPU_MAXCUDADEVS)
    return 0;
  if (device == peer_device)
    return 1;
  /* Asked once per pair: every execution of a device exchange asks again. */
  static signed char known[STARPU_MAXCUDADEVS][STARPU_MAXCUDADEVS]; /* 0: not asked */
  if (known[device][peer_device] == 0) {
    int can = 0;
    known[device][peer_device] =
        cuda(NULL)->can_access_peer(&can, device, peer_device) == 0 && can ? 1 : -1;
  }
  return known[device][peer_device] > 0;
}

/* ---- raw device buffers (hybridcomm/coll_device.c) ---- */

int xmp_dev_gpu_view_of(void *ptr, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  memset(v, 0, sizeof *v);
  v->device = -1;
  /* No CUDA runtime in the process, or no device it can use: no device buffer exists. */
  static int devices = -1;
  if (devices < 0) {
    int (*count)(int *) = NULL;
    *(void **)&count = dlsym(RTLD_DEFAULT, "cudaGetDeviceCount");
    devices = 0;
    if (count != NULL && count(&devices) != 0)
      devices = 0;
  }
  if (devices == 0)
    return 0;
  check(cuda(where)->get_device(&v->device), "cudaGetDevice", where);
  v->ptr = ptr;
  v->stream = stream_of(v->device, where);
  return 1;
}

void xmp_dev_gpu_copy(const xmp_dev_gpu_view_t *v, void *dst, const void *src, size_t bytes,
                      const xmp_rt_srcloc_t *where) {
  if (bytes > 0) /* one row of a 2-D copy: any direction, peers' mapped memory included */
    check_copy(cuda(where)->memcpy2d_async(dst, bytes, src, bytes, bytes, 1, CUDA_MEMCPY_DEFAULT,
                                           v->stream),
               "cudaMemcpy2DAsync (collective)", dst, src, bytes, 1, where);
}

void *xmp_dev_gpu_alloc(size_t bytes, int pinned_host, const xmp_rt_srcloc_t *where) {
  void *p = NULL;
  if (pinned_host)
    check(cuda(where)->malloc_host(&p, bytes > 0 ? bytes : 1), "cudaMallocHost", where);
  else
    check(cuda(where)->malloc_device(&p, bytes > 0 ? bytes : 1), "cudaMalloc", where);
  return p;
}

int xmp_dev_gpu_read_quiet(int device, void *host, const void *dev, size_t bytes) {
  const cuda_api_t *c = cuda(NULL);
  int was = -1;
  if (c->get_device(&was) != 0 || c->set_device(device) != 0)
    return 1;
  int err = c->memcpy2d_async(host, bytes, dev, bytes, bytes, 1, CUDA_MEMCPY_DEFAULT, NULL);
  if (err == 0)
    err = c->stream_sync(NULL);
  c->set_device(was);
  return err != 0;
}

void xmp_dev_gpu_free(void *p, int pinned_host) {
  if (p == NULL)
    return;
  if (pinned_host)
    cuda(NULL)->free_host(p);
  else
    cuda(NULL)->free_device(p);
}

void xmpsp_gpu_faces_shutdown(void) {
  while (mappings != NULL)
    close_mapping(&mappings);
}

#else /* StarPU without CUDA: no array is ever in a GPU's memory */

int xmp_dev_gpu_acquire(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  (void)d, (void)where;
  memset(v, 0, sizeof *v);
  v->device = -1;
  return 0;
}
int xmp_dev_gpu_acquire_queued(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v,
                               const xmp_rt_srcloc_t *where) {
  return xmp_dev_gpu_acquire(d, v, where);
}
void xmp_dev_gpu_release(xmp_dev_gpu_view_t *v) { (void)v; }
void xmp_dev_gpu_copy_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                          const xmp_dev_box_t *b, void *host, int pack,
                          const xmp_rt_srcloc_t *where) {
  (void)v, (void)rank, (void)extent, (void)b, (void)host, (void)pack;
  xmpb_fatal(where, "internal: a GPU face copy without CUDA");
}
void xmp_dev_gpu_put_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                         const xmp_dev_box_t *b, void *dst, const long *dst_extent,
                         const long *dst_start, const xmp_rt_srcloc_t *where) {
  (void)v, (void)rank, (void)extent, (void)b, (void)dst, (void)dst_extent, (void)dst_start;
  xmpb_fatal(where, "internal: a GPU face copy without CUDA");
}
void xmp_dev_gpu_store_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                           const xmp_dev_box_t *b, void *dst, const long *dst_extent,
                           const long *dst_start, const xmp_rt_srcloc_t *where) {
  (void)v, (void)rank, (void)extent, (void)b, (void)dst, (void)dst_extent, (void)dst_start;
  xmpb_fatal(where, "internal: halo face kernel stores without CUDA");
}
int xmp_dev_gpu_kernels_available(void) { return 0; }
const char *xmp_dev_gpu_kernels_path(void) { return "libxmp_face_kernels.so"; }
void xmp_dev_gpu_wait(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  (void)v, (void)where;
}
void *xmp_dev_gpu_event_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where) {
  (void)v, (void)handle;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void *xmp_dev_gpu_event_import(const xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where) {
  (void)handle;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmp_dev_gpu_event_record(const xmp_dev_gpu_view_t *v, void *event,
                              const xmp_rt_srcloc_t *where) {
  (void)v, (void)event;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmp_dev_gpu_event_after(const xmp_dev_gpu_view_t *v, void *event,
                             const xmp_rt_srcloc_t *where) {
  (void)v, (void)event;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmp_dev_gpu_event_free(void *event) { (void)event; }
int xmp_dev_gpu_flags_available(int device) {
  (void)device;
  return 0;
}
void xmp_dev_gpu_flag_post(const xmp_dev_gpu_view_t *v, void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where) {
  (void)v, (void)flag, (void)value;
  xmpb_fatal(where, "internal: a device flag without CUDA");
}
void xmp_dev_gpu_flag_wait(const xmp_dev_gpu_view_t *v, const void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where) {
  (void)v, (void)flag, (void)value;
  xmpb_fatal(where, "internal: a device flag without CUDA");
}
void xmp_dev_gpu_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_t *out,
                        const xmp_rt_srcloc_t *where) {
  (void)v, (void)where;
  memset(out, 0, sizeof *out);
}
void *xmp_dev_gpu_import(const xmp_dev_gpu_view_t *v, const xmp_dev_ipc_t *in,
                         const xmp_rt_srcloc_t *where) {
  (void)v, (void)in;
  xmpb_fatal(where, "internal: a CUDA IPC mapping without CUDA");
}
int xmp_dev_gpu_peer_ok(int device, int peer_device) {
  (void)device, (void)peer_device;
  return 0;
}
int xmp_dev_gpu_view_of(void *ptr, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  (void)ptr, (void)where;
  memset(v, 0, sizeof *v);
  v->device = -1;
  return 0;
}
void xmp_dev_gpu_copy(const xmp_dev_gpu_view_t *v, void *dst, const void *src, size_t bytes,
                      const xmp_rt_srcloc_t *where) {
  (void)v, (void)dst, (void)src, (void)bytes;
  xmpb_fatal(where, "internal: a GPU copy without CUDA");
}
void *xmp_dev_gpu_alloc(size_t bytes, int pinned_host, const xmp_rt_srcloc_t *where) {
  (void)bytes, (void)pinned_host;
  xmpb_fatal(where, "internal: a CUDA allocation without CUDA");
}
int xmp_dev_gpu_read_quiet(int device, void *host, const void *dev, size_t bytes) {
  (void)device, (void)host, (void)dev, (void)bytes;
  return 1;
}
void xmp_dev_gpu_free(void *p, int pinned_host) { (void)p, (void)pinned_host; }
int xmp_dev_gpu_use_device(int device, const xmp_rt_srcloc_t *where) {
  (void)device, (void)where;
  return -1;
}
void xmp_dev_gpu_settle(const xmp_rt_srcloc_t *where) { (void)where; }
void xmp_dev_gpu_order(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  (void)v, (void)where;
}
void xmpsp_gpu_faces_shutdown(void) {}
void *xmpsp_cuda_stream(int device, const xmp_rt_srcloc_t *where) {
  (void)device;
  xmpb_fatal(where, "internal: a CUDA stream without CUDA");
}
void xmpsp_cuda_sync(void *stream, const xmp_rt_srcloc_t *where) { (void)stream, (void)where; }
void *xmpsp_cuda_event(const xmp_rt_srcloc_t *where) {
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmpsp_cuda_record(void *event, void *stream, const xmp_rt_srcloc_t *where) {
  (void)event, (void)stream;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmpsp_cuda_event_wait(void *event, const xmp_rt_srcloc_t *where) {
  (void)event;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
double xmpsp_cuda_elapsed(void *start, void *end, const xmp_rt_srcloc_t *where) {
  (void)start, (void)end;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmpsp_cuda_event_free(void *event) { (void)event; }
void *xmpsp_cuda_stream_new(int device, const xmp_rt_srcloc_t *where) {
  (void)device;
  xmpb_fatal(where, "internal: a CUDA stream without CUDA");
}
void *xmpsp_cuda_event_sync_only(const xmp_rt_srcloc_t *where) {
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmpsp_cuda_stream_wait(void *stream, void *event, const xmp_rt_srcloc_t *where) {
  (void)stream, (void)event;
  xmpb_fatal(where, "internal: a CUDA event without CUDA");
}
void xmpsp_cuda_copy(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                     size_t height, void *stream, const xmp_rt_srcloc_t *where) {
  (void)dst, (void)dpitch, (void)src, (void)spitch, (void)width, (void)height, (void)stream;
  xmpb_fatal(where, "internal: a CUDA copy without CUDA");
}
void xmpsp_cuda_mem_info(int device, size_t *free_bytes, size_t *total_bytes,
                         const xmp_rt_srcloc_t *where) {
  (void)device, (void)where;
  *free_bytes = *total_bytes = 0;
}
void *xmpsp_cuda_device_ptr(void *host, const xmp_rt_srcloc_t *where) {
  (void)where;
  return host;
}
void *xmpsp_cuda_mapped(void *host) {
  (void)host;
  return NULL;
}
void xmpsp_cuda_zero(void *dev, size_t bytes, const xmp_rt_srcloc_t *where) {
  (void)dev, (void)bytes;
  xmpb_fatal(where, "internal: device memory without CUDA");
}

#endif
