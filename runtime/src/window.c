/* window.c - an MPI window on a distributed array's local storage, for the one-sided gmove
 * forms (`gmove in` / `gmove out`), whose remote side may be nodes that do not execute the
 * directive (a task's outside). Windows are created collectively, so the compiler asks for one
 * right after the array is allocated (xmp_rt_array_expose), when every node that holds part
 * of the array is present; it lives, in one passive-target epoch (lock_all), until the array
 * is freed. */
#include <stdlib.h>

#include "xmpi_internal.h"

struct xmpi_window {
  MPI_Win win;
  int *rank_of;  /* row-major node index -> rank in the window's group, -1 when absent */
  int async_id;  /* owner id of the latest asynchronous transfer still to be flushed */
  int in_flight; /* asynchronous transfers not yet completed */
  /* Ranks with transfers issued since the last completion, flushed one by one: Open MPI
   * 4.1's osc/ucx MPI_Win_flush_all returned before some MPI_Get had landed (Omni's
   * gmove_test_in read unwritten elements about one run in three), MPI_Win_flush does not. */
  int nranks;
  char *targeted;
};

void xmp_rt_array_expose(xmp_rt_array_t *a, const xmp_rt_srcloc_t *where) {
  if (a->data == NULL)
    xmpi_fatal_collective(where, "array '%s' is exposed for one-sided access before it is "
                          "allocated", a->name);
  if (a->win != NULL || a->tmpl == NULL || !a->tmpl->distributed)
    return; /* exposed already, or held whole by every node */
  xmpi_window_t *w = xmpi_calloc_or_die(1, sizeof *w, where);
  w->async_id = -1;
  MPI_Comm comm = xmpi_exec_comm();
  /* A failing window creation is reported here, with a hint, rather than by MPI's abort. */
  MPI_Errhandler previous;
  MPI_Comm_get_errhandler(comm, &previous);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  int st = MPI_Win_create(a->data, (MPI_Aint)xmp_rt_array_storage_bytes(a), 1, MPI_INFO_NULL,
                          comm, &w->win);
  MPI_Comm_set_errhandler(comm, previous);
  MPI_Errhandler_free(&previous);
  if (st != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(st, text, &len);
    xmpi_fatal(where, "array '%s': MPI cannot create a window for one-sided gmove (%s); with "
               "Open MPI, choosing another one-sided component may help (e.g. "
               "OMPI_MCA_osc=^rdma)", a->name, text);
  }
  MPI_Win_lock_all(MPI_MODE_NOCHECK, w->win);
  const xmp_rt_nodes_t *n = a->tmpl->nodes;
  int size, mine = -1;
  MPI_Comm_size(comm, &size);
  if (xmpi_nodes_member(n)) {
    mine = 0;
    for (int k = 0; k < n->rank; k++)
      mine = mine * n->size[k] + n->coord[k];
  }
  w->nranks = size;
  w->targeted = xmpi_calloc_or_die((size_t)size, 1, where);
  int *lin = xmpi_calloc_or_die((size_t)size, sizeof *lin, where);
  MPI_Allgather(&mine, 1, MPI_INT, lin, 1, MPI_INT, comm);
  size_t nnodes = 1;
  for (int k = 0; k < n->rank; k++)
    nnodes *= (size_t)n->size[k];
  w->rank_of = xmpi_calloc_or_die(nnodes, sizeof *w->rank_of, where);
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
  return a->win->win;
}

void xmpi_window_target(xmp_rt_array_t *a, int rank) {
  a->win->targeted[rank] = 1;
}

static void flush_targeted(xmpi_window_t *w) {
  for (int r = 0; r < w->nranks; r++)
    if (w->targeted[r]) {
      MPI_Win_flush(r, w->win);
      w->targeted[r] = 0;
    }
}

static void flush(void *ctx) {
  xmpi_window_t *w = ctx;
  flush_targeted(w);
  w->in_flight--;
}

void xmpi_window_complete(xmp_rt_array_t *a, int async_id) {
  xmpi_window_t *w = a->win;
  if (async_id < 0) {
    flush_targeted(w);
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
  MPI_Win_unlock_all(w->win);
  MPI_Win_free(&w->win);
  free(w->targeted);
  free(w->rank_of);
  free(w);
  a->win = NULL;
}
