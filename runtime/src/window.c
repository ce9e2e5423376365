/* window.c - an MPI window on a distributed array's local storage, for the one-sided gmove
 * forms (`gmove in` / `gmove out`), whose remote side may be nodes that do not execute the
 * directive (a task's outside). Windows are created collectively, so the compiler asks for one
 * right after the array is allocated (xmp_rt_array_expose), when every node that holds part
 * of the array is present; it lives, in one passive-target epoch (rma.c), until the array
 * is freed. */
#include <stdio.h>
#include <stdlib.h>

#include "xmpi_internal.h"

struct xmpi_window {
  xmpi_rma_t rma;
  int *rank_of;  /* row-major node index -> rank in the window's group, -1 when absent */
  int async_id;  /* owner id of the latest asynchronous transfer still to be flushed */
  int in_flight; /* asynchronous transfers not yet completed */
};

void xmp_rt_array_expose(xmp_rt_array_t *a, const xmp_rt_srcloc_t *where) {
  if (a->data == NULL)
    xmpb_fatal_collective(where, "array '%s' is exposed for one-sided access before it is "
                          "allocated", a->name);
  if (a->win != NULL || a->tmpl == NULL || !a->tmpl->distributed)
    return; /* exposed already, or held whole by every node */
  xmpi_window_t *w = xmpb_calloc_or_die(1, sizeof *w, where);
  w->async_id = -1;
  MPI_Comm comm = xmpb_exec_comm();
  char what[160];
  snprintf(what, sizeof what, "array '%s' (one-sided gmove)", a->name);
  xmpi_rma_open(&w->rma, a->data, xmp_rt_array_storage_bytes(a), comm, what, where);
  const xmp_rt_nodes_t *n = a->tmpl->nodes;
  int size = w->rma.nranks, mine = -1;
  if (xmpi_nodes_member(n)) {
    mine = 0;
    for (int k = 0; k < n->rank; k++)
      mine = mine * n->size[k] + n->coord[k];
  }
  int *lin = xmpb_calloc_or_die((size_t)size, sizeof *lin, where);
  MPI_Allgather(&mine, 1, MPI_INT, lin, 1, MPI_INT, comm);
  size_t nnodes = 1;
  for (int k = 0; k < n->rank; k++)
    nnodes *= (size_t)n->size[k];
  w->rank_of = xmpb_calloc_or_die(nnodes, sizeof *w->rank_of, where);
  for (size_t i = 0; i < nnodes; i++)
    w->rank_of[i] = -1;
  for (int r = 0; r < size; r++)
    if (lin[r] >= 0)
      w->rank_of[lin[r]] = r;
  free(lin);
  a->win = w;
}

MPI_Win xmpi_window_of(const xmp_rt_array_t *a, size_t node, int *rank) {
  *rank = a->win->rank_of[node];
  return a->win->rma.win;
}

void xmpi_window_target(xmp_rt_array_t *a, int rank) { xmpi_rma_note(&a->win->rma, rank); }

static void flush(void *ctx) {
  xmpi_window_t *w = ctx;
  xmpi_rma_flush_all(&w->rma);
  w->in_flight--;
}

void xmpi_window_complete(xmp_rt_array_t *a, int async_id) {
  xmpi_window_t *w = a->win;
  if (async_id < 0) {
    xmpi_rma_flush_all(&w->rma);
    return;
  }
  w->in_flight++;
  xmpi_async_add_done(async_id, flush, w, &w->async_id);
}

void xmpi_window_free(xmp_rt_array_t *a) {
  xmpi_window_t *w = a->win;
  if (w == NULL)
    return;
  while (w->in_flight > 0)
    xmpi_async_complete(&w->async_id);
  xmpi_rma_close(&w->rma);
  free(w->rank_of);
  free(w);
  a->win = NULL;
}
