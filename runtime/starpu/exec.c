/* exec.c - the two executors of a device loop, the choice between them, and the arrays the main
 * thread holds between directives.
 *
 * StarPU (loop.c) runs one task per chunk on the workers of its side; it is the executor
 * whenever the CPU takes a share of the loop, or the GPU part is cut into several chunks. A
 * loop whose split is GPU only in one chunk (weight 0: what the balancer picks for every
 * benchmark program on Hopper) runs directly instead: the main thread holds every array of the
 * loop acquired on its GPU's memory node and calls the loop's CUDA function itself, which
 * launches the kernels on the rank's stream (the one the halo faces and the device collectives
 * use, xmpcu_stream) and returns; nothing waits for them unless the host needs a value (the
 * loop's reductions, which the generated code reads on return; a reflect, whose receivers tell
 * their peers that the shadows may be written; XMP_DEV_TRACE). The next direct loop finds its
 * arrays held and touches StarPU not at all. Every other entry point of the layer that uses
 * StarPU (xmpsp_enter) first completes the stream's work and releases every hold, so that
 * StarPU's tasks and transfers see the arrays as the direct loops left them: switching is
 * invisible to the program. On a StarPU task the CUDA function gets its buffers and stream from
 * StarPU; directly, the same interfaces as StarPU keeps for the node (copied at the hold) and the
 * rank's stream (xmp_dev_direct_stream; the generated code asks xmp_dev_cuda_stream).
 *
 * XMP_DEV_EXECUTOR=starpu keeps StarPU for every loop (comparisons); =direct also runs a
 * GPU-only loop directly where there is no GPU or no CUDA function: its CPU function is then
 * called on the main thread over arrays held in the host memory, which is how CI exercises the
 * holds and the switching (the results must not change).
 *
 * A hold is the array acquired on one memory node (StarPU's acquire), read-only or read-write;
 * a read-write one makes the node's copy the only valid one. xmp_dev_gpu_acquire (reflect ...
 * acc, reduction ... acc) holds arrays the same way, so a reflect between two direct loops costs
 * StarPU nothing either (before, the last reflected array was kept acquired - "parked" - for the
 * same reason). */
#include <stdlib.h>
#include <string.h>

#include "xmpsp_internal.h"

int xmpsp_exec_choose(const xmpsp_exec_query_t *q) {
  if (q->executor == XMPSP_EXECUTOR_STARPU || q->n_cpu > 0 || q->gpu_chunks != 1)
    return XMPSP_EXEC_STARPU;
  if (q->cuda_workers > 0 && q->have_cuda)
    return XMPSP_EXEC_DIRECT_GPU;
  return q->executor == XMPSP_EXECUTOR_DIRECT ? XMPSP_EXEC_DIRECT_HOST : XMPSP_EXEC_STARPU;
}

const char *xmpsp_exec_name(int exec) {
  switch (exec) {
  case XMPSP_EXEC_DIRECT_GPU:
    return "direct";
  case XMPSP_EXEC_DIRECT_HOST:
    return "direct (host)";
  case XMPSP_EXEC_OOC:
    return "out of core";
  default:
    return "starpu";
  }
}

/* ---- holds ---- */

static xmp_dev_data_t **held; /* arrays held, in the order they were taken */
static int nheld, held_cap;
static unsigned long hold_epochs;

/* The direct loops' work still queued: the stream it is on (NULL: none). */
static void *pending_stream;

void xmpsp_direct_settle(const xmp_rt_srcloc_t *where) {
  if (pending_stream != NULL) {
    void *s = pending_stream;
    pending_stream = NULL;
    xmpcu_stream_sync(s, "cudaStreamSynchronize (device loops)", where);
  }
}

void xmp_dev_loops_settle(void) {
  xmp_dev_overlap_finish(); /* faces left arriving (XMP_DEV_OVERLAP) count too */
  xmpsp_direct_settle(NULL);
}

void xmpsp_direct_queued(void *stream) {
  if (pending_stream != NULL && pending_stream != stream)
    xmpsp_direct_settle(NULL); /* one stream at a time is remembered */
  pending_stream = stream;
}

int xmpsp_direct_mark(void **event, const xmp_rt_srcloc_t *where) {
  if (pending_stream == NULL)
    return 0; /* nothing queued: done */
  if (*event == NULL)
    *event = xmpcu_event(0, where);
  xmpcu_event_record(*event, pending_stream, "cudaEventRecord", where);
  return 1;
}

static void drop(xmp_dev_data_t *d) {
  starpu_data_release_on_node(d->handle, d->hold.node);
  d->hold.node = -1;
  d->hold.mode = 0;
}

void xmpsp_hold_release_all(void) {
  if (nheld == 0)
    return;
  xmpsp_direct_settle(NULL); /* StarPU must find the arrays as the kernels leave them */
  for (int i = 0; i < nheld; i++)
    if (held[i]->hold.node >= 0)
      drop(held[i]);
  nheld = 0;
}

const xmpsp_hold_t *xmpsp_hold(xmp_dev_data_t *d, int node, int mode,
                               const xmp_rt_srcloc_t *where) {
  xmpsp_hold_t *h = &d->hold;
  if (h->node == node && (h->mode & mode) == mode)
    return h;
  xmpsp_enter_keep(); /* StarPU's workers make the transfers */
  if (h->node >= 0) {
    /* Another node, or read-only where the loop writes: released and taken again (the
     * kernels queued on it done first). */
    xmpsp_direct_settle(where);
    drop(d);
  } else {
    if (nheld == held_cap) {
      held_cap = held_cap > 0 ? 2 * held_cap : 16;
      xmp_dev_data_t **grown = realloc(held, (size_t)held_cap * sizeof *held);
      if (grown == NULL)
        xmpb_fatal(where, "out of memory (%d held arrays)", held_cap);
      held = grown;
    }
    held[nheld++] = d;
  }
  /* Rows a StarPU loop left split between workers are gathered on the host first. */
  xmpsp_part_unpartition(d);
  xmpsp_check(starpu_data_acquire_on_node(d->handle, node, (enum starpu_data_access_mode)mode),
              where, "starpu_data_acquire_on_node (held array)");
  h->node = node;
  h->mode = mode;
  h->epoch = ++hold_epochs;
  h->iface = *(const struct starpu_vector_interface *)starpu_data_get_interface_on_node(
      d->handle, (unsigned)node);
  xmpsp_leave();
  return h;
}

/* ---- the direct executor ---- */

/* The stream of the direct loop being called (xmp_dev_direct_stream), and its device. */
static void *calling_stream;
static int calling_device = -1;

void *xmp_dev_direct_stream(void) { return calling_stream; }

/* Device scratch of direct loops (xmp_dev_cuda_scratch outside a CUDA worker), per device. */
static struct {
  void *ptr;
  size_t bytes;
  unsigned *ticket; /* xmp_dev_cuda_ticket's, zeroed when made */
} scratch[STARPU_MAXCUDADEVS];

void *xmpsp_direct_scratch(size_t bytes) {
  if (calling_stream == NULL || calling_device < 0 || calling_device >= STARPU_MAXCUDADEVS)
    return NULL;
  if (scratch[calling_device].bytes < bytes) {
    size_t want = scratch[calling_device].bytes * 2 > bytes ? scratch[calling_device].bytes * 2
                                                             : bytes;
    /* Kernels of earlier loops that used it ran on this stream: wait for them. */
    xmpcu_stream_sync(calling_stream, "cudaStreamSynchronize (device loops)", NULL);
    xmp_dev_gpu_free(scratch[calling_device].ptr, 0);
    scratch[calling_device].ptr = xmp_dev_gpu_alloc(want, 0, NULL);
    scratch[calling_device].bytes = want;
  }
  return scratch[calling_device].ptr;
}

unsigned *xmpsp_direct_ticket(void) {
  if (calling_stream == NULL || calling_device < 0 || calling_device >= STARPU_MAXCUDADEVS)
    return NULL;
  if (scratch[calling_device].ticket == NULL) { /* calling_device is current */
    scratch[calling_device].ticket = xmp_dev_gpu_alloc(sizeof(unsigned), 0, NULL);
    xmpcu_zero(scratch[calling_device].ticket, sizeof(unsigned), NULL);
  }
  return scratch[calling_device].ticket;
}

void xmpsp_direct_site_free(xmpsp_direct_site_t *s) {
  for (int i = 0; i < 2; i++)
    if (s->ev[i] != NULL)
      xmpcu_event_free(s->ev[i]);
  memset(s, 0, sizeof *s);
}

void xmpsp_direct_shutdown(void) {
  xmpsp_hold_release_all();
  for (int d = 0; d < STARPU_MAXCUDADEVS; d++) {
    xmp_dev_gpu_free(scratch[d].ptr, 0);
    xmp_dev_gpu_free(scratch[d].ticket, 0);
    scratch[d].ptr = NULL;
    scratch[d].bytes = 0;
    scratch[d].ticket = NULL;
  }
  free(held);
  held = NULL;
  held_cap = 0;
}

void xmpsp_direct_invoke(xmp_dev_func_t fn, void *buffers[], xmp_dev_task_t *task, int device,
                         void *stream) {
  calling_stream = device >= 0 ? stream : NULL;
  calling_device = device;
  fn(buffers, task);
  calling_stream = NULL;
  calling_device = -1;
}

int xmpsp_direct_done(const xmpsp_direct_site_t *s) {
  return !s->timing || xmpcu_event_done(s->ev[1], &s->where);
}

double xmpsp_direct_time(xmpsp_direct_site_t *s) {
  if (s->timing) {
    s->t = xmpcu_elapsed(s->ev[0], s->ev[1], &s->where);
    s->timing = 0;
  }
  return s->t;
}

void xmpsp_direct_run(xmpsp_direct_site_t *s, const xmpsp_direct_call_t *c,
                      const xmp_rt_srcloc_t *where) {
  const xmpsp_workers_t *w = xmpsp_workers();
  int gpu = c->exec == XMPSP_EXEC_DIRECT_GPU;
  int node = gpu ? (int)starpu_worker_get_memory_node((unsigned)w->cuda[0]) : STARPU_MAIN_RAM;
  void *buffers[XMP_DEV_MAX_ARGS + 1];
  xmp_dev_task_t task;
  memset(&task, 0, sizeof task);
  for (int k = 0; k < c->nargs; k++) {
    const xmpsp_hold_t *h = xmpsp_hold(c->argv[k].data, node,
                                       c->argv[k].mode == XMP_DEV_READ ? STARPU_R : STARPU_RW,
                                       where);
    buffers[k] = (void *)&h->iface;
    if (c->argv[k].mode != XMP_DEV_READ)
      xmpsp_ooc_written(c->argv[k].data);
  }
  task.args = c->args;
  task.lb = c->lb;
  task.ub = c->ub;
  task.st = c->st;
  task.partial = c->partial;
  task.partial_dev = gpu ? c->partial_dev : NULL;
  s->where = *where;
  if (!gpu) {
    double t0 = starpu_timing_now();
    c->fn(buffers, &task);
    s->t = (starpu_timing_now() - t0) * 1e-6;
    s->timing = 0;
    return;
  }
  int device = starpu_worker_get_devid(w->cuda[0]);
  void *stream = xmpcu_stream(device, where);
  xmp_dev_gpu_use_device(device, where);
  if (c->timed && (s->ev[0] == NULL || s->device != device)) {
    xmpsp_direct_site_free(s);
    s->ev[0] = xmpcu_event(0, where);
    s->ev[1] = xmpcu_event(0, where);
    s->device = device;
  }
  if ((c->timed & XMPSP_TIME_START) && s->timing) /* an earlier time, never read: events reused */
    (void)xmpsp_direct_time(s);
  double t0 = starpu_timing_now();
  if (c->timed & XMPSP_TIME_START)
    xmpcu_event_record(s->ev[0], stream, "cudaEventRecord", where);
  xmpsp_direct_invoke(c->fn, buffers, &task, device, stream);
  if (c->timed & XMPSP_TIME_END) {
    xmpcu_event_record(s->ev[1], stream, "cudaEventRecord", where);
    s->timing = 1; /* untimed: an earlier execution's events stay to be read */
  }
  pending_stream = stream;
  if (c->sync)
    xmpsp_direct_settle(where);
  if (!c->timed) /* from the host: the kernels' time where it waited for them, else less */
    s->t_host = (starpu_timing_now() - t0) * 1e-6;
}
