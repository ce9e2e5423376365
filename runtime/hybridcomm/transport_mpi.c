/* transport_mpi.c - the MPI path: one persistent request per face over the face's derived
 * datatype (reflect.c's subarray of the local storage), so MPI packs or not as it sees fit.
 * Works between any two nodes; the only path between domains. */
#include <stdlib.h>

#include "xmphc_internal.h"

static int mpi_plan(const xmphc_xinfo_t *x, xmphc_face_t *f) {
  MPI_Request *r = malloc(sizeof *r);
  if (r == NULL)
    return XMPHC_E_NOMEM;
  if (f->desc.send)
    MPI_Send_init(x->st->base, 1, f->desc.type, f->desc.peer, f->desc.tag, x->comm, r);
  else
    MPI_Recv_init(x->st->base, 1, f->desc.type, f->desc.peer, f->desc.tag, x->comm, r);
  f->tr[XMPHC_PATH_MPI] = r;
  return XMPHC_OK;
}

static int mpi_start(const xmphc_xinfo_t *x, xmphc_face_t *f) {
  (void)x;
  MPI_Start(f->tr[XMPHC_PATH_MPI]);
  return XMPHC_OK;
}

static int mpi_test(const xmphc_xinfo_t *x, xmphc_face_t *f, int *done) {
  (void)x;
  MPI_Test(f->tr[XMPHC_PATH_MPI], done, MPI_STATUS_IGNORE);
  return XMPHC_OK;
}

static int mpi_finish(const xmphc_xinfo_t *x) {
  (void)x;
  return XMPHC_OK;
}

static void mpi_release(xmphc_face_t *f) {
  MPI_Request *r = f->tr[XMPHC_PATH_MPI];
  if (r == NULL)
    return;
  MPI_Request_free(r);
  free(r);
  f->tr[XMPHC_PATH_MPI] = NULL;
}

const xmphc_transport_t xmphc_transport_mpi = {"mpi", NULL, mpi_plan, mpi_start, mpi_test,
                                               mpi_finish, mpi_release};
