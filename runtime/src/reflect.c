/* reflect.c - the `reflect` directive: halo exchange through the hybrid communication layer
 * (runtime/hybridcomm: each face on persistent MPI requests or a direct path, measured).
 *
 * A plan per (array, widths, periodic) holds one step per array dimension to update, in
 * order 0..rank-1. Each step moves faces that span the whole local allocation in the other
 * dimensions, shadows included, so once the later steps have carried the earlier steps'
 * shadows along, the corners hold their diagonal neighbours' elements too. (Corner elements
 * outside the requested widths may thereby be overwritten with the neighbour's copy of the
 * same global element.) Plans are built on first use and kept on the array. */
#include <limits.h>
#include <stdlib.h>

#include "xmp_dev.h"
#include "xmphc.h"
#include "xmpi_internal.h"
#include "xmpsp_trace.h"

typedef struct reflect_step {
  /* Dimension with a shadow of widths lo:hi: up to two receives and two sends, one
   * exchange of the hybrid layer (on every node of the array, with or without faces). */
  xmphc_exchange_t *x;
  /* Full shadow: an allgather of each node's owned blocks over the node dimension (the hybrid
   * layer's recursive doubling), nblocks of whose nodes own something. */
  MPI_Comm sub;
  int nblocks;
  xmphc_allgather_t *gather;
  /* reflect ... acc: the faces again, for the device exchange. */
  int dim;
  int nfaces;
  xmphc_face_desc_t faces[XMPI_HALO_FACES];
} reflect_step_t;

typedef struct xmpi_reflect_plan {
  struct xmpi_reflect_plan *next;
  /* The key: widths with -1 resolved; a full dimension has 1:1 (gathered) or 0:0. */
  long lo[XMP_RT_MAX_DIMS], hi[XMP_RT_MAX_DIMS];
  int periodic[XMP_RT_MAX_DIMS];
  int nsteps;
  reflect_step_t step[XMP_RT_MAX_DIMS];
  int async_id; /* -1, or the async id under which the last step is still in flight */
  xmp_rt_srcloc_t where; /* of the reflect that built it, for the layer's messages */
  long init_seq; /* > 0: made the reflect_do plan by the init_seq-th reflect_init */
  int moves;     /* this node sends or receives something (else reflect_do acc skips it) */
  int has_full;  /* a full-shadow step: reflect_do acc syncs the whole array */
  xmphc_dev_exchange_t **dev; /* reflect ... acc: one per step, built on first use */
} reflect_plan_t;

/* A face: [start, start + count) of local dim d, all of every other dimension. */
static MPI_Datatype face_type(const xmp_rt_array_t *a, MPI_Datatype elem, int d, long start,
                              long count) {
  long starts[XMP_RT_MAX_DIMS], counts[XMP_RT_MAX_DIMS];
  for (int e = 0; e < a->rank; e++) {
    starts[e] = e == d ? start : 0;
    counts[e] = e == d ? count : a->local_extent[e];
  }
  return xmpi_halo_face_type(a, elem, starts, counts);
}

/* Faces are empty when another dimension holds nothing here; MPI subarrays cannot be. Nodes
 * exchanging along d agree, having the same part of every other dimension. */
static int faces_empty(const xmp_rt_array_t *a, int d) {
  for (int e = 0; e < a->rank; e++)
    if (e != d && a->local_extent[e] == 0)
      return 1;
  return 0;
}

/* Returns the number of faces this node sends or receives. */
static int build_shadow_step(const xmp_rt_array_t *a, const reflect_plan_t *p, int d,
                             MPI_Datatype elem, reflect_step_t *s,
                             const xmp_rt_srcloc_t *where) {
  xmpi_halo_face_t x[XMPI_HALO_FACES];
  xmpi_halo_faces(a, d, p->lo[d], p->hi[d], p->periodic[d], x, where);
  xmphc_face_desc_t faces[XMPI_HALO_FACES];
  int nfaces = 0;
  for (int i = 0; i < XMPI_HALO_FACES && !faces_empty(a, d); i++) {
    if (x[i].count == 0)
      continue;
    xmphc_face_desc_t *f = &faces[nfaces++];
    *f = (xmphc_face_desc_t){x[i].send, xmpi_halo_peer_rank(a, d, x[i].peer),
                             xmpi_halo_tag(d, x[i].up), x[i].up,
                             face_type(a, elem, d, x[i].start, x[i].count), {0}, {0}};
    for (int e = 0; e < a->rank; e++) {
      f->start[e] = e == d ? x[i].start : 0;
      f->count[e] = e == d ? x[i].count : a->local_extent[e];
    }
  }
  s->dim = d;
  s->nfaces = nfaces;
  for (int i = 0; i < nfaces; i++)
    s->faces[i] = faces[i];
  xmphc_storage_t st = {a->data, a->rank, {0}, a->elem_size};
  for (int e = 0; e < a->rank; e++)
    st.extent[e] = a->local_extent[e];
  xmpi_comm_check(xmphc_exchange_create(xmpi_halo_comm(a), &st, d, faces, nfaces, a->name,
                                        &p->where, &s->x),
                  &p->where, NULL);
  return nfaces;
}

/* Node k's elements along full-shadow dimension d (all of every other dimension): one run
 * for block and gblock, one per owned block for cyclic(w). base is 0 in a full dimension, so
 * each run sits at its global position. MPI_DATATYPE_NULL when k owns none. */
static MPI_Datatype owned_type(const xmp_rt_array_t *a, int d, int k, MPI_Datatype elem,
                               const xmp_rt_srcloc_t *where) {
  const xmpi_dist_t *dist = &a->tmpl->dist[a->align_tdim[d]];
  if (dist->kind != XMP_RT_DIST_CYCLIC) {
    long lo, hi;
    int st = xmpi_array_owned_range(a, d, k, &lo, &hi);
    if (st)
      xmpb_fatal_collective(where, "array '%s' dimension %d: %s", a->name, d,
                            xmpi_status_str(st));
    return hi < lo ? MPI_DATATYPE_NULL : face_type(a, elem, d, lo, hi - lo + 1);
  }
  long off = a->align_offset[d], nblocks = xmpb_ceil_div(dist->upper - dist->lower + 1,
                                                         dist->width);
  long most = nblocks / dist->nprocs + 1;
  if (most > INT_MAX)
    xmpb_fatal_collective(where, "array '%s' dimension %d: too many cyclic blocks to reflect",
                          a->name, d);
  MPI_Datatype *runs = xmpb_calloc_or_die((size_t)most, sizeof *runs, where);
  int nruns = 0;
  for (long b = k; b < nblocks; b += dist->nprocs) {
    long tlo = dist->lower + b * dist->width;
    long thi = tlo + dist->width - 1 < dist->upper ? tlo + dist->width - 1 : dist->upper;
    long lo = tlo - off > 0 ? tlo - off : 0;
    long hi = thi - off < a->extent[d] - 1 ? thi - off : a->extent[d] - 1;
    if (lo <= hi)
      runs[nruns++] = face_type(a, elem, d, lo, hi - lo + 1);
  }
  MPI_Datatype t = nruns == 1 ? runs[0] : MPI_DATATYPE_NULL;
  if (nruns > 1) {
    /* Every run is a subarray of the whole local array: all at displacement 0. */
    int *ones = xmpb_calloc_or_die((size_t)nruns, sizeof *ones, where);
    MPI_Aint *zeros = xmpb_calloc_or_die((size_t)nruns, sizeof *zeros, where);
    for (int r = 0; r < nruns; r++)
      ones[r] = 1;
    MPI_Type_create_struct(nruns, ones, zeros, runs, &t);
    MPI_Type_commit(&t);
    for (int r = 0; r < nruns; r++)
      MPI_Type_free(&runs[r]);
    free(ones);
    free(zeros);
  }
  free(runs);
  return t;
}

/* where: the plan's (the allgather keeps it for the XMP_COMM_REPORT summary). */
static void build_full_step(const xmp_rt_array_t *a, int d, MPI_Datatype elem,
                            reflect_step_t *s, const xmp_rt_srcloc_t *where) {
  if (faces_empty(a, d) || !xmpi_halo_full_comm(a, d, &s->sub))
    return; /* not distributed over nodes: every node owns all of it already */
  int nprocs = xmpi_array_nprocs(a, d);
  MPI_Datatype *blocks = xmpb_calloc_or_die((size_t)nprocs, sizeof *blocks, where);
  for (int k = 0; k < nprocs; k++) {
    blocks[k] = owned_type(a, d, k, elem, where);
    s->nblocks += blocks[k] != MPI_DATATYPE_NULL;
  }
  int st = xmphc_allgather_create(s->sub, a->data, blocks, XMPHC_LOC_HOST, where,
                                  &s->gather);
  if (st)
    xmpi_comm_check(st, where, "array '%s' dimension %d: full-shadow allgather", a->name, d);
  for (int k = 0; k < nprocs; k++)
    if (blocks[k] != MPI_DATATYPE_NULL)
      MPI_Type_free(&blocks[k]);
  free(blocks);
}

static reflect_plan_t *build_plan(xmp_rt_array_t *a, const reflect_plan_t *key,
                                  const xmp_rt_srcloc_t *where) {
  if (a->elem_size > INT_MAX)
    xmpb_fatal_collective(where, "array '%s': elements of %zu bytes are too large to reflect",
                          a->name, a->elem_size);
  for (int d = 0; d < a->rank; d++)
    if (a->local_extent[d] > INT_MAX)
      xmpb_fatal_collective(where, "array '%s' dimension %d: %ld local elements are too many "
                            "to reflect", a->name, d, a->local_extent[d]);
  reflect_plan_t *p = xmpb_calloc_or_die(1, sizeof *p, where);
  *p = *key;
  p->async_id = -1;
  p->where = xmpb_srcloc_copy(where);
  MPI_Datatype elem;
  MPI_Type_contiguous((int)a->elem_size, MPI_BYTE, &elem);
  for (int d = 0; d < a->rank; d++) {
    if (p->lo[d] == 0 && p->hi[d] == 0)
      continue;
    reflect_step_t *s = &p->step[p->nsteps++];
    s->sub = MPI_COMM_NULL;
    if (a->shadow_full[d]) {
      build_full_step(a, d, elem, s, &p->where);
      p->moves |= s->nblocks > 0;
      p->has_full = 1;
    } else {
      p->moves |= build_shadow_step(a, p, d, elem, s, where) > 0;
    }
  }
  MPI_Type_free(&elem); /* the face types keep what they need of it */
  p->next = a->plans;
  a->plans = p;
  return p;
}

static void free_device_steps(reflect_plan_t *p) {
  if (p->dev == NULL)
    return;
  xmp_dev_overlap_finish(); /* it may be this plan's faces */
  for (int i = 0; i < p->nsteps; i++)
    xmphc_dev_exchange_free(p->dev[i]);
  free(p->dev);
  p->dev = NULL;
}

static void free_plan(reflect_plan_t *p) {
  xmpi_async_complete(&p->async_id);
  free_device_steps(p);
  for (int i = 0; i < p->nsteps; i++) {
    reflect_step_t *s = &p->step[i];
    xmphc_exchange_free(s->x);
    xmphc_allgather_free(s->gather); /* before its communicator */
    if (s->sub != MPI_COMM_NULL)
      MPI_Comm_free(&s->sub);
  }
  free(p);
}

void xmpi_reflect_free_plans(xmp_rt_array_t *a) {
  while (a->plans != NULL) {
    reflect_plan_t *p = a->plans;
    a->plans = p->next;
    free_plan(p);
  }
}

int xmpi_reflect_plan_count(const xmp_rt_array_t *a) {
  int n = 0;
  for (const reflect_plan_t *p = a->plans; p != NULL; p = p->next)
    n++;
  return n;
}

/* The plan key of a request; every node makes the same one, so errors are collective. */
static void make_key(const xmp_rt_array_t *a, const long *lo, const long *hi,
                     const int *periodic, reflect_plan_t *key, const xmp_rt_srcloc_t *where) {
  xmpi_halo_widths(a, lo, hi, periodic, "reflect", key->lo, key->hi, key->periodic, where);
}

static int same_key(const xmp_rt_array_t *a, const reflect_plan_t *p, const reflect_plan_t *k) {
  for (int d = 0; d < a->rank; d++)
    if (p->lo[d] != k->lo[d] || p->hi[d] != k->hi[d] || p->periodic[d] != k->periodic[d])
      return 0;
  return 1;
}

/* Starts a step; a full-shadow step completes here (blocking allgather). */
static void step_start(const xmp_rt_array_t *a, reflect_step_t *s,
                       const xmp_rt_srcloc_t *where) {
  if (s->gather != NULL) {
    int st = xmphc_allgather_run(s->gather);
    if (st)
      xmpi_comm_check(st, where, "full-shadow reflect of array '%s'", a->name);
  }
  if (s->x != NULL)
    xmpi_comm_check(xmphc_exchange_start(s->x), where, NULL);
}

static void step_wait(reflect_step_t *s, const xmp_rt_srcloc_t *where) {
  if (s->x != NULL)
    xmpi_comm_check(xmphc_exchange_wait(s->x), where, NULL);
}

/* wait_async of a reflect: its last step completes there. */
static void finish_async(void *ctx) {
  reflect_plan_t *p = ctx;
  step_wait(&p->step[p->nsteps - 1], &p->where);
}

/* Outside the array's nodes there is nothing to exchange, but an async id is still waited
 * on; returns whether this node takes part. */
static int member(const xmp_rt_array_t *a, int async_id) {
  if (a->tmpl == NULL || !a->tmpl->distributed || xmpi_nodes_member(a->tmpl->nodes))
    return 1;
  static int nonmember_owner;
  if (async_id >= 0)
    xmpi_async_add(async_id, NULL, 0, &nonmember_owner);
  return 0;
}

/* The cached plan of these widths, built on first use (collective over the array's nodes). */
static reflect_plan_t *find_plan(xmp_rt_array_t *a, const reflect_plan_t *key,
                                 const xmp_rt_srcloc_t *where) {
  reflect_plan_t *p = a->plans;
  while (p != NULL && !same_key(a, p, key))
    p = p->next;
  return p != NULL ? p : build_plan(a, key, where);
}

static void run_plan(xmp_rt_array_t *a, reflect_plan_t *p, int async_id,
                     const xmp_rt_srcloc_t *where) {
  /* Its persistent requests are still active: restarting them is erroneous in MPI. */
  if (p->async_id >= 0)
    xmpb_fatal_collective(where, "reflect of array '%s' while the same reflect started with "
                          "async(%d) is still pending", a->name, p->async_id);
  /* A step's faces include the shadows of the steps before it, so with async those must
   * complete first: only the last step is left in flight. */
  int last = p->nsteps - 1;
  for (int i = 0; i <= last; i++) {
    step_start(a, &p->step[i], &p->where);
    if (i < last || async_id < 0)
      step_wait(&p->step[i], where);
  }
  if (async_id >= 0 && last >= 0)
    xmpi_async_add_done(async_id, finish_async, p, &p->async_id);
  else if (async_id >= 0)
    xmpi_async_add(async_id, NULL, 0, &p->async_id);
}

/* The replicated array of a device reflect. */
static xmp_dev_data_t *device_copy(const xmp_rt_array_t *a, const char *directive,
                                   const xmp_rt_srcloc_t *where) {
  xmp_dev_data_t *d = xmp_dev_find(a->data);
  if (d == NULL)
    xmpb_fatal_collective(where, "%s of array '%s' with 'acc': the array is not replicated on "
                          "the device ('device replicate')", directive, a->name);
  return d;
}

void xmp_rt_reflect_init(xmp_rt_array_t *a, const long *lo, const long *hi, const int *periodic,
                         int acc, const xmp_rt_srcloc_t *where) {
  static long seq;
  if (a->data == NULL)
    xmpb_fatal_collective(where, "reflect_init of array '%s' before it is allocated", a->name);
  if (acc)
    (void)device_copy(a, "reflect_init", where);
  reflect_plan_t key = {0};
  make_key(a, lo, hi, periodic, &key, where);
  if (member(a, -1))
    find_plan(a, &key, where)->init_seq = ++seq;
}

/* XMP_DEV_OVERLAP as the device exchange's XMPHC_LEAVE_*. On 2 x H200 (Himeno M and L over
 * two GPUs, 1-D, faces by kernel stores ordered on the streams by flags) leaving them cost
 * 4-10% (the boundary planes' extra launch) with nothing to hide, hence auto only where a
 * host completes a face. */
static int leave_mode(void) {
  switch (xmp_dev_overlap_mode()) {
  case XMP_DEV_OVERLAP_ON:
    return XMPHC_LEAVE_ANY;
  case XMP_DEV_OVERLAP_OFF:
    return XMPHC_LEAVE_NO;
  default:
    return XMPHC_LEAVE_HOST;
  }
}

/* XMP_DEV_OVERLAP: the step left arriving completes (xmp_dev_overlap_t.finish). */
static void finish_left(void *ctx) {
  reflect_plan_t *p = ctx;
  xmpi_comm_check(xmphc_dev_exchange_finish(p->dev[0]), &p->where, NULL);
}

/* reflect ... acc without full shadows: per step, the faces move between the array's current
 * copies where they are (a GPU's memory, or the host's) over MPI or, between GPUs of one
 * direct-link domain, CUDA IPC (hybridcomm/device_exchange.c); the rest of the array stays
 * where it is. A copy in a GPU is held by this thread for the whole exchange (and after it:
 * only another StarPU entry releases it).
 * The steps run from the last dimension to the first (the corners come out as in the other
 * order), so that the first dimension's, the rows device loops are split by, come last: with
 * XMP_DEV_OVERLAP and no async, that step may be left arriving for the next device loop
 * (xmp_dev_overlap_leave), which runs its iterations that read none of those rows meanwhile. */
static void run_device_plan(const xmp_rt_array_t *a, reflect_plan_t *p, xmp_dev_data_t *d,
                            int may_leave, const xmp_rt_srcloc_t *where) {
  if (p->dev == NULL) {
    p->dev = xmpb_calloc_or_die((size_t)p->nsteps + 1, sizeof *p->dev, where);
    for (int i = 0; i < p->nsteps; i++)
      xmpi_comm_check(xmphc_dev_exchange_create(xmpi_halo_comm(a), a->rank, a->local_extent,
                                                a->elem_size, p->step[i].dim,
                                                p->step[i].faces, p->step[i].nfaces, a->name,
                                                &p->where, &p->dev[i]),
                      where, NULL);
  }
  xmp_dev_gpu_view_t v;
  /* Not waiting for the kernels: the faces follow them on the stream, and peers' writes into
   * the shadows wait for them by events (device_exchange.c). */
  int on_gpu = xmp_dev_gpu_acquire_queued(d, &v, where);
  for (int i = p->nsteps - 1; i >= 1; i--)
    xmpi_comm_check(xmphc_dev_exchange_run(p->dev[i], d, on_gpu ? &v : NULL), where, NULL);
  if (p->nsteps > 0) {
    xmp_dev_overlap_t o = {.finish = finish_left, .ctx = p};
    xmpi_comm_check(xmphc_dev_exchange_start(p->dev[0], d, on_gpu ? &v : NULL, may_leave, &o),
                    where, NULL);
    if (xmphc_dev_exchange_left(p->dev[0]))
      xmp_dev_overlap_leave(&o);
  }
  xmp_dev_gpu_release(&v);
}

/* The exchange of plan p on the device copy of `a`: the newest values to the host, exchange
 * there, then the host copy is the current one (the device copies are refreshed on their next
 * use) when a full shadow needs every node's data; else only the faces move (run_device_plan).
 * async completes here. A node without neighbours (one node, or none along the shadowed
 * dimensions) leaves the device copies where they are. */
static void run_plan_acc(xmp_rt_array_t *a, reflect_plan_t *p, xmp_dev_data_t *d,
                         int async_id, const xmp_rt_srcloc_t *where) {
  if (p->moves && p->has_full) {
    xmp_dev_sync_out(d, where);
    run_plan(a, p, -1, where);
    xmp_dev_sync_in(d, where);
  } else if (p->moves) {
    run_device_plan(a, p, d, async_id >= 0 ? XMPHC_LEAVE_NO : leave_mode(), where);
  }
  static int done_owner; /* completed already: wait_async finds nothing to wait on */
  if (async_id >= 0)
    xmpi_async_add(async_id, NULL, 0, &done_owner);
}

static void reflect_body(xmp_rt_array_t *a, const long *lo, const long *hi, const int *periodic,
                         int acc, int async_id, const xmp_rt_srcloc_t *where) {
  if (a->data == NULL)
    xmpb_fatal_collective(where, "reflect of array '%s' before it is allocated", a->name);
  /* Looked up on every node, before any communication. */
  xmp_dev_data_t *d = acc ? device_copy(a, "reflect", where) : NULL;
  reflect_plan_t key = {0};
  make_key(a, lo, hi, periodic, &key, where);
  if (!member(a, async_id))
    return;
  reflect_plan_t *p = find_plan(a, &key, where);
  if (acc)
    run_plan_acc(a, p, d, async_id, where);
  else
    run_plan(a, p, async_id, where);
}

/* The directive as a span (XMP_DEV_TRACE, NVTX: xmpsp_trace.h). */
void xmp_rt_reflect(xmp_rt_array_t *a, const long *lo, const long *hi, const int *periodic,
                    int acc, int async_id, const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  reflect_body(a, lo, hi, periodic, acc, async_id, where);
  xmpsp_span_end(&span);
}

static void reflect_do_body(xmp_rt_array_t *a, int acc, int async_id,
                            const xmp_rt_srcloc_t *where) {
  if (!member(a, async_id))
    return;
  reflect_plan_t *p = NULL;
  for (reflect_plan_t *q = a->plans; q != NULL; q = q->next)
    if (q->init_seq > 0 && (p == NULL || q->init_seq > p->init_seq))
      p = q;
  if (p == NULL)
    xmpb_fatal_collective(where, "reflect_do of array '%s' without a reflect_init of it",
                          a->name);
  if (acc)
    run_plan_acc(a, p, device_copy(a, "reflect_do", where), async_id, where);
  else
    run_plan(a, p, async_id, where);
}

/* The directive as a span (XMP_DEV_TRACE, NVTX: xmpsp_trace.h). */
void xmp_rt_reflect_do(xmp_rt_array_t *a, int acc, int async_id, const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  reflect_do_body(a, acc, async_id, where);
  xmpsp_span_end(&span);
}
