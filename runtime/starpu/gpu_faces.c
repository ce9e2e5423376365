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
 * CUDA itself is the CUDA layer's (runtime/cuda, xmpcu.h): what is here knows StarPU's copies
 * of the arrays (holding them, and keeping the export of a held one) and the faces' boxes.
 * Where StarPU was built without CUDA (or the process sees no device) nothing here is used. */
#include <stdint.h>
#include <string.h>

#include "face_kernels.h"
#include "xmpsp_internal.h"

#ifdef STARPU_USE_CUDA

int xmp_dev_gpu_use_device(int device, const xmp_rt_srcloc_t *where) {
  return xmpcu_use_device(device, where);
}

void xmp_dev_gpu_settle(const xmp_rt_srcloc_t *where) {
  xmpcu_stream_sync(NULL, "cudaStreamSynchronize (default stream)", where);
}

void xmp_dev_gpu_order(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  xmpcu_order_default(v->device, v->stream, where);
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
  xmp_dev_overlap_finish(); /* an exchange of this array or another: the last one's faces in */
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
  xmpcu_use_device(v->device, where);
  v->stream = xmpcu_stream(v->device, where);
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
    xmpcu_copy_2d(d, dpitch, from, spitch, s->width, rows, v->stream,
                  "cudaMemcpy2DAsync (halo face)", where);
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

/* The kernel library of the kernel-store path (face_kernels.cu). */
#define FACE_KERNELS_LIB "libxmp_face_kernels.so"

static xmpsp_face_store_fn face_store(void) {
  xmpsp_face_store_fn fn;
  *(void **)&fn = xmpcu_kernel_symbol(FACE_KERNELS_LIB, XMPSP_FACE_STORE_SYMBOL);
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
  xmpcu_check(store((char *)dst + to_at, (const char *)v->ptr + from_at, &l, v->stream),
              "the halo face store kernel's launch", where);
}

void xmp_dev_gpu_wait(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  xmpcu_stream_sync(v->stream, "cudaStreamSynchronize (halo faces)", where);
}

void *xmp_dev_gpu_event_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where) {
  return xmpcu_event_export(v->device, handle, where);
}

void *xmp_dev_gpu_event_import(const xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where) {
  return xmpcu_event_import(handle, where);
}

/* Work these queue on the view's stream counts as the direct loops' (xmpsp_direct_queued). */
void xmp_dev_gpu_event_record(const xmp_dev_gpu_view_t *v, void *event,
                              const xmp_rt_srcloc_t *where) {
  xmpcu_event_record(event, v->stream, "cudaEventRecord (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_event_after(const xmp_dev_gpu_view_t *v, void *event,
                             const xmp_rt_srcloc_t *where) {
  xmpcu_stream_wait(v->stream, event, "cudaStreamWaitEvent (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_event_free(void *event) { xmpcu_event_free(event); }

int xmp_dev_gpu_flags_available(int device) { return xmpcu_flags_available(device); }

void xmp_dev_gpu_flag_post(const xmp_dev_gpu_view_t *v, void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where) {
  xmpcu_flag_post(v->stream, flag, value, "cuStreamWriteValue64 (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_flag_wait(const xmp_dev_gpu_view_t *v, const void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where) {
  xmpcu_flag_wait(v->stream, flag, value, "cuStreamWaitValue64 (halo faces)", where);
  xmpsp_direct_queued(v->stream);
}

void xmp_dev_gpu_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_t *out,
                        const xmp_rt_srcloc_t *where) {
  if (v->data != NULL && held_export.data == v->data && held_export.ptr == v->ptr &&
      v->data->hold.node >= 0 && held_export.epoch == v->data->hold.epoch) {
    *out = held_export.ipc;
    return;
  }
  xmpcu_ipc_export(v->ptr, out, where);
  if (v->data != NULL) { /* an array's storage, held (raw buffers may be freed any time) */
    held_export.data = v->data;
    held_export.epoch = v->data->hold.epoch;
    held_export.ptr = v->ptr;
    held_export.ipc = *out;
  }
}

void *xmp_dev_gpu_import(const xmp_dev_gpu_view_t *v, const xmp_dev_ipc_t *in,
                         const xmp_rt_srcloc_t *where) {
  (void)v; /* the current device (the acquire's, or the collective's) is the one that maps */
  return xmpcu_ipc_import(in, where);
}

int xmp_dev_gpu_peer_ok(int device, int peer_device) {
  return device < STARPU_MAXCUDADEVS && peer_device < STARPU_MAXCUDADEVS &&
         xmpcu_peer_ok(device, peer_device);
}

/* ---- raw device buffers (hybridcomm/coll_device.c) ---- */

int xmp_dev_gpu_view_of(void *ptr, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where) {
  memset(v, 0, sizeof *v);
  v->device = -1;
  /* No CUDA runtime in the process, or no device it can use: no device buffer exists. */
  static int devices = -1;
  if (devices < 0)
    devices = xmpcu_device_count();
  if (devices == 0)
    return 0;
  v->device = xmpcu_current_device(where);
  v->ptr = ptr;
  v->stream = xmpcu_stream(v->device, where);
  return 1;
}

void xmp_dev_gpu_copy(const xmp_dev_gpu_view_t *v, void *dst, const void *src, size_t bytes,
                      const xmp_rt_srcloc_t *where) {
  if (bytes > 0) /* one row of a 2-D copy: any direction, peers' mapped memory included */
    xmpcu_copy_2d(dst, bytes, src, bytes, bytes, 1, v->stream, "cudaMemcpy2DAsync (collective)",
                  where);
}

void *xmp_dev_gpu_alloc(size_t bytes, int pinned_host, const xmp_rt_srcloc_t *where) {
  return xmpcu_alloc(bytes, pinned_host, where);
}

int xmp_dev_gpu_read_quiet(int device, void *host, const void *dev, size_t bytes) {
  return xmpcu_read_quiet(device, host, dev, bytes);
}

void xmp_dev_gpu_free(void *p, int pinned_host) { xmpcu_free(p, pinned_host); }

void xmpsp_gpu_faces_shutdown(void) { xmpcu_ipc_close_all(); }

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

#endif
