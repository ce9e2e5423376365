/* scratch.c - device scratch memory of each CUDA worker (per-block reduction partials of the
 * generated kernels), grown on demand and kept until shutdown. Allocated through StarPU on the
 * worker's memory node, so libxmp needs no CUDA of its own; and each worker's ticket, the
 * counter with which a reduction's blocks find the last of them. A loop the main thread runs
 * directly has the scratch and ticket of exec.c. */
#include "xmpsp_internal.h"

typedef struct scratch {
  uintptr_t ptr;
  size_t bytes;
  unsigned node;
  unsigned *ticket; /* xmp_dev_cuda_ticket's counter, zeroed when made */
} scratch_t;

/* Indexed by worker id; each slot is touched only by its own worker's thread (and at
 * shutdown, once the workers are idle). */
static scratch_t scratch[STARPU_NMAXWORKERS];

/* The calling CUDA worker's slot; `what` is the entry point, for the error elsewhere. */
static scratch_t *worker_slot(const char *what) {
  int id = starpu_worker_get_id();
  if (id < 0 || starpu_worker_get_type(id) != STARPU_CUDA_WORKER)
    xmpb_fatal(NULL, "%s called outside a CUDA codelet", what);
  return &scratch[id];
}

void *xmp_dev_cuda_scratch(size_t bytes) {
  void *direct = xmpsp_direct_scratch(bytes); /* a direct loop's (exec.c) */
  if (direct != NULL)
    return direct;
  scratch_t *s = worker_slot("xmp_dev_cuda_scratch");
  if (s->bytes < bytes) {
    size_t want = s->bytes * 2 > bytes ? s->bytes * 2 : bytes; /* fewer regrowths */
    /* The worker's earlier kernels that used the old buffer ran on the same stream, and
     * cudaFree waits for the device, so freeing it here is safe. */
    if (s->ptr != 0)
      starpu_free_on_node(s->node, s->ptr, s->bytes);
    s->node = starpu_worker_get_local_memory_node();
    s->ptr = starpu_malloc_on_node(s->node, want);
    if (s->ptr == 0)
      xmpb_fatal(NULL, "StarPU: starpu_malloc_on_node of %zu bytes of CUDA scratch failed",
                 want);
    s->bytes = want;
  }
  return (void *)s->ptr;
}

unsigned *xmp_dev_cuda_ticket(void) {
  unsigned *direct = xmpsp_direct_ticket(); /* a direct loop's (exec.c) */
  if (direct != NULL)
    return direct;
  scratch_t *s = worker_slot("xmp_dev_cuda_ticket");
  if (s->ticket == NULL) { /* the worker's device is current in its thread */
    s->ticket = xmp_dev_gpu_alloc(sizeof *s->ticket, 0, NULL);
    xmpcu_zero(s->ticket, sizeof *s->ticket, NULL);
  }
  return s->ticket;
}

void xmpsp_scratch_free_all(void) {
  for (int i = 0; i < STARPU_NMAXWORKERS; i++) {
    if (scratch[i].ptr != 0)
      starpu_free_on_node(scratch[i].node, scratch[i].ptr, scratch[i].bytes);
    xmp_dev_gpu_free(scratch[i].ticket, 0);
    scratch[i] = (scratch_t){0};
  }
}
