/* data.c - replicated arrays (`device replicate`, `replicate_sync`, end of the scope).
 *
 * The array's host memory itself is registered with StarPU as its home copy, instead of the
 * thesis's second host copy synchronised by replicate_sync: StarPU then moves data straight
 * between the user's array and the devices, and replicate_sync costs an acquire/release (a
 * transfer only where a device holds newer data) rather than a memcpy of the whole array each
 * time. The memory is pinned for DMA while registered. */
#include <stdint.h>
#include <stdlib.h>

#include "xmpsp_internal.h"
#include "xmpsp_trace.h"

static xmp_dev_data_t *live; /* replicated arrays, newest first */

xmp_dev_data_t *xmp_dev_replicate(void *host, size_t bytes, size_t elem_size, const char *name,
                                  const xmp_rt_srcloc_t *where) {
  if (elem_size == 0 || bytes % elem_size != 0)
    xmpb_fatal(where, "array '%s': %zu bytes is not a whole number of %zu-byte elements",
               name, bytes, elem_size);
  if (bytes / elem_size > UINT32_MAX) /* StarPU vectors count elements in 32 bits */
    xmpb_fatal(where, "array '%s': %zu elements are more than a StarPU vector holds (%u)",
               name, bytes / elem_size, (unsigned)UINT32_MAX);
  for (xmp_dev_data_t *o = live; o != NULL; o = o->next)
    if (bytes > 0 && o->bytes > 0 && (char *)host < (char *)o->host + o->bytes &&
        (char *)o->host < (char *)host + bytes)
      xmpb_fatal(where, "array '%s' is already replicated (as '%s', %s:%d)", name, o->name,
                 o->where.file != NULL ? o->where.file : "?", o->where.line);
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  xmpsp_enter();
  xmpsp_start(where);
  xmp_dev_data_t *d = xmpb_calloc_or_die(1, sizeof *d, where);
  d->host = host;
  d->bytes = bytes;
  d->elem_size = elem_size;
  d->nx = (long)(bytes / elem_size);
  d->name = name;
  d->where = xmpb_srcloc_copy(where);
  d->active = -1;
  d->hold.node = -1; /* not held by the main thread (exec.c) */
  void *reg = host;
  long nx = d->nx;
  if (nx == 0) {
    /* A node may own no element: a one-element stand-in keeps every task's buffer list
     * uniform (no task of this node touches it). */
    d->dummy = xmpb_calloc_or_die(1, elem_size, where);
    reg = d->dummy;
    nx = 1;
  } else if (xmpsp_workers()->ncuda > 0) {
    /* Without a CUDA worker there is no DMA to speed up (and cudaHostRegister would fail). */
    if (starpu_memory_pin(host, bytes) != 0)
      xmpb_fatal(where, "StarPU: starpu_memory_pin of array '%s' (%zu bytes) failed", name,
                 bytes);
    d->pinned = 1;
  }
  starpu_vector_data_register(&d->handle, STARPU_MAIN_RAM, (uintptr_t)reg, (uint32_t)nx,
                              elem_size);
  starpu_data_set_name(d->handle, name);
  d->next = live;
  if (live != NULL)
    live->prev = d;
  live = d;
  xmpsp_leave();
  xmpsp_span_end(&span);
  return d;
}

size_t xmpsp_data_live_bytes(void) {
  size_t bytes = 0;
  for (const xmp_dev_data_t *d = live; d != NULL; d = d->next)
    bytes += d->bytes;
  return bytes;
}

xmp_dev_data_t *xmp_dev_find(const void *host) {
  for (xmp_dev_data_t *d = live; d != NULL; d = d->next)
    if (d->host == host)
      return d;
  return NULL;
}

/* Acquires and releases d (or, while it is partitioned, each of its pieces) on the host
 * memory in mode. */
static void sync_host(xmp_dev_data_t *d, enum starpu_data_access_mode mode,
                      const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  xmpsp_enter();
  int trace = xmpsp_config()->trace;
  double start_us = trace ? xmpsp_trace_begin() : 0;
  /* A partition left by a device loop stays: acquiring its pieces gives the same host result
   * as gathering them, without invalidating the device copies of the written rows (sync out)
   * or re-partitioning at the next loop. */
  if (!xmpsp_part_sync_children(d, mode, where)) {
    xmpsp_check(starpu_data_acquire_on_node(d->handle, STARPU_MAIN_RAM, mode), where,
                "starpu_data_acquire_on_node");
    starpu_data_release_on_node(d->handle, STARPU_MAIN_RAM);
  }
  if (trace)
    xmpsp_trace_span(where, start_us, "replicate_sync %s '%s'", mode == STARPU_W ? "in" : "out",
                     d->name);
  xmpsp_leave();
  xmpsp_span_end(&span);
}

/* sync in: the host memory is the truth. Acquiring in W mode on the host makes its copy the
 * only valid one without reading anything, and drops the device copies. */
void xmp_dev_sync_in(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where) {
  xmpsp_ooc_written(d);
  sync_host(d, STARPU_W, where);
}

/* sync out: acquiring in R mode on the host brings the latest values there; device copies stay
 * valid (shared). */
void xmp_dev_sync_out(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where) {
  sync_host(d, STARPU_R, where);
}

void *xmp_dev_device_address(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where) {
  xmp_dev_overlap_finish();
  const xmpsp_workers_t *w = xmpsp_workers();
  int node = w->ncuda > 0 ? (int)starpu_worker_get_memory_node((unsigned)w->cuda[0])
                          : STARPU_MAIN_RAM;
  const xmpsp_hold_t *h = xmpsp_hold(d, node, STARPU_RW, where);
  xmpsp_direct_settle(where);
  xmpsp_ooc_written(d); /* the caller may write there */
  return (void *)h->iface.ptr;
}

void xmp_dev_host_acquire(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where) {
  xmpsp_enter();
  if (d->dummy != NULL)
    return; /* empty: nothing to bring */
  xmpsp_ooc_written(d);
  xmpsp_part_unpartition(d); /* the pieces a device loop left, gathered */
  xmpsp_check(starpu_data_acquire_on_node(d->handle, STARPU_MAIN_RAM, STARPU_RW), where,
              "starpu_data_acquire_on_node (host copy)");
}

void xmp_dev_host_release(xmp_dev_data_t *d) {
  if (d->dummy == NULL)
    starpu_data_release_on_node(d->handle, STARPU_MAIN_RAM);
  xmpsp_leave();
}

static void unlink_data(xmp_dev_data_t *d) {
  if (d->prev != NULL)
    d->prev->next = d->next;
  else
    live = d->next;
  if (d->next != NULL)
    d->next->prev = d->prev;
}

/* keep: the latest values go to the host memory (unregistering waits for the array's tasks
 * and leaves them there); else the host keeps what it holds (_no_coherency). */
static void release(xmp_dev_data_t *d, int keep) {
  if (d == NULL)
    return;
  xmpsp_span_t span; /* counted with the replicate directive's site */
  xmpsp_span_begin(&span, &d->where);
  xmpsp_enter();
  xmpsp_ooc_forget(d);
  xmpsp_part_clean_all(d);
  if (keep)
    starpu_data_unregister(d->handle);
  else
    starpu_data_unregister_no_coherency(d->handle);
  if (d->pinned && starpu_memory_unpin(d->host, d->bytes) != 0)
    xmpb_fatal(&d->where, "StarPU: starpu_memory_unpin of array '%s' failed", d->name);
  xmpsp_leave();
  xmpsp_span_end(&span);
  unlink_data(d);
  free(d->dummy);
  free(d);
}

void xmp_dev_release(xmp_dev_data_t *d) { release(d, 1); }

void xmp_dev_release_discard(xmp_dev_data_t *d) { release(d, 0); }

void xmpsp_data_release_all(void) {
  while (live != NULL)
    xmp_dev_release(live);
}
