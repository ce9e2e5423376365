/* gmove.c - XMP's collective gmove `dst-section = src-section;` (xmp_rt_gmove).
 *
 * Ownership of elements: see xmpi_gmove.h.
 *
 * Who sends what: receiver r takes an element from itself when it holds a copy of the source
 * element (no communication), else from the lowest-ranked executing node holding one. Only the
 * receiver decides: a destination on a node subset whose members differ from node to node
 * (`row[*] = p[:][*]`) is not known to the senders, so each receiver sends each source the
 * section positions it wants, in row-major section order (MPI_Alltoall of the counts and
 * MPI_Alltoallv of the positions); the source packs those elements in that order, one
 * MPI_Alltoallv moves the values, and the receiver unpacks them walking the section again.
 * All values are packed before any is written, so overlapping sections of one array read the
 * old values. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpi_gmove.h"

#define MAXD XMPI_GMOVE_MAXD

typedef struct gmove {
  xmpi_gside_t dst, src;
  size_t esize;
  int me, nexec;
  size_t *scount, *rcount; /* elements per peer */
  size_t *scur, *rcur;     /* next buffer slot per peer */
  char *sbuf, *rbuf;
  long *want;              /* positions (row-major in the section) requested of each source */
  int one;                 /* a single source element for a whole destination section */
  long visited;            /* elements visited in the current pass */
  const xmp_rt_srcloc_t *where;
} gmove_t;

static const char *side_name(const xmpi_gside_t *s) {
  return s->a != NULL ? s->a->name : "(replicated data)";
}

/* The executing rank of the i-th holder of the element at fixed (-1: not executing). */
static int holder_rank(const xmpi_gside_t *s, const int *fixed, long i) {
  if (s->nodes == NULL)
    return (int)i;
  return s->exec_of[xmpi_gside_holder_node(s, fixed, i)];
}

/* The executing rank receiver r takes the source element at fixed from. */
static int source_of(const gmove_t *m, const int *fixed, int r) {
  const xmpi_gside_t *s = &m->src;
  if (xmpi_gside_is_holder(s, fixed, r))
    return r;
  int best = -1;
  long n = xmpi_gside_holder_count(s, fixed, m->nexec);
  for (long i = 0; i < n; i++) {
    int q = holder_rank(s, fixed, i);
    if (q >= 0 && (best < 0 || q < best))
      best = q;
  }
  if (best < 0)
    xmpb_fatal(m->where, "gmove source: an element of array '%s' is held by no node of the "
               "executing node set", side_name(s));
  return best;
}

static char *elem_addr(const gmove_t *m, const xmpi_gside_t *s, const long *g) {
  return s->data + (size_t)xmpi_gside_offset(s, g) * m->esize;
}

enum { PASS_COUNT_SEND, PASS_PACK, PASS_COUNT_RECV, PASS_REQUEST, PASS_UNPACK };

/* Row-major number of shape position p, and back. */
static long linear_pos(const xmpi_gside_t *s, const long *p) {
  long l = 0;
  for (int j = 0; j < s->nshape; j++)
    l = l * s->shape[j] + p[j];
  return l;
}
static void pos_of_linear(const xmpi_gside_t *s, long l, long *p) {
  for (int j = s->nshape - 1; j >= 0; j--) {
    p[j] = l % s->shape[j];
    l /= s->shape[j];
  }
}


/* One element at shape position p in one pass. A single source element (m->one) is counted,
 * requested and packed once, and unpacked into every destination element. */
static void visit(gmove_t *m, int pass, const long *p) {
  long gs[MAXD], gd[MAXD];
  int sf[MAXD] = {0};
  if (m->one && m->visited++ > 0 && pass != PASS_UNPACK)
    return;
  xmpi_gside_global_index(&m->src, p, gs);
  xmpi_gside_global_index(&m->dst, p, gd);
  if (m->src.nodes != NULL)
    xmpi_gside_owner_coords(&m->src, gs, sf);
  if (pass == PASS_COUNT_RECV || pass == PASS_REQUEST || pass == PASS_UNPACK) {
    int s = source_of(m, sf, m->me);
    if (pass == PASS_COUNT_RECV)
      m->rcount[s]++;
    else if (pass == PASS_REQUEST)
      m->want[m->rcur[s]++] = linear_pos(&m->dst, p);
    else
      memcpy(elem_addr(m, &m->dst, gd), m->rbuf + (m->one ? m->rcur[s] : m->rcur[s]++) * m->esize,
             m->esize);
    return;
  }
  /* A replicated source: every receiver reads its own copy. */
  if (pass == PASS_COUNT_SEND)
    m->scount[m->me]++;
  else
    memcpy(m->sbuf + m->scur[m->me]++ * m->esize, elem_addr(m, &m->src, gs), m->esize);
}

/* One pass over, in row-major section order, the elements of the destination this process
 * holds. Elements held only by nodes outside the executing set are left alone (those nodes do
 * not take part). */
typedef struct pass_ctx {
  gmove_t *m;
  int pass;
} pass_ctx_t;

static void visit_pass(void *ctx, const long *p) {
  pass_ctx_t *c = ctx;
  visit(c->m, c->pass, p);
}

static void walk(gmove_t *m, int pass) {
  pass_ctx_t c = {m, pass};
  m->visited = 0;
  xmpi_gside_walk(&m->dst, visit_pass, &c);
}

/* Buffer offsets from counts; MPI counts and displacements are int. */
static void offsets(const gmove_t *m, const size_t *count, size_t *cur, int *icount,
                    int *idispl) {
  size_t total = 0;
  for (int r = 0; r < m->nexec; r++) {
    if (count[r] > INT_MAX || total > INT_MAX)
      xmpb_fatal(m->where, "gmove: more than %d elements to exchange with the nodes", INT_MAX);
    cur[r] = total;
    icount[r] = (int)count[r];
    idispl[r] = (int)total;
    total += count[r];
  }
}

void xmp_rt_gmove(const xmp_rt_section_t *dst, const xmp_rt_section_t *src,
                  const xmp_rt_srcloc_t *where) {
  gmove_t m;
  memset(&m, 0, sizeof m);
  m.where = where;
  xmpi_gside_init(&m.dst, dst, "destination", where);
  xmpi_gside_init(&m.src, src, "source", where);
  if (!xmpi_gside_check_pair(&m.dst, &m.src, where))
    return; /* nothing to move, on every node alike */
  m.esize = dst->elem_size;
  m.one = m.src.nshape == 0 && m.dst.nshape > 0;

  MPI_Comm comm = xmpb_exec_comm();
  MPI_Comm_rank(comm, &m.me);
  MPI_Comm_size(comm, &m.nexec);
  xmpi_gside_map(&m.dst, comm, m.nexec, where);
  xmpi_gside_map(&m.src, comm, m.nexec, where);
  int my[MAXD];
  xmpi_gside_my_coords(&m.dst, my);
  xmpi_gside_positions(&m.dst, my, where);
  xmpi_gside_my_coords(&m.src, my);
  xmpi_gside_positions(&m.src, my, where);

  size_t np = (size_t)m.nexec;
  m.scount = xmpb_calloc_or_die(4 * np, sizeof(size_t), where);
  m.rcount = m.scount + np;
  m.scur = m.rcount + np;
  m.rcur = m.scur + np;
  int *ic = xmpb_calloc_or_die(4 * np, sizeof(int), where);
  if (m.src.nodes == NULL) {
    /* A replicated source: every receiver reads its own copy, no communication. */
    walk(&m, PASS_COUNT_SEND);
    walk(&m, PASS_COUNT_RECV);
    offsets(&m, m.scount, m.scur, ic, ic + np);
    m.sbuf = xmpb_calloc_or_die(m.scur[np - 1] + m.scount[np - 1] + 1, m.esize, where);
    walk(&m, PASS_PACK);
    m.rbuf = m.sbuf;
  } else {
    walk(&m, PASS_COUNT_RECV);
    offsets(&m, m.rcount, m.rcur, ic + 2 * np, ic + 3 * np);
    size_t nrecv = m.rcur[np - 1] + m.rcount[np - 1];
    m.want = xmpb_calloc_or_die(nrecv + 1, sizeof *m.want, where);
    walk(&m, PASS_REQUEST);
    /* What each receiver wants of me. */
    MPI_Alltoall(ic + 2 * np, 1, MPI_INT, ic, 1, MPI_INT, comm);
    for (size_t r = 0; r < np; r++)
      m.scount[r] = (size_t)ic[r];
    offsets(&m, m.scount, m.scur, ic, ic + np);
    size_t nsend = m.scur[np - 1] + m.scount[np - 1];
    long *asked = xmpb_calloc_or_die(nsend + 1, sizeof *asked, where);
    MPI_Alltoallv(m.want, ic + 2 * np, ic + 3 * np, MPI_LONG, asked, ic, ic + np, MPI_LONG,
                  comm);
    m.sbuf = xmpb_calloc_or_die(nsend + 1, m.esize, where);
    for (size_t k = 0; k < nsend; k++) {
      long pos[MAXD], g[MAXD];
      pos_of_linear(&m.src, asked[k], pos);
      xmpi_gside_global_index(&m.src, pos, g);
      memcpy(m.sbuf + k * m.esize, elem_addr(&m, &m.src, g), m.esize);
    }
    free(asked);
    m.rbuf = xmpb_calloc_or_die(nrecv + 1, m.esize, where);
    MPI_Datatype elem;
    MPI_Type_contiguous((int)m.esize, MPI_BYTE, &elem);
    MPI_Type_commit(&elem);
    MPI_Alltoallv(m.sbuf, ic, ic + np, elem, m.rbuf, ic + 2 * np, ic + 3 * np, elem, comm);
    MPI_Type_free(&elem);
  }
  /* Cursors restart at each peer's first slot for unpacking. */
  offsets(&m, m.rcount, m.rcur, ic + 2 * np, ic + 3 * np);
  walk(&m, PASS_UNPACK);
  free(m.want);

  if (m.rbuf != m.sbuf)
    free(m.rbuf);
  free(m.sbuf);
  free(ic);
  free(m.scount);
  xmpi_gside_free(&m.dst);
  xmpi_gside_free(&m.src);
}
