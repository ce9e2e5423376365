/* reduce_shadow.c - the `reduce_shadow` directive: the values in each shadow area are added
 * into the owners' elements they stand for, the reverse of reflect.
 *
 * Per dimension d, a node sends the shadow faces that reflect would fill and receives the
 * faces of its own elements that reflect would send (halo_faces.c computes both), into one
 * buffer per face, then adds the buffer into its elements. Faces span only the owned part
 * of the other dimensions: the obliquely neighbouring ("corner") shadow elements are not
 * added, so an element gains exactly the values of the face shadows that hold it (Omni's
 * behaviour too). In a full-shadow dimension every other node along it sends its copy of a
 * block to the block's owner, which adds them all (MPI_Reduce would need a derived datatype
 * with MPI_SUM, which MPI implementations need not accept).
 * Plans are built on first use per (widths, periodic, element type) and kept on the array. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "xmpi_internal.h"

#define MAXD XMP_RT_MAX_DIMS

typedef struct face {
  long start[MAXD], count[MAXD];
} face_t;

typedef struct recv_face {
  face_t face; /* owned elements the received values are added to */
  void *buf;
  long n;
} recv_face_t;

typedef struct xmpi_reduce_shadow_plan {
  struct xmpi_reduce_shadow_plan *next;
  long lo[MAXD], hi[MAXD];
  int periodic[MAXD];
  int type;
  MPI_Datatype mpitype;
  xmp_rt_array_t *array;
  int nreq, capreq;
  MPI_Request *req;
  MPI_Datatype *send_type; /* per request; MPI_DATATYPE_NULL for receives */
  int nrecv, caprecv;
  recv_face_t *recv;
  int nsub;
  MPI_Comm sub[MAXD]; /* full-shadow dimensions' node lines */
  int async_id; /* -1, or the id under which the exchange is in flight */
} plan_t;

/* Owned part of the other dimensions in local positions (a block-cyclic dimension, stored
 * whole, entirely); 0 when some dimension holds nothing here. */
static int owned_face(const xmp_rt_array_t *a, face_t *f, const xmp_rt_srcloc_t *where) {
  for (int e = 0; e < a->rank; e++) {
    long lo, hi;
    int st = xmpi_array_owned_range(a, e, xmpi_array_coord(a, e), &lo, &hi);
    if (st == XMPI_E_NOT_INTERVAL) {
      f->start[e] = 0;
      f->count[e] = a->local_extent[e];
    } else if (st) {
      xmpb_fatal_collective(where, "array '%s' dimension %d: %s", a->name, e,
                            xmpi_status_str(st));
    } else {
      f->start[e] = lo - a->base[e];
      f->count[e] = hi >= lo ? hi - lo + 1 : 0;
    }
    if (f->count[e] == 0)
      return 0;
  }
  return 1;
}

/* Adds a persistent send of face f to peer, or a receive of its values to be added into f. */
static void exchange(plan_t *p, const face_t *f, int send, int peer, int tag, MPI_Comm comm,
                     const xmp_rt_srcloc_t *where) {
  xmp_rt_array_t *a = p->array;
  if (p->nreq == p->capreq) {
    p->capreq = p->capreq ? 2 * p->capreq : 8;
    p->req = realloc(p->req, (size_t)p->capreq * sizeof *p->req);
    p->send_type = realloc(p->send_type, (size_t)p->capreq * sizeof *p->send_type);
    if (p->req == NULL || p->send_type == NULL)
      xmpb_fatal(where, "out of memory planning reduce_shadow of array '%s'", a->name);
  }
  if (send) {
    MPI_Datatype t = xmpi_halo_face_type(a, p->mpitype, f->start, f->count);
    MPI_Send_init(a->data, 1, t, peer, tag, comm, &p->req[p->nreq]);
    p->send_type[p->nreq++] = t;
    return;
  }
  if (p->nrecv == p->caprecv) {
    p->caprecv = p->caprecv ? 2 * p->caprecv : 8;
    p->recv = realloc(p->recv, (size_t)p->caprecv * sizeof *p->recv);
    if (p->recv == NULL)
      xmpb_fatal(where, "out of memory planning reduce_shadow of array '%s'", a->name);
  }
  recv_face_t *r = &p->recv[p->nrecv++];
  r->face = *f;
  r->n = 1;
  for (int e = 0; e < a->rank; e++)
    r->n *= f->count[e];
  if (r->n > INT_MAX)
    xmpb_fatal_collective(where, "array '%s': a face of %ld elements is too large", a->name,
                          r->n);
  r->buf = xmpb_calloc_or_die((size_t)r->n, a->elem_size, where);
  MPI_Recv_init(r->buf, (int)r->n, p->mpitype, peer, tag, comm, &p->req[p->nreq]);
  p->send_type[p->nreq++] = MPI_DATATYPE_NULL;
}

static void build_shadow_dim(plan_t *p, int d, const face_t *owned,
                             const xmp_rt_srcloc_t *where) {
  xmp_rt_array_t *a = p->array;
  /* Reflect's transfers backwards: what reflect receives into a shadow is sent back from it;
   * what reflect sends from the owned elements is received and added to them. */
  xmpi_halo_face_t x[XMPI_HALO_FACES];
  xmpi_halo_faces(a, d, p->lo[d], p->hi[d], p->periodic[d], x, where);
  MPI_Comm comm = xmpi_halo_comm(a);
  for (int i = 0; i < XMPI_HALO_FACES; i++) {
    if (x[i].count == 0)
      continue;
    face_t f = *owned;
    f.start[d] = x[i].start;
    f.count[d] = x[i].count;
    exchange(p, &f, !x[i].send, xmpi_halo_peer_rank(a, d, x[i].peer), xmpi_halo_tag(d, !x[i].up),
             comm, where);
  }
}

static void build_full_dim(plan_t *p, int d, const face_t *owned,
                           const xmp_rt_srcloc_t *where) {
  xmp_rt_array_t *a = p->array;
  MPI_Comm *sub = &p->sub[p->nsub];
  if (!xmpi_halo_full_comm(a, d, sub))
    return; /* not distributed over nodes: no other copies */
  p->nsub++;
  int nprocs = xmpi_array_nprocs(a, d), me = xmpi_array_coord(a, d);
  long *olo = xmpi_halo_owned_ranges(a, d, nprocs, where), *ohi = olo + nprocs;
  for (int k = 0; k < nprocs; k++) {
    if (ohi[k] < olo[k])
      continue;
    face_t b = *owned;
    b.start[d] = olo[k]; /* base is 0 in a full dimension */
    b.count[d] = ohi[k] - olo[k] + 1;
    if (k != me)
      exchange(p, &b, 1, k, 4 * MAXD + d, *sub, where);
    else
      for (int q = 0; q < nprocs; q++)
        if (q != me)
          exchange(p, &b, 0, q, 4 * MAXD + d, *sub, where);
  }
  free(olo);
}

static plan_t *build_plan(xmp_rt_array_t *a, const plan_t *key, const xmp_rt_srcloc_t *where) {
  for (int d = 0; d < a->rank; d++)
    if (a->local_extent[d] > INT_MAX)
      xmpb_fatal_collective(where, "array '%s' dimension %d: %ld local elements are too many",
                            a->name, d, a->local_extent[d]);
  plan_t *p = xmpb_calloc_or_die(1, sizeof *p, where);
  *p = *key;
  p->array = a;
  p->async_id = -1;
  face_t owned;
  if (owned_face(a, &owned, where))
    for (int d = 0; d < a->rank; d++) {
      if (p->lo[d] == 0 && p->hi[d] == 0)
        continue;
      if (a->shadow_full[d])
        build_full_dim(p, d, &owned, where);
      else
        build_shadow_dim(p, d, &owned, where);
    }
  p->next = a->rs_plans;
  a->rs_plans = p;
  return p;
}

/* Adds the received values, in face order, into the owned elements, one row at a time. */
static void add_face(const plan_t *p, const recv_face_t *r) {
  const xmp_rt_array_t *a = p->array;
  int last = a->rank - 1;
  long stride[MAXD], idx[MAXD] = {0}, run = r->face.count[last];
  stride[last] = 1;
  for (int e = last - 1; e >= 0; e--)
    stride[e] = stride[e + 1] * a->local_extent[e + 1];
  const char *in = r->buf;
  for (;;) {
    long off = r->face.start[last];
    for (int e = 0; e < last; e++)
      off += (r->face.start[e] + idx[e]) * stride[e];
    MPI_Reduce_local(in, (char *)a->data + (size_t)off * a->elem_size, (int)run, p->mpitype,
                     MPI_SUM);
    in += (size_t)run * a->elem_size;
    int e = last - 1;
    while (e >= 0 && ++idx[e] == r->face.count[e])
      idx[e--] = 0;
    if (e < 0)
      return;
  }
}

static void finish(void *ctx) {
  plan_t *p = ctx;
  if (p->nreq > 0)
    MPI_Waitall(p->nreq, p->req, MPI_STATUSES_IGNORE);
  for (int i = 0; i < p->nrecv; i++)
    add_face(p, &p->recv[i]);
}

static void free_plan(plan_t *p) {
  xmpi_async_complete(&p->async_id);
  for (int i = 0; i < p->nreq; i++) {
    MPI_Request_free(&p->req[i]);
    if (p->send_type[i] != MPI_DATATYPE_NULL)
      MPI_Type_free(&p->send_type[i]);
  }
  for (int i = 0; i < p->nrecv; i++)
    free(p->recv[i].buf);
  for (int i = 0; i < p->nsub; i++)
    MPI_Comm_free(&p->sub[i]);
  free(p->req);
  free(p->send_type);
  free(p->recv);
  free(p);
}

void xmpi_reduce_shadow_free_plans(xmp_rt_array_t *a) {
  while (a->rs_plans != NULL) {
    plan_t *p = a->rs_plans;
    a->rs_plans = p->next;
    free_plan(p);
  }
}

static int same_key(const xmp_rt_array_t *a, const plan_t *p, const plan_t *k) {
  if (p->type != k->type)
    return 0;
  for (int d = 0; d < a->rank; d++)
    if (p->lo[d] != k->lo[d] || p->hi[d] != k->hi[d] || p->periodic[d] != k->periodic[d])
      return 0;
  return 1;
}

void xmp_rt_reduce_shadow(xmp_rt_array_t *a, int type, const long *lo, const long *hi,
                          const int *periodic, int async_id, const xmp_rt_srcloc_t *where) {
  if (a->data == NULL)
    xmpb_fatal_collective(where, "reduce_shadow of array '%s' before it is allocated",
                          a->name);
  plan_t key;
  memset(&key, 0, sizeof key);
  key.type = type;
  key.mpitype = xmpb_mpi_type(type);
  if (key.mpitype == MPI_DATATYPE_NULL || type == XMP_RT_BOOL)
    xmpb_fatal_collective(where, "reduce_shadow of array '%s': elements of type %d cannot be "
                          "added", a->name, type);
  if (xmpb_mpi_op(XMP_RT_OP_SUM, type) == MPI_OP_NULL)
    xmpb_fatal_collective(where, "reduce_shadow of array '%s': no sum for its elements",
                          a->name);
  xmpi_halo_widths(a, lo, hi, periodic, "reduce_shadow", key.lo, key.hi, key.periodic, where);
  if (a->tmpl != NULL && a->tmpl->distributed && !xmpi_nodes_member(a->tmpl->nodes)) {
    static int nonmember_owner; /* nothing to add here, but the id is still waited on */
    if (async_id >= 0)
      xmpi_async_add(async_id, NULL, 0, &nonmember_owner);
    return;
  }
  int tsize;
  MPI_Type_size(key.mpitype, &tsize);
  if ((size_t)tsize != a->elem_size)
    xmpb_fatal_collective(where, "reduce_shadow of array '%s': %zu-byte elements are not of "
                          "the given type", a->name, a->elem_size);
  plan_t *p = a->rs_plans;
  while (p != NULL && !same_key(a, p, &key))
    p = p->next;
  if (p == NULL)
    p = build_plan(a, &key, where);
  if (p->async_id >= 0)
    xmpb_fatal_collective(where, "reduce_shadow of array '%s' while the same reduce_shadow "
                          "started with async(%d) is still pending", a->name, p->async_id);
  if (p->nreq > 0)
    MPI_Startall(p->nreq, p->req);
  if (async_id < 0)
    finish(p);
  else
    xmpi_async_add_done(async_id, finish, p, &p->async_id);
}
