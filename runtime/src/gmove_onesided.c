/* gmove_onesided.c - XMP's `gmove in` and `gmove out` (xmp_rt_gmove_mode).
 *
 * in:  the executing nodes get the source elements from their owners, which need not execute
 *      the directive; each executing node fetches the destination elements it holds.
 * out: the executing nodes put the destination elements into their owners (every copy of a
 *      replicated element); each (element, copy) is written by one executing node: the
 *      copy's node itself when it executes and holds the source element, else the
 *      lowest-ranked executing holder of the source element.
 * The remote side's array is exposed in an MPI window (window.c); per remote node, one
 * MPI_Get / MPI_Put moves every element between two indexed datatypes (one over this node's
 * storage, one over the remote node's), so nothing is packed by hand. Transfers complete
 * before returning, or with async(id) at wait_async(id).
 *
 * When the remote side is held whole by every node (plain C data, or an array on an
 * undistributed template) there is nothing remote to reach, and the assignment is the
 * collective one among the executing nodes (every copy each executing node holds is set). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "xmpi_gmove.h"

#define MAXD XMPI_GMOVE_MAXD

/* Elements moved between this node and one remote node: byte offsets on both sides. */
typedef struct transfer {
  long *local, *remote;
  size_t count, cap;
  int known;                        /* remote layout computed */
  long base[MAXD], stride[MAXD];    /* the remote node's layout of the remote array */
} transfer_t;

typedef struct onesided {
  xmpi_gside_t dst, src;
  xmpi_gside_t *local_side, *remote_side;
  const xmp_rt_array_t *remote;
  size_t esize, nnodes;
  transfer_t *to; /* per node of the remote array's node array (row-major index) */
  int me, nexec;
  const xmp_rt_srcloc_t *where;
} onesided_t;

/* The remote node's layout: its owned part along each dimension plus shadows. */
static void remote_layout(onesided_t *m, transfer_t *t, size_t node) {
  const xmp_rt_array_t *a = m->remote;
  const xmp_rt_nodes_t *n = a->tmpl->nodes;
  int coord[MAXD];
  for (int k = n->rank - 1; k >= 0; k--) {
    coord[k] = (int)(node % (size_t)n->size[k]);
    node /= (size_t)n->size[k];
  }
  long stride = 1, ext[MAXD];
  for (int d = a->rank - 1; d >= 0; d--) {
    int nd = a->align_tdim[d] < 0 ? -1 : a->tmpl->node_dim[a->align_tdim[d]];
    int st = xmpi_array_dim_layout(a, d, nd < 0 ? 0 : coord[nd], &t->base[d], &ext[d]);
    if (st)
      xmpb_fatal(m->where, "gmove: array '%s' dimension %d: %s", a->name, d,
                 xmpi_status_str(st));
    t->stride[d] = stride;
    stride *= ext[d];
  }
  t->known = 1;
}

static void add(onesided_t *m, size_t node, const long *glocal, const long *gremote) {
  transfer_t *t = &m->to[node];
  if (!t->known)
    remote_layout(m, t, node);
  if (t->count == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 64;
    long *l = realloc(t->local, cap * sizeof *l), *r = l ? realloc(t->remote, cap * sizeof *r) : NULL;
    if (l == NULL || r == NULL)
      xmpb_fatal(m->where, "gmove: out of memory listing %zu elements", cap);
    t->local = l;
    t->remote = r;
    t->cap = cap;
  }
  long off = 0;
  for (int d = 0; d < m->remote->rank; d++)
    off += (gremote[d] - t->base[d]) * t->stride[d];
  t->local[t->count] = xmpi_gside_offset(m->local_side, glocal) * (long)m->esize;
  t->remote[t->count++] = off * (long)m->esize;
}

/* `in`: the element at shape position p comes from the source node whose coordinates are
 * the owners' in the distributed dimensions and this node's own (or 0 when it is not one of
 * the nodes) in those the array is replicated over. */
static void visit_in(void *ctx, const long *p) {
  onesided_t *m = ctx;
  long gd[MAXD], gs[MAXD];
  int fixed[MAXD], my[MAXD];
  xmpi_gside_global_index(&m->dst, p, gd);
  xmpi_gside_global_index(&m->src, p, gs);
  xmpi_gside_owner_coords(&m->src, gs, fixed);
  xmpi_gside_my_coords(&m->src, my);
  for (int k = 0; k < m->src.nodes->rank; k++)
    if (fixed[k] < 0)
      fixed[k] = my[k] >= 0 ? my[k] : 0;
  add(m, xmpi_gside_holder_node(&m->src, fixed, 0), gd, gs);
}

/* The lowest executing rank holding the source element at sf (0 for a replicated source). */
static int first_holder(const onesided_t *m, const int *sf) {
  if (m->src.nodes == NULL)
    return 0;
  long n = xmpi_gside_holder_count(&m->src, sf, m->nexec);
  int best = -1;
  for (long i = 0; i < n; i++) {
    int r = m->src.exec_of[xmpi_gside_holder_node(&m->src, sf, i)];
    if (r >= 0 && (best < 0 || r < best))
      best = r;
  }
  if (best < 0)
    xmpb_fatal(m->where, "gmove out: an element of source array '%s' is held by no node of "
               "the executing node set", m->src.a->name);
  return best;
}

static void visit_out(void *ctx, const long *p) {
  onesided_t *m = ctx;
  long gd[MAXD], gs[MAXD];
  int df[MAXD], sf[MAXD];
  xmpi_gside_global_index(&m->dst, p, gd);
  xmpi_gside_global_index(&m->src, p, gs);
  if (m->src.nodes != NULL)
    xmpi_gside_owner_coords(&m->src, gs, sf);
  xmpi_gside_owner_coords(&m->dst, gd, df);
  int first = first_holder(m, sf);
  long n = xmpi_gside_holder_count(&m->dst, df, m->nexec);
  for (long i = 0; i < n; i++) {
    size_t node = xmpi_gside_holder_node(&m->dst, df, i);
    int r = m->dst.exec_of[node];
    int writer = r >= 0 && xmpi_gside_is_holder(&m->src, sf, r) ? r : first;
    if (writer == m->me)
      add(m, node, gs, gd);
  }
}

/* An indexed datatype over `count` elements at byte offsets off[], adjacent ones merged. */
static MPI_Datatype indexed(const onesided_t *m, MPI_Datatype elem, const long *off,
                            size_t count) {
  MPI_Aint *displ = xmpb_calloc_or_die(count, sizeof *displ, m->where);
  int *len = xmpb_calloc_or_die(count, sizeof *len, m->where);
  size_t runs = 0;
  for (size_t k = 0; k < count; k++) {
    if (runs > 0 && displ[runs - 1] + (MPI_Aint)len[runs - 1] * (MPI_Aint)m->esize == off[k] &&
        len[runs - 1] < INT_MAX) {
      len[runs - 1]++;
      continue;
    }
    displ[runs] = off[k];
    len[runs++] = 1;
  }
  MPI_Datatype t;
  MPI_Type_create_hindexed((int)runs, len, displ, elem, &t);
  MPI_Type_commit(&t);
  free(displ);
  free(len);
  return t;
}

static void transfer_all(onesided_t *m, int in, int async_id) {
  xmp_rt_array_t *a = (xmp_rt_array_t *)m->remote;
  MPI_Datatype elem;
  MPI_Type_contiguous((int)m->esize, MPI_BYTE, &elem);
  MPI_Type_commit(&elem);
  char *base = m->local_side->data;
  for (size_t node = 0; node < m->nnodes; node++) {
    transfer_t *t = &m->to[node];
    if (t->count == 0)
      continue;
    if (t->count > INT_MAX)
      xmpb_fatal(m->where, "gmove: more than %d elements to move to or from one node", INT_MAX);
    int rank;
    MPI_Win win = xmpi_window_of(a, node, &rank);
    if (rank < 0)
      xmpb_fatal(m->where, "gmove %s: a node holding part of array '%s' did not take part in "
                 "allocating it", in ? "in" : "out", a->name);
    MPI_Datatype lt = indexed(m, elem, t->local, t->count);
    MPI_Datatype rt = indexed(m, elem, t->remote, t->count);
    if (in)
      MPI_Get(base, 1, lt, rank, 0, 1, rt, win);
    else
      MPI_Put(base, 1, lt, rank, 0, 1, rt, win);
    xmpi_window_target(a, rank);
    /* Freed types stay valid for the operations already started with them. */
    MPI_Type_free(&lt);
    MPI_Type_free(&rt);
  }
  MPI_Type_free(&elem);
  xmpi_window_complete(a, async_id);
}

/* Nothing is left in flight: async(id) is still known to wait_async. */
static void complete_now(int async_id) {
  static int done_owner;
  if (async_id >= 0)
    xmpi_async_add(async_id, NULL, 0, &done_owner);
}

void xmp_rt_gmove_mode(const xmp_rt_section_t *dst, const xmp_rt_section_t *src, int mode,
                       int async_id, const xmp_rt_srcloc_t *where) {
  if (mode != XMP_RT_GMOVE_COLLECTIVE && mode != XMP_RT_GMOVE_IN && mode != XMP_RT_GMOVE_OUT)
    xmpb_fatal_collective(where, "gmove: unknown mode %d", mode);
  onesided_t m;
  memset(&m, 0, sizeof m);
  m.where = where;
  xmpi_gside_init(&m.dst, dst, "destination", where);
  xmpi_gside_init(&m.src, src, "source", where);
  int in = mode == XMP_RT_GMOVE_IN;
  m.remote_side = in ? &m.src : &m.dst;
  m.local_side = in ? &m.dst : &m.src;
  if (mode == XMP_RT_GMOVE_COLLECTIVE || m.remote_side->nodes == NULL) {
    xmpi_gside_free(&m.dst);
    xmpi_gside_free(&m.src);
    xmp_rt_gmove(dst, src, where);
    complete_now(async_id);
    return;
  }
  if (!xmpi_gside_check_pair(&m.dst, &m.src, where)) {
    complete_now(async_id);
    return;
  }
  m.remote = m.remote_side->a;
  if (m.remote->win == NULL)
    xmpb_fatal_collective(where, "gmove %s: array '%s' was not exposed for one-sided access "
                          "(xmp_rt_array_expose)", in ? "in" : "out", m.remote->name);
  m.esize = dst->elem_size;
  MPI_Comm comm = xmpb_exec_comm();
  MPI_Comm_rank(comm, &m.me);
  MPI_Comm_size(comm, &m.nexec);
  if (!in) { /* writers are chosen among the executing nodes: their coordinates, collectively */
    xmpi_gside_map(&m.dst, comm, m.nexec, where);
    xmpi_gside_map(&m.src, comm, m.nexec, where);
  }
  /* `out` of a single source element: each destination element is visited (the writer of
   * each copy is chosen there), the source position being always the same. */
  xmpi_gside_t *walked = !in && m.src.nshape == 0 && m.dst.nshape > 0 ? &m.dst : m.local_side;
  if (walked == m.local_side) {
    int my[MAXD];
    xmpi_gside_my_coords(walked, my);
    xmpi_gside_positions(walked, my, where);
  } else {
    xmpi_gside_positions_all(walked, where);
  }
  const xmp_rt_nodes_t *n = m.remote->tmpl->nodes;
  m.nnodes = 1;
  for (int k = 0; k < n->rank; k++)
    m.nnodes *= (size_t)n->size[k];
  m.to = xmpb_calloc_or_die(m.nnodes, sizeof *m.to, where);
  int rank;
  MPI_Win_sync(xmpi_window_of(m.remote, 0, &rank)); /* this node's own stores, for self-access */
  xmpi_gside_walk(walked, in ? visit_in : visit_out, &m);
  transfer_all(&m, in, async_id);
  for (size_t k = 0; k < m.nnodes; k++) {
    free(m.to[k].local);
    free(m.to[k].remote);
  }
  free(m.to);
  xmpi_gside_free(&m.dst);
  xmpi_gside_free(&m.src);
}
