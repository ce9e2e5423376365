/* ooc.c - device loops over replicated arrays larger than the device memory they may use
 * (XMP_DEV_MEM_LIMIT, else 90% of the GPU's): out of core.
 *
 * The arrays' truth stays in the host memory, held there by the main thread as the direct
 * executor holds arrays (exec.c). Each execution cuts the node's iterations into chunks (the
 * device executor's own: a chunk's rows plus the rows its stencil reads around them, its
 * "window" of each array, take an eighth of the pool, so that two chunks in flight leave most
 * of it to windows kept from earlier executions). The pool is one allocation of device memory
 * (host memory where there is no GPU: CI runs this path on CPU workers' memory); windows live
 * in it, found again by the array, rows and the array's generation (any change of the host
 * copy outside these loops makes its windows stale, xmpsp_ooc_written). A load that needs room
 * drops stale windows first, then those this execution will not use again, least recently
 * used first, then those it will use last (within an execution the order is known).
 *
 * The order follows the Victream scheduler's score (related-systems digest 000): chunks with
 * the fewest bytes to load run first (those whose windows are all resident, then those with
 * most of them there), so that what earlier executions left is used before it is evicted.
 * Loads go on a copy stream one chunk ahead of the kernels (the next chunk's rows and shadows
 * while the current one computes), written rows go back on a second copy stream after the
 * chunk's kernel (both directions of the bus at once), and the kernels run on the rank's
 * stream; CUDA events order them, so the host never waits inside an execution. Memory a load
 * reuses is taken only after the kernels and write-backs that used it (the load stream waits
 * on their events). At the end the host waits for the written rows: every other directive
 * then finds the host copy up to date.
 *
 * Arrays read at any row (N-body's positions) get a window of the whole array where those
 * fit in half the pool, else the kernel reads them in place from their pinned host memory
 * through the bus (mapped memory): every chunk streams them again. */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xmpsp_internal.h"

typedef struct window {
  xmp_dev_data_t *data; /* NULL: a free slot */
  long r0, r1;          /* rows held, of every plane (packed one after the other) */
  long planes;
  size_t row_bytes, plane_bytes; /* a row, and planes' distance in the host copy */
  size_t off, bytes;             /* where in the pool */
  unsigned long gen;             /* the array's generation when loaded */
  int valid;                     /* 0: stale (rows written elsewhere since) */
  int pinned;                    /* chunks using it whose kernels are not queued yet */
  unsigned long stamp;           /* LRU */
  int next_use; /* the position in this execution's order of the chunk that will use
                 * it next; INT_MAX: none (outside an execution too) */
  void *loaded, *used, *written; /* GPU events, made once per slot */
  int has_loaded, has_used, has_written;
} window_t;

static struct {
  int device; /* -1: host memory */
  int ready;
  char *base;
  size_t cap;
  xmpsp_slab_t slab;
  window_t *w;
  int nw;
  void *compute, *h2d, *d2h; /* the rank's stream and two copy streams */
  unsigned long clock;
  void **timing; /* 2 per chunk under XMP_DEV_TRACE */
  int ntiming;
} pool = {.device = -1};

/* ---- how much memory ---- */

static double total_memory(int device, const xmp_rt_srcloc_t *where) {
  static double gpu_total[STARPU_MAXCUDADEVS], host_total;
  if (device >= 0 && device < STARPU_MAXCUDADEVS) {
    if (gpu_total[device] == 0) {
      size_t f = 0, t = 0;
      xmpcu_mem_info(device, &f, &t, where);
      gpu_total[device] = (double)t;
    }
    return gpu_total[device];
  }
  if (host_total == 0)
    host_total = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE);
  return host_total;
}

/* The device memory device loops may use (bytes), or -1: no limit. */
static double limit(int device, const xmp_rt_srcloc_t *where) {
  const xmpsp_config_t *cfg = xmpsp_config();
  if (cfg->mem_limit < 0)
    return device >= 0 ? 0.9 * total_memory(device, where) : -1;
  if (cfg->mem_limit_percent)
    return total_memory(device, where) * cfg->mem_limit / 100.0;
  return cfg->mem_limit;
}

int xmpsp_ooc_wanted(int device, const xmp_rt_srcloc_t *where) {
  double cap = limit(device, where);
  return cap >= 0 && (double)xmpsp_data_live_bytes() > cap;
}

/* ---- the pool ---- */

static void free_pool(void) {
  if (!pool.ready)
    return;
  if (pool.device >= 0) {
    xmpcu_stream_sync(pool.h2d, "cudaStreamSynchronize (device loops)", NULL);
    xmpcu_stream_sync(pool.d2h, "cudaStreamSynchronize (device loops)", NULL);
    xmpcu_stream_sync(pool.compute, "cudaStreamSynchronize (device loops)", NULL);
    xmp_dev_gpu_use_device(pool.device, NULL);
    xmp_dev_gpu_free(pool.base, 0);
  } else {
    free(pool.base);
  }
  for (int i = 0; i < pool.nw; i++) {
    xmpcu_event_free(pool.w[i].loaded);
    xmpcu_event_free(pool.w[i].used);
    xmpcu_event_free(pool.w[i].written);
  }
  for (int i = 0; i < pool.ntiming; i++)
    xmpcu_event_free(pool.timing[i]);
  free(pool.timing);
  free(pool.w);
  xmpsp_slab_fini(&pool.slab);
  /* the streams are kept: CUDA frees them with the context */
  void *h2d = pool.h2d, *d2h = pool.d2h;
  int device = pool.device;
  memset(&pool, 0, sizeof pool);
  pool.device = device;
  pool.h2d = h2d;
  pool.d2h = d2h;
}

static void make_pool(int device, const xmp_rt_srcloc_t *where) {
  if (pool.ready && pool.device == device)
    return;
  free_pool();
  double cap = limit(device, where);
  if (device >= 0) {
    size_t f = 0, t = 0;
    xmpcu_mem_info(device, &f, &t, where);
    double room = (double)f - 256.0 * 1024 * 1024; /* kernels' scratch, the context */
    if (cap > room)
      cap = room;
  }
  if (cap < 4096)
    xmpb_fatal(where,
               "out-of-core device loops: %.0f bytes of device memory to use; "
               "XMP_DEV_MEM_LIMIT must leave at least 4 KiB",
               cap);
  pool.device = device;
  pool.cap = (size_t)cap;
  if (device >= 0) {
    xmp_dev_gpu_use_device(device, where);
    pool.base = xmp_dev_gpu_alloc(pool.cap, 0, where);
    pool.compute = xmpcu_stream(device, where);
    if (pool.h2d == NULL) {
      pool.h2d = xmpcu_stream_new(device, where);
      pool.d2h = xmpcu_stream_new(device, where);
    }
  } else {
    pool.base = malloc(pool.cap);
  }
  if (pool.base == NULL || xmpsp_slab_init(&pool.slab, pool.cap) != 0)
    xmpb_fatal(where, "out-of-core device loops: no room for a pool of %zu bytes", pool.cap);
  pool.ready = 1;
  if (xmpsp_speaker())
    xmpb_note(where, "note",
              "the replicated arrays (%zu bytes) need more than the %s memory "
              "device loops may use (%zu bytes%s): device loops run out of core",
              xmpsp_data_live_bytes(), device >= 0 ? "GPU's" : "device", pool.cap,
              xmpsp_config()->mem_limit >= 0 ? ", XMP_DEV_MEM_LIMIT" : "");
}

/* ---- windows ---- */

static int find(const xmp_dev_data_t *d, const xmpsp_ooc_shape_t *s, long r0, long r1) {
  int best = -1;
  for (int i = 0; i < pool.nw; i++) {
    const window_t *w = &pool.w[i];
    if (w->data == d && w->valid && w->gen == d->ooc_gen && w->row_bytes == s->row_bytes &&
        w->planes == s->planes && w->plane_bytes == s->plane_bytes && w->r0 <= r0 && r1 <= w->r1 &&
        (best < 0 || w->r1 - w->r0 < pool.w[best].r1 - pool.w[best].r0))
      best = i;
  }
  return best;
}

static void drop(int i, xmpsp_ooc_stats_t *st) {
  window_t *w = &pool.w[i];
  if (pool.device >= 0) {
    /* The memory's next load waits for the kernels and write-backs that used it. */
    if (w->has_used)
      xmpcu_stream_wait(pool.h2d, w->used, "cudaStreamWaitEvent", NULL);
    if (w->has_written)
      xmpcu_stream_wait(pool.h2d, w->written, "cudaStreamWaitEvent", NULL);
  }
  if (xmpsp_slab_free(&pool.slab, w->off, w->bytes) != 0)
    xmpb_fatal(NULL, "internal: out-of-core window freed twice");
  if (st != NULL)
    st->evicted += (double)w->bytes;
  w->data = NULL;
  w->has_loaded = w->has_used = w->has_written = 0;
}

static int new_slot(void) {
  for (int i = 0; i < pool.nw; i++)
    if (pool.w[i].data == NULL)
      return i;
  window_t *grown = realloc(pool.w, (size_t)(pool.nw + 16) * sizeof *grown);
  if (grown == NULL)
    xmpb_fatal(NULL, "out of memory (out-of-core windows)");
  memset(grown + pool.nw, 0, 16 * sizeof *grown);
  pool.w = grown;
  pool.nw += 16;
  return pool.nw - 16;
}

/* Room for bytes, dropping unpinned windows: stale ones first, then those this execution
 * will not use again, least recently used first, then those it will use last (within an
 * execution the future is known: Belady's choice); where none is left to drop, (size_t)-1 if
 * may_fail, else an error. */
static size_t room(size_t bytes, const char *name, int may_fail, xmpsp_ooc_stats_t *st,
                   const xmp_rt_srcloc_t *where) {
  size_t off;
  while (xmpsp_slab_alloc(&pool.slab, bytes, &off) != 0) {
    int victim = -1;
    for (int i = 0; i < pool.nw; i++) {
      const window_t *w = &pool.w[i];
      if (w->data == NULL || w->pinned)
        continue;
      int stale = !w->valid || w->gen != w->data->ooc_gen;
      if (victim < 0) {
        victim = i;
        continue;
      }
      const window_t *v = &pool.w[victim];
      int vstale = !v->valid || v->gen != v->data->ooc_gen;
      if (stale != vstale) {
        if (stale)
          victim = i;
      } else if (w->next_use != v->next_use) {
        if (w->next_use > v->next_use)
          victim = i;
      } else if (w->stamp < v->stamp) {
        victim = i;
      }
    }
    if (victim < 0 && may_fail)
      return (size_t)-1;
    if (victim < 0)
      xmpb_fatal(where,
                 "out-of-core device loop: no room for %zu bytes of array '%s' in the "
                 "%zu-byte pool (%zu in windows in use)",
                 bytes, name, pool.cap, pool.slab.used);
    drop(victim, st);
  }
  return off;
}

/* Copies rows [r0, r1) of window w from the host copy (in) or back to it, on stream (GPU)
 * or now. */
static void move(const window_t *w, long r0, long r1, int in, void *stream,
                 const xmp_rt_srcloc_t *where) {
  size_t run = (size_t)(r1 - r0) * w->row_bytes, pitch = (size_t)(w->r1 - w->r0) * w->row_bytes;
  char *host = (char *)w->data->host + (size_t)r0 * w->row_bytes;
  char *dev = pool.base + w->off + (size_t)(r0 - w->r0) * w->row_bytes;
  if (run == 0)
    return;
  if (pool.device >= 0) {
    if (in)
      xmpcu_copy(dev, pitch, host, w->plane_bytes, run, (size_t)w->planes, stream, "cudaMemcpy(2D)Async (out-of-core rows)", where);
    else
      xmpcu_copy(host, w->plane_bytes, dev, pitch, run, (size_t)w->planes, stream, "cudaMemcpy(2D)Async (out-of-core rows)", where);
    return;
  }
  for (long q = 0; q < w->planes; q++)
    if (in)
      memcpy(dev + (size_t)q * pitch, host + (size_t)q * w->plane_bytes, run);
    else
      memcpy(host + (size_t)q * w->plane_bytes, dev + (size_t)q * pitch, run);
}

/* The window of rows [r0, r1) of d's shape s, loaded where no valid one holds them; pinned
 * until its chunk's kernel is queued. -1 where there is no room and may_fail. */
static int get(xmp_dev_data_t *d, const xmpsp_ooc_shape_t *s, long r0, long r1, int may_fail,
               xmpsp_ooc_stats_t *st, const xmp_rt_srcloc_t *where) {
  int i = find(d, s, r0, r1);
  if (i < 0) {
    size_t bytes = (size_t)(r1 - r0) * s->row_bytes * (size_t)s->planes;
    size_t off = room(bytes, d->name, may_fail, st, where);
    if (off == (size_t)-1)
      return -1;
    i = new_slot();
    window_t *w = &pool.w[i];
    w->data = d;
    w->r0 = r0;
    w->r1 = r1;
    w->planes = s->planes;
    w->row_bytes = s->row_bytes;
    w->plane_bytes = s->plane_bytes;
    w->off = off;
    w->bytes = bytes;
    w->gen = d->ooc_gen;
    w->valid = 1;
    w->next_use = INT_MAX;
    if (pool.device >= 0) {
      if (w->loaded == NULL) {
        w->loaded = xmpcu_event(XMPCU_EVENT_NO_TIMING, where);
        w->used = xmpcu_event(XMPCU_EVENT_NO_TIMING, where);
        w->written = xmpcu_event(XMPCU_EVENT_NO_TIMING, where);
      }
      if (bytes > 0) {
        move(w, r0, r1, 1, pool.h2d, where);
        xmpcu_event_record(w->loaded, pool.h2d, "cudaEventRecord", where);
        w->has_loaded = 1;
      }
    } else {
      double t0 = starpu_timing_now();
      move(w, r0, r1, 1, NULL, where);
      st->wait_s += (starpu_timing_now() - t0) * 1e-6;
    }
    st->loaded += (double)bytes;
  }
  pool.w[i].pinned++;
  pool.w[i].stamp = ++pool.clock;
  return i;
}

/* d's windows other than keep that overlap rows [r0, r1) no longer hold them. */
static void stale_rows(const xmp_dev_data_t *d, long r0, long r1, int keep) {
  for (int i = 0; i < pool.nw; i++) {
    window_t *w = &pool.w[i];
    if (i != keep && w->data == d && w->r0 < r1 && r0 < w->r1)
      w->valid = 0;
  }
}

void xmpsp_ooc_written(xmp_dev_data_t *d) { d->ooc_gen++; }

void xmpsp_ooc_forget(xmp_dev_data_t *d) {
  if (!pool.ready)
    return;
  if (pool.device >= 0) { /* nothing of an execution is in flight, but be sure */
    xmpcu_stream_sync(pool.d2h, "cudaStreamSynchronize (device loops)", NULL);
    xmpcu_stream_sync(pool.h2d, "cudaStreamSynchronize (device loops)", NULL);
  }
  for (int i = 0; i < pool.nw; i++)
    if (pool.w[i].data == d) {
      pool.w[i].has_used = pool.w[i].has_written = 0;
      drop(i, NULL);
    }
  if (xmpsp_data_live_bytes() <= d->bytes) /* the last array goes */
    free_pool();
}

void xmpsp_ooc_shutdown(void) { free_pool(); }

/* ---- one execution ---- */

typedef struct arg_plan {
  xmpsp_ooc_shape_t shape;
  int whole_window; /* read whole through a window (else in place, where !shape.rows) */
  int win;          /* its whole window this execution */
  struct starpu_vector_interface iface;
} arg_plan_t;

/* Rows of an inner dimension (row_dim > 0) are addressed through the array's layout in the
 * argument block. */
static const xmp_rt_layout_t *layout_of(const xmpsp_ooc_call_t *c, int k) {
  const xmp_dev_arg_t *a = &c->argv[k];
  return a->row_dim > 0 && a->layout_at >= 0 && a->row_dim < XMP_RT_MAX_DIMS
             ? (const xmp_rt_layout_t *)((const char *)c->args + a->layout_at)
             : NULL;
}

static void shape_of(const xmpsp_ooc_call_t *c, int k, xmpsp_ooc_shape_t *s) {
  const xmp_dev_arg_t *a = &c->argv[k];
  const xmp_dev_data_t *d = a->data;
  *s = (xmpsp_ooc_shape_t){0};
  s->planes = 1;
  long re = a->row_elems > 0 && d->dummy == NULL ? a->row_elems : 0;
  /* Written arrays are accessed at the iteration's own row of dimension 0 (the frontend
   * checks it). */
  int written = a->mode == XMP_DEV_READWRITE;
  int dim = written ? 0 : a->row_dim;
  const xmp_rt_layout_t *l = dim > 0 ? layout_of(c, k) : NULL;
  if (re <= 0 || (!written && !a->rows) || (dim > 0 && l == NULL))
    return; /* any row: the whole array */
  long plane = dim > 0 ? l->stride[dim - 1] : d->nx;
  if (plane <= 0 || plane % re != 0 || d->nx % plane != 0)
    return;
  s->rows = 1;
  s->nrows = plane / re;
  s->row_bytes = (size_t)re * d->elem_size;
  s->planes = d->nx / plane;
  s->plane_bytes = (size_t)plane * d->elem_size;
  s->origin = a->row_origin;
  s->lo = written ? 0 : a->reach_lo;
  s->hi = written ? 0 : a->reach_hi;
}

/* Arrays read whole: windows for the smallest first while they take at most half the pool;
 * returns the bytes they take. */
static size_t plan_whole(const xmpsp_ooc_call_t *c, arg_plan_t *p) {
  size_t used = 0;
  for (;;) {
    int pick = -1;
    for (int k = 0; k < c->nargs; k++)
      if (!p[k].shape.rows && !p[k].whole_window && c->argv[k].data->dummy == NULL &&
          (pick < 0 || c->argv[k].data->bytes < c->argv[pick].data->bytes))
        pick = k;
    if (pick < 0 || used + c->argv[pick].data->bytes > pool.cap / 2)
      return used;
    p[pick].whole_window = 1;
    used += c->argv[pick].data->bytes;
  }
}

static void hold_all(const xmpsp_ooc_call_t *c, const xmp_rt_srcloc_t *where) {
  for (int k = 0; k < c->nargs; k++) {
    xmp_dev_data_t *d = c->argv[k].data;
    xmpsp_hold(d, STARPU_MAIN_RAM, c->argv[k].mode == XMP_DEV_READ ? STARPU_R : STARPU_RW, where);
    if (c->device >= 0 && d->dummy == NULL) {
      /* StarPU's copy on the GPU, if any, is not needed any more: its memory is the pool's. */
      unsigned node = starpu_worker_get_memory_node((unsigned)xmpsp_workers()->cuda[0]);
      (void)starpu_data_evict_from_node(d->handle, node);
    }
  }
}

void xmpsp_ooc_prepare(xmpsp_ooc_call_t *c, const xmp_rt_srcloc_t *where) {
  hold_all(c, where);
  make_pool(c->device, where);
  arg_plan_t p[XMP_DEV_MAX_ARGS];
  memset(p, 0, sizeof p);
  xmpsp_ooc_shape_t shapes[XMP_DEV_MAX_ARGS];
  for (int k = 0; k < c->nargs; k++) {
    shape_of(c, k, &p[k].shape);
    shapes[k] = p[k].shape;
  }
  size_t whole = plan_whole(c, p);
  c->whole_windows = 0;
  for (int k = 0; k < c->nargs; k++)
    c->whole_windows |= (unsigned)p[k].whole_window << k;
  size_t rows_room = pool.cap - whole;
  size_t one = xmpsp_ooc_chunk_bytes(shapes, c->nargs, 1, c->st);
  for (int k = 0; k < c->nargs; k++) /* each window rounded up in the pool */
    one += shapes[k].rows ? 512 : 0;
  if (2 * one > rows_room)
    xmpb_fatal(where,
               "out-of-core device loop: one iteration's rows take %zu bytes (and "
               "arrays read whole %zu), more than half the %zu bytes of device memory the "
               "loop may use (XMP_DEV_MEM_LIMIT, the GPU's memory)",
               one, whole, pool.cap);
  c->chunk_iters = xmpsp_ooc_chunk_iters(shapes, c->nargs, c->n, c->st, rows_room / 8);
  long nchunks = (c->n + c->chunk_iters - 1) / c->chunk_iters;
  if (nchunks > 1000000)
    xmpb_fatal(where,
               "out-of-core device loop: %ld chunks of %ld iterations; the device "
               "memory it may use (%zu bytes) is too small",
               nchunks, c->chunk_iters, pool.cap);
  c->nchunks = (int)nchunks;
}

/* The windows of chunk ch, pinned (loads queued where they are not resident): 1, or 0 with
 * none pinned where may_fail and the pool has no room for them now. */
static int issue(const xmpsp_ooc_call_t *c, const arg_plan_t *p, int ch, const long *rows, int *win,
                 int may_fail, xmpsp_ooc_stats_t *st, const xmp_rt_srcloc_t *where) {
  int nk = c->nargs;
  for (int k = 0; k < nk; k++) {
    if (!p[k].shape.rows)
      continue;
    const long *r = &rows[((size_t)ch * nk + k) * 2];
    int wi = get(c->argv[k].data, &p[k].shape, r[0], r[1], may_fail, st, where);
    win[(size_t)ch * nk + k] = wi;
    if (wi < 0) {
      for (int j = 0; j < k; j++)
        if (p[j].shape.rows)
          pool.w[win[(size_t)ch * nk + j]].pinned--;
      return 0;
    }
  }
  return 1;
}

static void *timing_event(int i, const xmp_rt_srcloc_t *where) {
  if (i >= pool.ntiming) {
    int n = i + 64;
    void **grown = realloc(pool.timing, (size_t)n * sizeof *grown);
    if (grown == NULL)
      xmpb_fatal(where, "out of memory (timing events)");
    for (int k = pool.ntiming; k < n; k++)
      grown[k] = xmpcu_event(0, where);
    pool.timing = grown;
    pool.ntiming = n;
  }
  return pool.timing[i];
}

/* The outer index values of chunk ch: first and last in iteration order, min and max. */
static void chunk_values(const xmpsp_ooc_call_t *c, int ch, long *first, long *last, long *vmin,
                         long *vmax) {
  long i0 = (long)ch * c->chunk_iters;
  long i1 = i0 + c->chunk_iters < c->n ? i0 + c->chunk_iters : c->n;
  *first = c->lb + i0 * c->st;
  *last = c->lb + (i1 - 1) * c->st;
  *vmin = *first < *last ? *first : *last;
  *vmax = *first < *last ? *last : *first;
}

void xmpsp_ooc_run(const xmpsp_ooc_call_t *c, void *partials, size_t partial_bytes,
                   xmpsp_ooc_stats_t *st, const xmp_rt_srcloc_t *where) {
  int gpu = c->device >= 0;
  int nk = c->nargs, nc = c->nchunks;
  int trace = gpu && xmpsp_config()->trace;
  arg_plan_t p[XMP_DEV_MAX_ARGS];
  memset(p, 0, sizeof p);
  for (int k = 0; k < nk; k++)
    shape_of(c, k, &p[k].shape);
  for (int k = 0; k < nk; k++) /* as xmpsp_ooc_prepare planned them */
    p[k].whole_window = (int)(c->whole_windows >> k & 1u);
  /* The layouts chunks point at their windows, restored at the end. */
  xmp_rt_layout_t saved[XMP_DEV_MAX_ARGS];
  for (int k = 0; k < nk; k++)
    if (layout_of(c, k) != NULL)
      saved[k] = *layout_of(c, k);
  int *win = xmpb_calloc_or_die((size_t)nc * (size_t)(nk > 0 ? nk : 1), sizeof *win, where);
  long *rows = xmpb_calloc_or_die((size_t)nc * (size_t)(nk > 0 ? nk : 1) * 2, sizeof *rows, where);
  double *to_load = xmpb_calloc_or_die((size_t)nc, sizeof *to_load, where);
  int *order = xmpb_calloc_or_die((size_t)nc, sizeof *order, where);
  for (int ch = 0; ch < nc; ch++) {
    long first, last, vmin, vmax;
    chunk_values(c, ch, &first, &last, &vmin, &vmax);
    for (int k = 0; k < nk; k++) {
      long *r = &rows[((size_t)ch * nk + k) * 2];
      win[(size_t)ch * nk + k] = -1;
      if (!p[k].shape.rows)
        continue;
      xmpsp_ooc_rows(&p[k].shape, vmin, vmax, &r[0], &r[1]);
      if (find(c->argv[k].data, &p[k].shape, r[0], r[1]) < 0)
        to_load[ch] +=
            (double)(r[1] - r[0]) * (double)p[k].shape.row_bytes * (double)p[k].shape.planes;
    }
  }
  xmpsp_ooc_order(nc, to_load, order);
  for (int i = nc - 1; i >= 0; i--) /* each resident window's first use in this order */
    for (int k = 0; k < nk; k++)
      if (p[k].shape.rows) {
        const long *r = &rows[((size_t)order[i] * nk + k) * 2];
        int wi = find(c->argv[k].data, &p[k].shape, r[0], r[1]);
        if (wi >= 0)
          pool.w[wi].next_use = i;
      }
  st->executions++;
  st->chunks += nc;
  for (int ch = 0; ch < nc; ch++)
    st->resident += to_load[ch] == 0;

  /* Arrays read whole: their windows for the whole execution, or the host memory itself. */
  for (int k = 0; k < nk; k++) {
    xmp_dev_data_t *d = c->argv[k].data;
    struct starpu_vector_interface *f = &p[k].iface;
    f->id = STARPU_VECTOR_INTERFACE_ID;
    f->elemsize = d->elem_size;
    if (p[k].shape.rows)
      continue;
    if (p[k].whole_window) {
      xmpsp_ooc_shape_t all = {d->nx, d->elem_size, 1, d->bytes, 0, 1, 0, 0};
      p[k].win = get(d, &all, 0, d->nx, 0, st, where);
      f->ptr = (uintptr_t)(pool.base + pool.w[p[k].win].off);
      f->nx = (uint32_t)d->nx;
    } else {
      void *host = d->dummy != NULL ? d->dummy : d->host;
      f->ptr = (uintptr_t)(gpu && d->dummy == NULL ? xmpcu_device_ptr(host, where) : host);
      f->nx = (uint32_t)(d->dummy != NULL ? 1 : d->nx);
    }
    f->dev_handle = f->ptr;
  }

  if (nc > 0)
    (void)issue(c, p, order[0], rows, win, 0, st, where);
  void *buffers[XMP_DEV_MAX_ARGS + 1];
  struct starpu_vector_interface ifaces[XMP_DEV_MAX_ARGS];
  for (int i = 0; i < nc; i++) {
    int ch = order[i];
    /* Prefetch while ch computes; where the pool has no room beside ch, after ch. */
    int later = i + 1 < nc && !issue(c, p, order[i + 1], rows, win, 1, st, where);
    xmp_dev_task_t task;
    memset(&task, 0, sizeof task);
    long first, last, vmin, vmax;
    chunk_values(c, ch, &first, &last, &vmin, &vmax);
    if (trace)
      xmpcu_event_record(timing_event(2 * i, where), "cudaEventRecord", pool.compute, where);
    for (int k = 0; k < nk; k++) {
      int wi = p[k].shape.rows ? win[(size_t)ch * nk + k] : p[k].whole_window ? p[k].win : -1;
      ifaces[k] = p[k].iface;
      if (wi >= 0) {
        const window_t *w = &pool.w[wi];
        if (gpu && w->has_loaded)
          xmpcu_stream_wait(pool.compute, w->loaded, "cudaStreamWaitEvent", where);
        ifaces[k].ptr = ifaces[k].dev_handle = (uintptr_t)(pool.base + w->off);
        ifaces[k].nx = (uint32_t)(w->bytes / c->argv[k].data->elem_size);
        xmp_rt_layout_t *l = p[k].shape.rows ? (xmp_rt_layout_t *)layout_of(c, k) : NULL;
        if (l == NULL) {
          task.byte_offset[k] = (size_t)w->r0 * p[k].shape.row_bytes;
        } else {
          /* Planes packed: the rows of dimension d start at w->r0, the outer strides shrink. */
          int d = c->argv[k].row_dim;
          *l = saved[k];
          l->base[d] += w->r0;
          l->stride[d - 1] = (w->r1 - w->r0) * l->stride[d];
          for (int q = d - 2; q >= 0; q--)
            l->stride[q] = l->stride[q + 1] * (saved[k].stride[q] / saved[k].stride[q + 1]);
        }
      }
      buffers[k] = &ifaces[k];
    }
    if (trace)
      xmpcu_event_record(timing_event(2 * i + 1, where), "cudaEventRecord", pool.compute, where);
    task.args = c->args;
    task.lb = first;
    task.ub = last;
    task.st = c->st;
    task.partial = partial_bytes > 0 ? (char *)partials + (size_t)ch * partial_bytes : NULL;
    task.partial_dev = NULL; /* results copied into partials behind the kernels */
    xmpsp_direct_invoke(c->fn, buffers, &task, c->device, gpu ? pool.compute : NULL);
    for (int k = 0; k < nk; k++) {
      int wi = p[k].shape.rows ? win[(size_t)ch * nk + k] : -1;
      if (wi < 0)
        continue;
      window_t *w = &pool.w[wi];
      if (gpu) {
        xmpcu_event_record(w->used, pool.compute, "cudaEventRecord", where);
        w->has_used = 1;
      }
      /* Written: the chunk's own rows go back (the window may hold more, which other chunks
       * may have written since it was loaded). */
      const long *r = &rows[((size_t)ch * nk + k) * 2];
      if (c->argv[k].mode == XMP_DEV_READWRITE && r[1] > r[0]) {
        if (gpu) {
          xmpcu_stream_wait(pool.d2h, w->used, "cudaStreamWaitEvent", where);
          move(w, r[0], r[1], 0, pool.d2h, where);
          xmpcu_event_record(w->written, pool.d2h, "cudaEventRecord", where);
          w->has_written = 1;
        } else {
          move(w, r[0], r[1], 0, NULL, where);
        }
        st->written += (double)(r[1] - r[0]) * (double)w->row_bytes * (double)w->planes;
        stale_rows(c->argv[k].data, r[0], r[1], wi);
      }
      w->pinned--;
      w->next_use = INT_MAX;
    }
    if (later)
      (void)issue(c, p, order[i + 1], rows, win, 0, st, where);
  }
  for (int k = 0; k < nk; k++)
    if (!p[k].shape.rows && p[k].whole_window) {
      window_t *w = &pool.w[p[k].win];
      if (gpu) {
        xmpcu_event_record(w->used, pool.compute, "cudaEventRecord", where);
        w->has_used = 1;
      }
      w->pinned--;
    }
  if (gpu) {
    xmpcu_stream_sync(pool.compute, "cudaStreamSynchronize (device loops)", where);
    xmpcu_stream_sync(pool.d2h, "cudaStreamSynchronize (device loops)", where);
    if (trace)
      for (int i = 0; i < nc; i++)
        st->wait_s += xmpcu_elapsed(pool.timing[2 * i], pool.timing[2 * i + 1], where);
  }
  for (int k = 0; k < nk; k++)
    if (layout_of(c, k) != NULL)
      *(xmp_rt_layout_t *)layout_of(c, k) = saved[k];
  free(order);
  free(to_load);
  free(rows);
  free(win);
}
