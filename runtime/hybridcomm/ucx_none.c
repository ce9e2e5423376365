/* ucx_none.c - the layer without UCX (libxmp built where UCX's development files are
 * missing): array storage is plain memory and the direct path for host data is never a
 * candidate, so every host face runs over MPI. */
#include <stdlib.h>

#include "xmphc_internal.h"

void *xmphc_storage_alloc(size_t bytes, int direct) {
  (void)direct;
  return calloc(bytes > 0 ? bytes : 1, 1);
}

void xmphc_storage_free(void *p) { free(p); }

int xmphc_ucx_storage_lookup(const void *p, size_t bytes, void **memh) {
  (void)p, (void)bytes, (void)memh;
  return 0;
}

int xmphc_ucx_active(void) { return 0; }
void xmphc_ucx_stop(void) {}

static int none_describe(const xmphc_xinfo_t *x, xmphc_face_t *f, unsigned char *buf,
                         size_t cap, size_t *len) {
  (void)x, (void)f, (void)buf, (void)cap;
  *len = 0; /* this end cannot take the path: the face stays on MPI */
  return XMPHC_OK;
}

static int none_plan(const xmphc_xinfo_t *x, xmphc_face_t *f) {
  (void)x, (void)f;
  return XMPHC_E_UCX;
}

static int none_start(const xmphc_xinfo_t *x, xmphc_face_t *f) {
  (void)x, (void)f;
  return XMPHC_E_UCX;
}

static int none_test(const xmphc_xinfo_t *x, xmphc_face_t *f, int *done) {
  (void)x, (void)f;
  *done = 1;
  return XMPHC_E_UCX;
}

static int none_finish(const xmphc_xinfo_t *x) {
  (void)x;
  return XMPHC_OK;
}

static void none_release(xmphc_face_t *f) { (void)f; }

const xmphc_transport_t xmphc_transport_ucx = {"ucx (not built)", none_describe, none_plan,
                                               none_start, none_test, none_finish,
                                               none_release};

/* The collectives' direct path: no mailboxes, every pair uses MPI. */
int xmphc_mbox_create(MPI_Comm comm, const int *world, int direct, int nslots, size_t cap,
                      xmphc_mbox_t **out) {
  (void)comm, (void)world, (void)direct, (void)nslots, (void)cap;
  *out = NULL;
  return XMPHC_OK;
}

void xmphc_mbox_free(xmphc_mbox_t *m) { (void)m; }

int xmphc_mbox_peer_ok(const xmphc_mbox_t *m, int rank) {
  (void)m, (void)rank;
  return 0;
}

size_t xmphc_mbox_cap(const xmphc_mbox_t *m) {
  (void)m;
  return 0;
}

const void *xmphc_mbox_slot(const xmphc_mbox_t *m, int slot) {
  (void)m, (void)slot;
  return NULL;
}

int xmphc_mbox_ready(xmphc_mbox_t *m, int from, int slot, uint64_t epoch) {
  (void)m, (void)from, (void)slot, (void)epoch;
  return XMPHC_E_UCX;
}

int xmphc_mbox_send(xmphc_mbox_t *m, int to, int slot, uint64_t epoch, const void *data,
                    size_t bytes) {
  (void)m, (void)to, (void)slot, (void)epoch, (void)data, (void)bytes;
  return XMPHC_E_UCX;
}

int xmphc_mbox_wait(xmphc_mbox_t *m, int slot, uint64_t epoch) {
  (void)m, (void)slot, (void)epoch;
  return XMPHC_E_UCX;
}
