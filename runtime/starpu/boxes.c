/* boxes.c - copies of boxes (halo faces) of a replicated array between the memory holding its
 * current copy and a host buffer, for `reflect_do ... acc`: only the faces travel between a GPU
 * and the host, instead of the whole array (replicate_sync out/in).
 *
 * One StarPU task on the whole array's handle, pinned to a worker whose memory node holds a
 * valid copy (a GPU's first, so that writing the received shadows there does not invalidate
 * the GPU copy; else a CPU worker and the copy is a memcpy). The task's function runs on CPU
 * and CUDA workers alike: starpu_interface_copynd moves n-D blocks between any two memory
 * nodes, so libxmp needs no CUDA code of its own. */
#include <stdint.h>
#include <stdlib.h>

#include "xmpsp_internal.h"

typedef struct copy_job {
  int rank;
  const long *extent;
  size_t elem;
  int nboxes;
  const xmp_dev_box_t *boxes;
  char *host;
  int pack; /* array -> host buffer; else host buffer -> array */
} copy_job_t;

/* One box: dimensions innermost first for StarPU; the host side is packed densely. Dimensions
 * of one element are left out and a dimension that continues its inner neighbour contiguously
 * is merged into it, so that a face is one block, or one 2-D copy, where it can be. */
static void copy_box(const copy_job_t *job, const xmp_dev_box_t *b, uintptr_t array,
                     unsigned node) {
  uint32_t nn[XMP_RT_MAX_DIMS], ld_array[XMP_RT_MAX_DIMS], ld_host[XMP_RT_MAX_DIMS];
  size_t offset = 0, stride = 1, dense = 1, ndim = 0, next = 0; /* next: merged extent */
  for (int e = job->rank - 1; e >= 0; e--) {
    offset += (size_t)b->start[e] * stride;
    if (b->count[e] != 1) {
      if (ndim == 0 && stride != 1) { /* StarPU's first dimension is a contiguous block */
        nn[0] = 1;
        ld_array[0] = ld_host[0] = 1;
        ndim = 1;
        next = 1;
      }
      if (ndim > 0 && stride == next) { /* contiguous after the inner dimension */
        nn[ndim - 1] *= (uint32_t)b->count[e];
      } else {
        nn[ndim] = (uint32_t)b->count[e];
        ld_array[ndim] = (uint32_t)stride;
        ld_host[ndim] = (uint32_t)dense;
        ndim++;
      }
      next = (size_t)ld_array[ndim - 1] * nn[ndim - 1];
      dense *= (size_t)b->count[e];
    }
    stride *= (size_t)job->extent[e];
  }
  if (ndim == 0) { /* a single element */
    nn[0] = 1;
    ld_array[0] = ld_host[0] = 1;
    ndim = 1;
  }
  uintptr_t host = (uintptr_t)job->host;
  if (job->pack)
    starpu_interface_copynd(array, offset * job->elem, node, host, b->offset, STARPU_MAIN_RAM,
                            job->elem, ndim, nn, ld_array, ld_host, NULL);
  else
    starpu_interface_copynd(host, b->offset, STARPU_MAIN_RAM, array, offset * job->elem, node,
                            job->elem, ndim, nn, ld_host, ld_array, NULL);
}

static void copy_boxes_func(void *buffers[], void *arg) {
  const copy_job_t *job = arg;
  uintptr_t array = STARPU_VECTOR_GET_PTR(buffers[0]);
  unsigned node = starpu_worker_get_local_memory_node();
  for (int i = 0; i < job->nboxes; i++)
    copy_box(job, &job->boxes[i], array, node);
}

/* A worker whose memory holds a valid copy of d: a GPU's if any, else a CPU worker's. */
static int holder_worker(const xmp_dev_data_t *d) {
  const xmpsp_workers_t *w = xmpsp_workers();
  for (int i = 0; i < w->ncuda; i++)
    if (starpu_data_is_on_node(d->handle, starpu_worker_get_memory_node((unsigned)w->cuda[i])))
      return w->cuda[i];
  return w->ncpu > 0 ? w->cpu[0] : -1;
}

void xmp_dev_copy_boxes(xmp_dev_data_t *d, int rank, const long *extent, int nboxes,
                        const xmp_dev_box_t *boxes, void *host, int pack,
                        const xmp_rt_srcloc_t *where) {
  if (nboxes == 0)
    return;
  long elems = 1;
  for (int e = 0; e < rank; e++)
    elems *= extent[e];
  if (d->dummy != NULL || elems != d->nx)
    xmpb_fatal(where, "array '%s': halo faces of a %ld-element storage in a replicated array "
               "of %ld elements", d->name, elems, d->dummy != NULL ? 0L : d->nx);
  for (int i = 0; i < nboxes; i++)
    for (int e = 0; e < rank; e++)
      if (boxes[i].count[e] > (long)UINT32_MAX)
        xmpb_fatal(where, "array '%s': a halo face of %ld elements along dimension %d is "
                   "too large to copy", d->name, boxes[i].count[e], e);
  static struct starpu_codelet cl;
  static int cl_ready;
  if (!cl_ready) {
    starpu_codelet_init(&cl);
    cl.cpu_funcs[0] = copy_boxes_func;
    cl.cuda_funcs[0] = copy_boxes_func; /* synchronous copies: no STARPU_CUDA_ASYNC */
    cl.nbuffers = STARPU_VARIABLE_NBUFFERS;
    cl.name = "xmp halo faces";
    cl_ready = 1;
  }
  copy_job_t job = {rank, extent, d->elem_size, nboxes, boxes, host, pack};
  /* One enter/leave: each leave pauses StarPU's workers, each enter wakes them. */
  xmpsp_enter();
  if (!pack)
    xmpsp_ooc_written(d);
  /* Rows split between devices by a device loop: gathered on the host first (StarPU 1.4). */
  xmpsp_part_unpartition(d);
  struct starpu_task *task = starpu_task_create();
  task->cl = &cl;
  task->nbuffers = 1;
  task->handles[0] = d->handle;
  task->modes[0] = pack ? STARPU_R : STARPU_RW;
  task->cl_arg = &job;
  task->cl_arg_size = sizeof job;
  task->synchronous = 1;
  int worker = holder_worker(d);
  if (worker >= 0) {
    task->execute_on_a_specific_worker = 1;
    task->workerid = (unsigned)worker;
  }
  xmpsp_check(starpu_task_submit(task), where, "starpu_task_submit (halo faces)");
  xmpsp_leave();
}

void *xmp_dev_host_alloc(size_t bytes, const xmp_rt_srcloc_t *where) {
  void *p = NULL;
  xmpsp_enter();
  xmpsp_start(where);
  /* Pinned when StarPU drives GPUs: device copies from and to it are DMA. */
  if (starpu_malloc(&p, bytes > 0 ? bytes : 1) != 0)
    xmpb_fatal(where, "StarPU: starpu_malloc of %zu bytes (halo buffer) failed", bytes);
  xmpsp_leave();
  return p;
}

void xmp_dev_host_free(void *p) {
  if (p != NULL)
    starpu_free_noflag(p, 0);
}
