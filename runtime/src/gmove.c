/* gmove.c - XMP's collective gmove `dst-section = src-section;` (xmp_rt_gmove).
 *
 * Ownership: an element of a distributed array is held by the nodes whose coordinate, along
 * each node dimension that an aligned array dimension is distributed over, is the owner of
 * the element's index there; along the other node dimensions (the array is replicated over
 * them) every coordinate holds a copy. A replicated side (plain C data, or an array on an
 * undistributed template) is held whole by every executing node.
 *
 * Who sends what: receiver r takes an element from itself when it holds a copy of the source
 * element (no communication), else from the lowest-ranked executing node holding one. Both
 * ends walk the section in row-major order, so messages carry values only: sender s packs for
 * each r, in section order, the elements r takes from s, and r unpacks them in the same order.
 * One MPI_Alltoallv moves everything. All values are packed before any is written, so
 * overlapping sections of one array read the old values. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpi_internal.h"

#define MAXD XMP_RT_MAX_DIMS

/* One side of the assignment as this process sees it. */
typedef struct gside {
  const xmp_rt_section_t *sec;
  const xmp_rt_array_t *a; /* NULL for plain replicated data */
  const char *role;        /* "destination" / "source", for messages */
  char *data;              /* this process's storage of the side */
  long base[MAXD], stride[MAXD]; /* element g at data[sum (g[d] - base[d]) * stride[d]] */
  int shape_dim[MAXD];     /* array dimension of each shape (non-scalar) dimension */
  int nshape;
  long shape[MAXD];
  /* Distribution over the executing set; nodes NULL when every node holds everything. */
  const xmp_rt_nodes_t *nodes;
  int node_dim[MAXD]; /* node dimension array dim d is distributed over, -1 if none */
  int *exec_of;       /* node (row-major coordinates) -> executing rank, -1 if not executing */
  int *coords;        /* executing rank r -> its coordinates at r * MAXD (-1: not a member) */
  long *pos[MAXD];    /* shape positions whose element this process holds, per shape dim */
  long npos[MAXD];
  int holds;          /* 0 when a single-index subscript selects elements held elsewhere */
} gside_t;

typedef struct gmove {
  gside_t dst, src;
  size_t esize;
  int me, nexec;
  size_t *scount, *rcount; /* elements per peer */
  size_t *scur, *rcur;     /* next buffer slot per peer */
  char *sbuf, *rbuf;
  const xmp_rt_srcloc_t *where;
} gmove_t;

static const char *side_name(const gside_t *s) {
  return s->a != NULL ? s->a->name : "(replicated data)";
}

/* Checks one section against its storage and fills the layout and shape; every process
 * sees the same arguments, so errors are collective. */
static void side_init(gside_t *s, const xmp_rt_section_t *sec, const char *role,
                      const xmp_rt_srcloc_t *where) {
  memset(s, 0, sizeof *s);
  s->sec = sec;
  s->a = sec->desc;
  s->role = role;
  const xmp_rt_array_t *a = s->a;
  if (sec->rank < (a != NULL) || sec->rank > MAXD)
    xmpi_fatal_collective(where, "gmove %s has %d dimensions; %d to %d are supported", role,
                          sec->rank, a != NULL, MAXD);
  if (a != NULL && (sec->rank != a->rank || sec->elem_size != a->elem_size))
    xmpi_fatal_collective(where, "gmove %s: section of %d dimensions and %zu-byte elements "
                          "does not match array '%s' (%d dimensions, %zu-byte elements)",
                          role, sec->rank, sec->elem_size, a->name, a->rank, a->elem_size);
  if (a != NULL && a->data == NULL)
    xmpi_fatal_collective(where, "gmove %s: array '%s' is not allocated", role, a->name);
  if (a == NULL && sec->addr == NULL)
    xmpi_fatal_collective(where, "gmove %s: no storage given", role);
  s->data = a != NULL ? a->data : sec->addr;
  long stride = 1;
  for (int d = sec->rank - 1; d >= 0; d--) {
    long ext = a != NULL ? a->extent[d] : sec->extent[d];
    s->base[d] = a != NULL ? a->base[d] : 0;
    s->stride[d] = stride;
    stride *= a != NULL ? a->local_extent[d] : ext;
    long lb = sec->lb[d], len = sec->scalar[d] ? 1 : sec->len[d], st = sec->step[d];
    if (!sec->scalar[d] && st < 1)
      xmpi_fatal_collective(where, "gmove %s '%s' dimension %d: step %ld must be positive",
                            role, side_name(s), d, st);
    if (len < 0 || (len > 0 && (lb < 0 || lb + (len - 1) * (sec->scalar[d] ? 0 : st) >= ext)))
      xmpi_fatal_collective(where, "gmove %s '%s' dimension %d: section %ld:%ld:%ld is "
                            "outside 0..%ld", role, side_name(s), d, lb, len, st, ext - 1);
  }
  for (int d = 0; d < sec->rank; d++)
    if (!sec->scalar[d]) {
      s->shape_dim[s->nshape] = d;
      s->shape[s->nshape++] = sec->len[d];
    }
}

static void shape_text(const gside_t *s, char *buf, size_t size) {
  int n = snprintf(buf, size, "[");
  for (int j = 0; j < s->nshape; j++)
    n += snprintf(buf + n, size - (size_t)n, "%s%ld", j ? ", " : "", s->shape[j]);
  snprintf(buf + n, size - (size_t)n, "]");
}

/* Node tables of a distributed side: which executing rank is which node (collective). */
static void side_map(gside_t *s, MPI_Comm comm, int nexec, const xmp_rt_srcloc_t *where) {
  const xmp_rt_array_t *a = s->a;
  if (a == NULL || a->tmpl == NULL || !a->tmpl->distributed)
    return;
  const xmp_rt_template_t *t = a->tmpl;
  const xmp_rt_nodes_t *n = t->nodes;
  s->nodes = n;
  for (int d = 0; d < a->rank; d++)
    s->node_dim[d] = a->align_tdim[d] < 0 ? -1 : t->node_dim[a->align_tdim[d]];
  int mine[MAXD];
  for (int k = 0; k < MAXD; k++)
    mine[k] = k < n->rank && xmpi_nodes_member(n) ? n->coord[k] : -1;
  s->coords = xmpi_calloc_or_die((size_t)nexec * MAXD, sizeof *s->coords, where);
  MPI_Allgather(mine, MAXD, MPI_INT, s->coords, MAXD, MPI_INT, comm);
  size_t nnodes = 1;
  for (int k = 0; k < n->rank; k++)
    nnodes *= (size_t)n->size[k];
  s->exec_of = xmpi_calloc_or_die(nnodes, sizeof *s->exec_of, where);
  for (size_t i = 0; i < nnodes; i++)
    s->exec_of[i] = -1;
  for (int r = 0; r < nexec; r++) {
    const int *c = s->coords + (size_t)r * MAXD;
    if (c[0] < 0)
      continue;
    size_t lin = 0;
    for (int k = 0; k < n->rank; k++)
      lin = lin * (size_t)n->size[k] + (size_t)c[k];
    s->exec_of[lin] = r;
  }
}

/* Owner coordinate of index g of array dim d along its node dimension (-1: outside the
 * template, which every process finds while listing positions). */
static int dim_owner(const gside_t *s, int d, long g) {
  int td = s->a->align_tdim[d];
  return xmpi_dist_owner(&s->a->tmpl->dist[td], g + s->a->align_offset[d]);
}

/* fixed[nd]: the coordinate along node dim nd holding element g, or -1 along node dims the
 * array is replicated over. */
static void owner_coords(const gside_t *s, const long *g, int *fixed) {
  for (int k = 0; k < s->nodes->rank; k++)
    fixed[k] = -1;
  for (int d = 0; d < s->sec->rank; d++)
    if (s->node_dim[d] >= 0)
      fixed[s->node_dim[d]] = dim_owner(s, d, g[d]);
}

static int is_holder(const gside_t *s, const int *fixed, int r) {
  if (s->nodes == NULL)
    return 1;
  const int *c = s->coords + (size_t)r * MAXD;
  if (c[0] < 0)
    return 0;
  for (int k = 0; k < s->nodes->rank; k++)
    if (fixed[k] >= 0 && c[k] != fixed[k])
      return 0;
  return 1;
}

/* Number of nodes holding the element at fixed, and the executing rank of the i-th of them
 * (-1 when that node does not execute). */
static long holder_count(const gmove_t *m, const gside_t *s, const int *fixed) {
  if (s->nodes == NULL)
    return m->nexec;
  long count = 1;
  for (int k = 0; k < s->nodes->rank; k++)
    if (fixed[k] < 0)
      count *= s->nodes->size[k];
  return count;
}

static int holder_rank(const gside_t *s, const int *fixed, long i) {
  if (s->nodes == NULL)
    return (int)i;
  size_t lin = 0, mult = 1;
  for (int k = s->nodes->rank - 1; k >= 0; k--) {
    long c = fixed[k];
    if (c < 0) {
      c = i % s->nodes->size[k];
      i /= s->nodes->size[k];
    }
    lin += (size_t)c * mult;
    mult *= (size_t)s->nodes->size[k];
  }
  return s->exec_of[lin];
}

/* The executing rank receiver r takes the source element at fixed from. */
static int source_of(const gmove_t *m, const int *fixed, int r) {
  const gside_t *s = &m->src;
  if (is_holder(s, fixed, r))
    return r;
  int best = -1;
  long n = holder_count(m, s, fixed);
  for (long i = 0; i < n; i++) {
    int q = holder_rank(s, fixed, i);
    if (q >= 0 && (best < 0 || q < best))
      best = q;
  }
  if (best < 0)
    xmpi_fatal(m->where, "gmove source: an element of array '%s' is held by no node of the "
               "executing node set", side_name(s));
  return best;
}

/* Lists, per shape dimension, the positions whose element this process holds (all of them
 * on a replicated side). Every process visits every index, so an index outside the template
 * is a collective error. */
static void side_positions(gside_t *s, int me, const xmp_rt_srcloc_t *where) {
  const xmp_rt_section_t *sec = s->sec;
  const int *my = s->nodes != NULL ? s->coords + (size_t)me * MAXD : NULL;
  int holds = my == NULL || my[0] >= 0;
  for (int j = 0; j < s->nshape; j++)
    s->pos[j] = xmpi_calloc_or_die((size_t)s->shape[j] + 1, sizeof(long), where);
  for (int d = 0, j = 0; d < sec->rank; d++) {
    long len = sec->scalar[d] ? 1 : sec->len[d], step = sec->scalar[d] ? 0 : sec->step[d];
    for (long p = 0; p < len; p++) {
      long g = sec->lb[d] + p * step;
      int mine = 1;
      if (my != NULL && s->node_dim[d] >= 0) {
        int o = dim_owner(s, d, g);
        if (o < 0)
          xmpi_fatal_collective(where, "gmove %s: index %ld of array '%s' dimension %d is "
                                "outside template '%s'", s->role, g, s->a->name, d,
                                s->a->tmpl->name);
        mine = o == my[s->node_dim[d]];
      }
      if (sec->scalar[d])
        holds &= mine;
      else if (mine)
        s->pos[j][s->npos[j]++] = p;
    }
    j += !sec->scalar[d];
  }
  /* With no shape dimension (one element) the position lists cannot say "none". */
  s->holds = holds;
}

static void global_index(const gside_t *s, const long *p, long *g) {
  for (int d = 0, j = 0; d < s->sec->rank; d++)
    g[d] = s->sec->lb[d] + (s->sec->scalar[d] ? 0 : p[j++] * s->sec->step[d]);
}

static char *elem_addr(const gmove_t *m, const gside_t *s, const long *g) {
  long off = 0;
  for (int d = 0; d < s->sec->rank; d++)
    off += (g[d] - s->base[d]) * s->stride[d];
  return s->data + (size_t)off * m->esize;
}

enum { PASS_COUNT_SEND, PASS_PACK, PASS_COUNT_RECV, PASS_UNPACK };

static void emit(gmove_t *m, int pass, int r, const long *gs) {
  if (pass == PASS_COUNT_SEND)
    m->scount[r]++;
  else
    memcpy(m->sbuf + m->scur[r]++ * m->esize, elem_addr(m, &m->src, gs), m->esize);
}

/* One element at shape position p in one pass. */
static void visit(gmove_t *m, int pass, const long *p) {
  long gs[MAXD], gd[MAXD];
  int sf[MAXD] = {0}, df[MAXD] = {0};
  global_index(&m->src, p, gs);
  global_index(&m->dst, p, gd);
  if (m->src.nodes != NULL)
    owner_coords(&m->src, gs, sf);
  if (pass == PASS_COUNT_RECV || pass == PASS_UNPACK) {
    int s = source_of(m, sf, m->me);
    if (pass == PASS_COUNT_RECV)
      m->rcount[s]++;
    else
      memcpy(elem_addr(m, &m->dst, gd), m->rbuf + m->rcur[s]++ * m->esize, m->esize);
    return;
  }
  if (m->src.nodes == NULL) { /* every receiver reads its own copy */
    emit(m, pass, m->me, gs);
    return;
  }
  if (m->dst.nodes != NULL)
    owner_coords(&m->dst, gd, df);
  long n = holder_count(m, &m->dst, df);
  for (long i = 0; i < n; i++) {
    int r = holder_rank(&m->dst, df, i);
    if (r < 0)
      xmpi_fatal(m->where, "gmove destination: an element of array '%s' is held by a node "
                 "outside the executing node set", side_name(&m->dst));
    if (source_of(m, sf, r) == m->me)
      emit(m, pass, r, gs);
  }
}

/* Walks, in row-major section order, the elements this process sends (those of the source it
 * holds; of a replicated source, those of the destination it holds) or receives (those of
 * the destination it holds). */
static void walk(gmove_t *m, int pass) {
  int sending = pass == PASS_COUNT_SEND || pass == PASS_PACK;
  const gside_t *it = sending && m->src.nodes != NULL ? &m->src : &m->dst;
  long idx[MAXD] = {0}, p[MAXD];
  if (!it->holds)
    return;
  for (int j = 0; j < it->nshape; j++)
    if (it->npos[j] == 0)
      return;
  for (;;) {
    for (int j = 0; j < it->nshape; j++)
      p[j] = it->pos[j][idx[j]];
    visit(m, pass, p);
    int j = it->nshape - 1;
    while (j >= 0 && ++idx[j] == it->npos[j])
      idx[j--] = 0;
    if (j < 0)
      return;
  }
}

/* Buffer offsets from counts; MPI counts and displacements are int. */
static void offsets(const gmove_t *m, const size_t *count, size_t *cur, int *icount,
                    int *idispl) {
  size_t total = 0;
  for (int r = 0; r < m->nexec; r++) {
    if (count[r] > INT_MAX || total > INT_MAX)
      xmpi_fatal(m->where, "gmove: more than %d elements to exchange with the nodes", INT_MAX);
    cur[r] = total;
    icount[r] = (int)count[r];
    idispl[r] = (int)total;
    total += count[r];
  }
}

static void side_free(gside_t *s) {
  for (int j = 0; j < s->nshape; j++)
    free(s->pos[j]);
  free(s->coords);
  free(s->exec_of);
}

void xmp_rt_gmove(const xmp_rt_section_t *dst, const xmp_rt_section_t *src,
                  const xmp_rt_srcloc_t *where) {
  gmove_t m;
  memset(&m, 0, sizeof m);
  m.where = where;
  side_init(&m.dst, dst, "destination", where);
  side_init(&m.src, src, "source", where);
  int same = m.dst.nshape == m.src.nshape;
  for (int j = 0; same && j < m.dst.nshape; j++)
    same = m.dst.shape[j] == m.src.shape[j];
  if (!same) {
    char ds[MAXD * 24], ss[MAXD * 24];
    shape_text(&m.dst, ds, sizeof ds);
    shape_text(&m.src, ss, sizeof ss);
    xmpi_fatal_collective(where, "gmove: the destination section has shape %s but the source "
                          "section has shape %s", ds, ss);
  }
  if (dst->elem_size != src->elem_size || dst->elem_size == 0 || dst->elem_size > INT_MAX)
    xmpi_fatal_collective(where, "gmove: destination elements have %zu bytes, source "
                          "elements %zu", dst->elem_size, src->elem_size);
  m.esize = dst->elem_size;
  for (int j = 0; j < m.dst.nshape; j++)
    if (m.dst.shape[j] == 0)
      return; /* nothing to move, on every node alike */

  MPI_Comm comm = xmpi_exec_comm();
  MPI_Comm_rank(comm, &m.me);
  MPI_Comm_size(comm, &m.nexec);
  side_map(&m.dst, comm, m.nexec, where);
  side_map(&m.src, comm, m.nexec, where);
  side_positions(&m.dst, m.me, where);
  side_positions(&m.src, m.me, where);

  size_t np = (size_t)m.nexec;
  m.scount = xmpi_calloc_or_die(4 * np, sizeof(size_t), where);
  m.rcount = m.scount + np;
  m.scur = m.rcount + np;
  m.rcur = m.scur + np;
  int *ic = xmpi_calloc_or_die(4 * np, sizeof(int), where);
  walk(&m, PASS_COUNT_SEND);
  walk(&m, PASS_COUNT_RECV);
  offsets(&m, m.scount, m.scur, ic, ic + np);
  offsets(&m, m.rcount, m.rcur, ic + 2 * np, ic + 3 * np);
  size_t nsend = m.scur[np - 1] + m.scount[np - 1], nrecv = m.rcur[np - 1] + m.rcount[np - 1];
  m.sbuf = xmpi_calloc_or_die(nsend + 1, m.esize, where);
  walk(&m, PASS_PACK);
  if (m.src.nodes == NULL) {
    m.rbuf = m.sbuf; /* a replicated source is read locally: only self-transfers */
  } else {
    m.rbuf = xmpi_calloc_or_die(nrecv + 1, m.esize, where);
    MPI_Datatype elem;
    MPI_Type_contiguous((int)m.esize, MPI_BYTE, &elem);
    MPI_Type_commit(&elem);
    MPI_Alltoallv(m.sbuf, ic, ic + np, elem, m.rbuf, ic + 2 * np, ic + 3 * np, elem, comm);
    MPI_Type_free(&elem);
  }
  /* Cursors restart at each peer's first slot for unpacking. */
  offsets(&m, m.rcount, m.rcur, ic + 2 * np, ic + 3 * np);
  walk(&m, PASS_UNPACK);

  if (m.rbuf != m.sbuf)
    free(m.rbuf);
  free(m.sbuf);
  free(ic);
  free(m.scount);
  side_free(&m.dst);
  side_free(&m.src);
}
