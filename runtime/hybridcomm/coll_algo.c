/* coll_algo.c - the collectives' algorithms (thesis 6.2.4-6.2.6), as steps of coll.c:
 *
 * bcast      binomial tree from any root: with relative rank v = (rank - root) mod p, v
 *            receives from v - lowbit(v) in slot log2(lowbit(v)) and then sends to v + m for
 *            every m = lowbit(v) / 2, ..., 1 (the root: every power of two below p) in slot
 *            log2(m). Any p.
 * allreduce  recursive doubling over q = 2^levels ranks (the largest power of two <= p): the
 *            first 2(p - q) ranks pair up and the even one folds its data into the odd one
 *            (slot 0), the q remaining ranks swap and reduce with the rank whose virtual
 *            rank differs in bit l (slot 1 + l), and the odd ones hand the result back
 *            (slot levels + 1). The part of the lower ranks is always the left operand, so
 *            every rank computes the same bits.
 * allgather  the same schedule, each rank of a doubling step sending all blocks its group
 *            holds (a contiguous range of ranks); the fold-out sends every block but the
 *            receiver's own.
 * With consecutive ranks per domain the early doubling steps stay inside a domain (direct
 * path where measured faster) and the last, largest ones cross domains over MPI, as in the
 * thesis's allgather. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_coll.h"

static int context(MPI_Comm comm, int loc, xmphc_coll_t **c, int *size) {
  if (loc != XMPHC_LOC_HOST && loc != XMPHC_LOC_DEVICE)
    return XMPHC_E_UNSUPPORTED;
  MPI_Comm_size(comm, size);
  *c = NULL;
  return *size > 1 ? xmphc_coll_get(comm, c) : XMPHC_OK;
}

/* The context of a collective on count elements; *c NULL: nothing to do (one rank, none). */
static int context_of(MPI_Comm comm, int loc, int count, xmphc_coll_t **c) {
  int size;
  TRY(context(comm, loc, c, &size));
  if (count <= 0)
    *c = NULL;
  return XMPHC_OK;
}


/* ---- bcast ---- */

static int bcast_tree(xmphc_run_t *run, const xmphc_region_t *g, int root) {
  int p = run->size, v = (run->rank - root + p) % p;
  int mask = 1, slot = 0;
  for (; mask < p; mask <<= 1, slot++)
    if (v & mask) {
      TRY(xmphc_step(run, slot, -1, NULL, (v - mask + root) % p, g, NULL));
      break;
    }
  for (mask >>= 1, slot--; mask > 0; mask >>= 1, slot--)
    if (v + mask < p)
      TRY(xmphc_step(run, slot, (v + mask + root) % p, g, -1, NULL, NULL));
  return XMPHC_OK;
}

/* The layer's binomial tree of bcast on host data. */
static int bcast_steps(xmphc_coll_t *c, void *buf, int count, MPI_Datatype type, int root) {
  MPI_Datatype whole = MPI_DATATYPE_NULL;
  xmphc_region_t g;
  if (type == MPI_BYTE) {
    g = xmphc_region_of_bytes(buf, (size_t)count);
  } else {
    MPI_Type_contiguous(count, type, &whole);
    MPI_Type_commit(&whole);
    g = xmphc_region_of_type(buf, whole);
  }
  xmphc_run_t run;
  int st = xmphc_run_begin(c, XMPHC_COLL_BCAST, g.bytes, g.bytes, &run);
  if (!st)
    st = bcast_tree(&run, &g, root);
  if (!st)
    st = xmphc_run_end(&run);
  if (whole != MPI_DATATYPE_NULL)
    MPI_Type_free(&whole);
  return st;
}

static int bcast_on(MPI_Comm comm, void *buf, int count, MPI_Datatype type, int root, int loc) {
  xmphc_coll_t *c;
  TRY(context_of(comm, loc, count, &c));
  if (c == NULL)
    return XMPHC_OK;
  if (loc == XMPHC_LOC_DEVICE)
    return xmphc_dev_bcast(c, comm, buf, count, type, root);
  /* The size class from the type's size: MPI's own bcast needs no region (a datatype made
   * and freed per call costs more than its whole small bcast). */
  int elem;
  MPI_Type_size(type, &elem);
  size_t bytes = (size_t)count * (size_t)elem;
  int measure, a = xmphc_whole_pick(c, XMPHC_COLL_BCAST, bytes, 1, &measure);
  double t0 = MPI_Wtime();
  int st = XMPHC_OK;
  if (a == XMPHC_WHOLE_MPI) {
    MPI_Bcast(buf, count, type, root, xmphc_coll_comm(c));
    xmphc_sum_whole(XMPHC_SUM_MPI_COLL, t0);
  } else {
    st = bcast_steps(c, buf, count, type, root);
  }
  xmphc_whole_done(c, XMPHC_COLL_BCAST, bytes, 1, a, measure, t0);
  return st;
}

int xmphc_bcast(MPI_Comm comm, void *buf, int count, MPI_Datatype type, int root, int loc,
                const xmp_rt_srcloc_t *where) {
  double t0;
  xmphc_sum_t *s = xmphc_sum_begin(XMPHC_SUM_BCAST, loc == XMPHC_LOC_DEVICE, comm, where, &t0);
  int st = bcast_on(comm, buf, count, type, root, loc);
  int elem = 0;
  if (s != NULL)
    MPI_Type_size(type, &elem);
  xmphc_sum_end(s, t0, count > 0 ? (size_t)count * (size_t)elem : 0, st);
  return st;
}

/* ---- allreduce ---- */

/* buf[0..n) = the reduction over all ranks of their buf, by r. */
static int reduce_doubling(xmphc_coll_t *c, void *buf, size_t n, const xmphc_reduce_op_t *r) {
  size_t bytes = n * r->elem_size;
  xmphc_run_t run;
  TRY(xmphc_run_begin(c, XMPHC_COLL_ALLREDUCE, bytes, bytes, &run));
  xmphc_fold_t f = xmphc_fold(run.size, run.rank);
  int me = run.rank;
  xmphc_region_t g = xmphc_region_of_bytes(buf, bytes), in = xmphc_region_of_bytes(NULL, bytes);
  const void *got;
  if (f.extra)
    TRY(xmphc_step(&run, 0, me + 1, &g, -1, NULL, NULL));
  else if (me < 2 * f.r) {
    TRY(xmphc_step(&run, 0, -1, NULL, me - 1, &in, &got));
    r->fn(buf, got, buf, n);
  }
  for (int l = 0; !f.extra && l < f.levels; l++) {
    int pv = f.virt ^ (1 << l), peer = xmphc_fold_rank(&f, pv);
    TRY(xmphc_step(&run, 1 + l, peer, &g, peer, &in, &got));
    if (pv < f.virt)
      r->fn(buf, got, buf, n);
    else
      r->fn(buf, buf, got, n);
  }
  if (f.extra)
    TRY(xmphc_step(&run, f.levels + 1, -1, NULL, me + 1, &g, NULL));
  else if (me < 2 * f.r)
    TRY(xmphc_step(&run, f.levels + 1, me - 1, &g, -1, NULL, NULL));
  return xmphc_run_end(&run);
}

static int allreduce_on(MPI_Comm comm, void *buf, int count, int type, int op, int loc) {
  xmphc_reduce_op_t r;
  TRY(xmphc_reduce_op(op, type, &r));
  if (r.pair)
    return XMPHC_E_UNSUPPORTED; /* location operators: xmphc_allreduce_loc */
  xmphc_coll_t *c;
  TRY(context_of(comm, loc, count, &c));
  if (c == NULL)
    return XMPHC_OK;
  if (loc == XMPHC_LOC_DEVICE)
    return xmphc_dev_allreduce(c, comm, buf, (size_t)count, type, op);
  MPI_Datatype mpi_type = xmpb_mpi_type(type);
  MPI_Op mpi_op = mpi_type != MPI_DATATYPE_NULL ? xmpb_mpi_op(op, type) : MPI_OP_NULL;
  int mpi_ok = mpi_op != MPI_OP_NULL;
  size_t bytes = (size_t)count * r.elem_size;
  int measure, a = xmphc_whole_pick(c, XMPHC_COLL_ALLREDUCE, bytes, mpi_ok, &measure);
  double t0 = MPI_Wtime();
  int st = XMPHC_OK;
  if (a == XMPHC_WHOLE_MPI) {
    MPI_Allreduce(MPI_IN_PLACE, buf, count, mpi_type, mpi_op, xmphc_coll_comm(c));
    xmphc_sum_whole(XMPHC_SUM_MPI_COLL, t0);
  } else {
    st = reduce_doubling(c, buf, (size_t)count, &r);
  }
  xmphc_whole_done(c, XMPHC_COLL_ALLREDUCE, bytes, mpi_ok, a, measure, t0);
  return st;
}

int xmphc_allreduce(MPI_Comm comm, void *buf, int count, int type, int op, int loc,
                    const xmp_rt_srcloc_t *where) {
  double t0;
  xmphc_sum_t *s =
      xmphc_sum_begin(XMPHC_SUM_ALLREDUCE, loc == XMPHC_LOC_DEVICE, comm, where, &t0);
  int st = allreduce_on(comm, buf, count, type, op, loc);
  xmphc_reduce_op_t r = {0};
  if (s != NULL && count > 0)
    (void)xmphc_reduce_op(op, type, &r); /* elem_size stays 0 where it does not apply */
  xmphc_sum_end(s, t0, count > 0 ? (size_t)count * r.elem_size : 0, st);
  return st;
}

/* A scalar reduction on device data: the host's, on a copy (xmphc_dev_staged). */
typedef struct staged_loc {
  MPI_Comm comm;
  int type, op, *holder;
} staged_loc_t;
static int loc_on_host(void *value, void *arg) {
  staged_loc_t *a = arg;
  return xmphc_allreduce_loc(a->comm, value, a->type, a->op, a->holder, XMPHC_LOC_HOST, NULL);
}
typedef struct staged_fn {
  MPI_Comm comm;
  size_t elem_size;
  xmphc_reduce_fn_t fn;
} staged_fn_t;
static int fn_on_host(void *value, void *arg) {
  staged_fn_t *a = arg;
  return xmphc_allreduce_fn(a->comm, value, a->elem_size, a->fn, XMPHC_LOC_HOST, NULL);
}

static int allreduce_loc_on(MPI_Comm comm, void *value, int type, int op, int *holder,
                            int loc) {
  xmphc_reduce_op_t r;
  TRY(xmphc_reduce_op(op, type, &r));
  if (!r.pair)
    return XMPHC_E_UNSUPPORTED;
  if (loc == XMPHC_LOC_DEVICE) {
    staged_loc_t a = {comm, type, op, holder};
    return xmphc_dev_staged(value, r.value_size, loc_on_host, &a);
  }
  xmphc_coll_t *c;
  int size;
  TRY(context(comm, loc, &c, &size));
  int rank;
  MPI_Comm_rank(comm, &rank);
  *holder = rank;
  if (c == NULL)
    return XMPHC_OK;
  /* A (value, rank) pair; zero padding so that the bytes moved are defined. */
  _Alignas(max_align_t) unsigned char pair[64] = {0};
  if (r.elem_size > sizeof pair)
    return XMPHC_E_UNSUPPORTED;
  memcpy(pair, value, r.value_size);
  memcpy(pair + r.rank_offset, &rank, sizeof rank);
  TRY(reduce_doubling(c, pair, 1, &r));
  memcpy(value, pair, r.value_size);
  memcpy(holder, pair + r.rank_offset, sizeof *holder);
  return XMPHC_OK;
}

int xmphc_allreduce_loc(MPI_Comm comm, void *value, int type, int op, int *holder, int loc,
                        const xmp_rt_srcloc_t *where) {
  double t0;
  xmphc_sum_t *s =
      xmphc_sum_begin(XMPHC_SUM_ALLREDUCE_LOC, loc == XMPHC_LOC_DEVICE, comm, where, &t0);
  int st = allreduce_loc_on(comm, value, type, op, holder, loc);
  xmphc_reduce_op_t r = {0};
  if (s != NULL)
    (void)xmphc_reduce_op(op, type, &r);
  xmphc_sum_end(s, t0, r.value_size, st);
  return st;
}

static int allreduce_fn_on(MPI_Comm comm, void *buf, size_t elem_size, xmphc_reduce_fn_t fn,
                           int loc) {
  if (loc == XMPHC_LOC_DEVICE) {
    staged_fn_t a = {comm, elem_size, fn};
    return xmphc_dev_staged(buf, elem_size, fn_on_host, &a);
  }
  xmphc_coll_t *c;
  int size;
  TRY(context(comm, loc, &c, &size));
  if (c == NULL)
    return XMPHC_OK;
  xmphc_reduce_op_t r = {.fn = fn, .elem_size = elem_size, .value_size = elem_size};
  return reduce_doubling(c, buf, 1, &r);
}

int xmphc_allreduce_fn(MPI_Comm comm, void *buf, size_t elem_size, xmphc_reduce_fn_t fn,
                       int loc, const xmp_rt_srcloc_t *where) {
  double t0;
  xmphc_sum_t *s =
      xmphc_sum_begin(XMPHC_SUM_ALLREDUCE_FN, loc == XMPHC_LOC_DEVICE, comm, where, &t0);
  int st = allreduce_fn_on(comm, buf, elem_size, fn, loc);
  xmphc_sum_end(s, t0, elem_size, st);
  return st;
}

/* ---- allgather ---- */

struct xmphc_allgather {
  xmphc_coll_t *c;
  MPI_Comm comm;                /* the caller's, for the summary's node count */
  const xmp_rt_srcloc_t *where; /* for the summary */
  int device;                   /* made for device buffers (for the summary) */
  xmphc_dev_allgather_t *dev; /* device buffers: the plan of coll_device.c instead */
  int nsteps;
  size_t total;
  void *base;
  int *counts, *displs; /* host blocks for MPI_Allgatherv (all contiguous, under 2 GiB) */
  struct {
    int slot, to, from;
    MPI_Datatype send, recv; /* owned */
    xmphc_region_t gs, gr;
  } step[XMPHC_COLL_MAXSLOTS];
};

/* The blocks of ranks [lo, hi) but `skip` as one datatype over the buffer in *out
 * (MPI_DATATYPE_NULL: none of them holds anything). */
static int blocks_type(const MPI_Datatype *blocks, int lo, int hi, int skip, MPI_Datatype *out) {
  *out = MPI_DATATYPE_NULL;
  int cap = hi > lo ? hi - lo : 1;
  MPI_Datatype *t = malloc((size_t)cap * sizeof *t);
  int *len = malloc((size_t)cap * sizeof *len);
  MPI_Aint *disp = malloc((size_t)cap * sizeof *disp);
  int n = 0, st = t != NULL && len != NULL && disp != NULL ? XMPHC_OK : XMPHC_E_NOMEM;
  for (int k = lo; !st && k < hi; k++)
    if (k != skip && blocks[k] != MPI_DATATYPE_NULL) {
      len[n] = 1;
      disp[n] = 0; /* each block type places itself over the buffer's base */
      t[n++] = blocks[k];
    }
  if (!st && n > 0) {
    MPI_Type_create_struct(n, len, disp, t, out);
    MPI_Type_commit(out);
  }
  free(t);
  free(len);
  free(disp);
  return st;
}

/* Appends a step sending blocks [slo, shi) but sskip to `to` and receiving [rlo, rhi) but
 * rskip from `from` (-1: no such part). */
static int add_step(xmphc_allgather_t *g, void *base, const MPI_Datatype *blocks, int slot,
                    int to, int slo, int shi, int sskip, int from, int rlo, int rhi,
                    int rskip) {
  __typeof__(g->step[0]) *s = &g->step[g->nsteps++];
  s->slot = slot;
  s->to = to;
  s->from = from;
  s->send = s->recv = MPI_DATATYPE_NULL;
  if (to >= 0)
    TRY(blocks_type(blocks, slo, shi, sskip, &s->send));
  if (from >= 0)
    TRY(blocks_type(blocks, rlo, rhi, rskip, &s->recv));
  s->gs = xmphc_region_of_type(base, s->send);
  s->gr = xmphc_region_of_type(base, s->recv);
  return XMPHC_OK;
}

int xmphc_allgather_schedule(int size, int me, xmphc_gather_step_fn emit, void *arg) {
  xmphc_fold_t f = xmphc_fold(size, me);
  if (f.extra)
    TRY(emit(arg, 0, me + 1, me, me + 1, -1, -1, 0, 0, -1));
  else if (me < 2 * f.r)
    TRY(emit(arg, 0, -1, 0, 0, -1, me - 1, me - 1, me, -1));
  for (int l = 0; !f.extra && l < f.levels; l++) {
    int m = 1 << l, mine = f.virt & ~(m - 1), theirs = (f.virt ^ m) & ~(m - 1);
    int peer = xmphc_fold_rank(&f, f.virt ^ m);
    TRY(emit(arg, 1 + l, peer, xmphc_fold_first(&f, mine), xmphc_fold_first(&f, mine + m), -1,
             peer, xmphc_fold_first(&f, theirs), xmphc_fold_first(&f, theirs + m), -1));
  }
  if (f.extra)
    TRY(emit(arg, f.levels + 1, -1, 0, 0, -1, me + 1, 0, size, me));
  else if (me < 2 * f.r)
    TRY(emit(arg, f.levels + 1, me - 1, 0, size, me - 1, -1, 0, 0, -1));
  return XMPHC_OK;
}

typedef struct host_plan {
  xmphc_allgather_t *g;
  void *base;
  const MPI_Datatype *blocks;
} host_plan_t;
static int emit_host_step(void *arg, int slot, int to, int slo, int shi, int sskip, int from,
                          int rlo, int rhi, int rskip) {
  host_plan_t *h = arg;
  return add_step(h->g, h->base, h->blocks, slot, to, slo, shi, sskip, from, rlo, rhi, rskip);
}

/* The blocks as byte counts and offsets for MPI_Allgatherv where every one is contiguous and
 * the buffer's span fits an int (else g->counts stays NULL: no MPI candidate). */
static int mpi_blocks(xmphc_allgather_t *g, void *base, const MPI_Datatype *blocks, int size) {
  g->base = base;
  int *counts = calloc((size_t)size, sizeof *counts);
  int *displs = calloc((size_t)size, sizeof *displs);
  if (counts == NULL || displs == NULL) {
    free(counts);
    free(displs);
    return XMPHC_E_NOMEM;
  }
  for (int k = 0; k < size; k++) {
    if (blocks[k] == MPI_DATATYPE_NULL)
      continue;
    xmphc_region_t b = xmphc_region_of_type(base, blocks[k]);
    MPI_Aint lb, extent;
    MPI_Type_get_true_extent(blocks[k], &lb, &extent);
    if (b.bytes > 0 && (!b.contiguous || lb < 0 || lb + extent > INT_MAX)) {
      free(counts);
      free(displs);
      return XMPHC_OK;
    }
    counts[k] = (int)b.bytes;
    displs[k] = b.bytes > 0 ? (int)lb : 0;
  }
  g->counts = counts;
  g->displs = displs;
  return XMPHC_OK;
}

int xmphc_allgather_create(MPI_Comm comm, void *base, const MPI_Datatype *blocks, int loc,
                           const xmp_rt_srcloc_t *where, xmphc_allgather_t **plan) {
  *plan = NULL;
  xmphc_coll_t *c;
  int size, me;
  TRY(context(comm, loc, &c, &size));
  MPI_Comm_rank(comm, &me);
  xmphc_allgather_t *g = calloc(1, sizeof *g);
  if (g == NULL)
    return XMPHC_E_NOMEM;
  g->c = c;
  g->comm = comm;
  g->where = where;
  g->device = loc == XMPHC_LOC_DEVICE;
  for (int k = 0; k < size; k++)
    if (blocks[k] != MPI_DATATYPE_NULL) {
      int b;
      MPI_Type_size(blocks[k], &b);
      g->total += (size_t)b;
    }
  *plan = g;
  if (c == NULL)
    return XMPHC_OK;
  host_plan_t h = {g, base, blocks};
  int st = loc == XMPHC_LOC_DEVICE ? xmphc_dev_allgather_create(c, comm, base, blocks, &g->dev)
                                   : xmphc_allgather_schedule(size, me, emit_host_step, &h);
  if (!st && loc == XMPHC_LOC_HOST)
    st = mpi_blocks(g, base, blocks, size);
  if (st) {
    xmphc_allgather_free(g);
    *plan = NULL;
  }
  return st;
}

static int gather_steps(xmphc_allgather_t *g) {
  xmphc_run_t run;
  TRY(xmphc_run_begin(g->c, XMPHC_COLL_ALLGATHER, g->total, g->total, &run));
  for (int i = 0; i < g->nsteps; i++)
    TRY(xmphc_step(&run, g->step[i].slot, g->step[i].to, &g->step[i].gs, g->step[i].from,
                   &g->step[i].gr, NULL));
  return xmphc_run_end(&run);
}

int xmphc_allgather_mpi_ok(const xmphc_allgather_t *g) { return g->counts != NULL; }

int xmphc_allgather_run_mpi(xmphc_allgather_t *g) {
  if (g->c == NULL)
    return XMPHC_OK;
  if (g->counts == NULL)
    return XMPHC_E_UNSUPPORTED;
  double t0 = xmphc_sum_now();
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, g->base, g->counts, g->displs, MPI_BYTE,
                 xmphc_coll_comm(g->c));
  xmphc_sum_whole(XMPHC_SUM_MPI_COLL, t0);
  return XMPHC_OK;
}

static int allgather_on(xmphc_allgather_t *g) {
  if (g->c == NULL)
    return XMPHC_OK;
  if (g->dev != NULL)
    return xmphc_dev_allgather_run(g->dev);
  int mpi_ok = xmphc_allgather_mpi_ok(g);
  int measure, a = xmphc_whole_pick(g->c, XMPHC_COLL_ALLGATHER, g->total, mpi_ok, &measure);
  double t0 = MPI_Wtime();
  int st = a == XMPHC_WHOLE_MPI ? xmphc_allgather_run_mpi(g) : gather_steps(g);
  xmphc_whole_done(g->c, XMPHC_COLL_ALLGATHER, g->total, mpi_ok, a, measure, t0);
  return st;
}

int xmphc_allgather_run(xmphc_allgather_t *g) {
  double t0;
  xmphc_sum_t *s = xmphc_sum_begin(XMPHC_SUM_ALLGATHER, g->device, g->comm, g->where, &t0);
  int st = allgather_on(g);
  xmphc_sum_end(s, t0, g->total, st);
  return st;
}

void xmphc_allgather_free(xmphc_allgather_t *g) {
  if (g == NULL)
    return;
  xmphc_dev_allgather_free(g->dev);
  free(g->counts);
  free(g->displs);
  for (int i = 0; i < g->nsteps; i++) {
    if (g->step[i].send != MPI_DATATYPE_NULL)
      MPI_Type_free(&g->step[i].send);
    if (g->step[i].recv != MPI_DATATYPE_NULL)
      MPI_Type_free(&g->step[i].recv);
  }
  free(g);
}
