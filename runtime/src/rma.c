/* rma.c - an MPI window over memory a process already has, open in one passive-target epoch
 * (lock_all) for its whole life, with the ranks that transfers were issued to since they were
 * last completed. Completion flushes those ranks one by one: Open MPI 4.1's osc/ucx
 * MPI_Win_flush_all returned before some MPI_Get had landed (Omni's gmove_test_in read
 * unwritten elements about one run in three), MPI_Win_flush does not. The one-sided gmove
 * (window.c) and the coarrays (coarray.c) both reach other processes' memory through it. */
#include <stdlib.h>

#include "xmpi_internal.h"

void xmpi_rma_open(xmpi_rma_t *r, void *base, size_t bytes, MPI_Comm comm, const char *what,
                   const xmp_rt_srcloc_t *where) {
  MPI_Comm_size(comm, &r->nranks);
  r->targeted = xmpb_calloc_or_die((size_t)r->nranks, 1, where);
  r->list = xmpb_calloc_or_die((size_t)r->nranks, sizeof *r->list, where);
  r->ntargets = 0;
  /* A failing window creation is reported here, with a hint, rather than by MPI's abort. */
  MPI_Errhandler previous;
  MPI_Comm_get_errhandler(comm, &previous);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  int st = MPI_Win_create(bytes > 0 ? base : NULL, (MPI_Aint)bytes, 1, MPI_INFO_NULL, comm,
                          &r->win);
  MPI_Comm_set_errhandler(comm, previous);
  MPI_Errhandler_free(&previous);
  if (st != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(st, text, &len);
    xmpb_fatal(where, "%s: MPI cannot create a window over it (%s); with Open MPI, choosing "
               "another one-sided component may help (e.g. OMPI_MCA_osc=^rdma)", what, text);
  }
  MPI_Win_lock_all(MPI_MODE_NOCHECK, r->win);
  int *model = NULL, flag = 0;
  MPI_Win_get_attr(r->win, MPI_WIN_MODEL, &model, &flag);
  r->unified = flag && *model == MPI_WIN_UNIFIED;
}

void xmpi_rma_note(xmpi_rma_t *r, int rank) {
  if (!r->targeted[rank]) {
    r->targeted[rank] = 1;
    r->list[r->ntargets++] = rank;
  }
}

void xmpi_rma_flush(xmpi_rma_t *r, int rank) {
  if (!r->targeted[rank])
    return;
  MPI_Win_flush(rank, r->win);
  r->targeted[rank] = 0;
  for (int i = 0; i < r->ntargets; i++)
    if (r->list[i] == rank) {
      r->list[i] = r->list[--r->ntargets];
      break;
    }
}

void xmpi_rma_flush_all(xmpi_rma_t *r) {
  for (int i = 0; i < r->ntargets; i++) {
    MPI_Win_flush(r->list[i], r->win);
    r->targeted[r->list[i]] = 0;
  }
  r->ntargets = 0;
}

void xmpi_rma_close(xmpi_rma_t *r) {
  MPI_Win_unlock_all(r->win); /* completes what is still outstanding */
  MPI_Win_free(&r->win);
  free(r->targeted);
  free(r->list);
  r->targeted = NULL;
  r->list = NULL;
  r->ntargets = 0;
}
