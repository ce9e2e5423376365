/* exchange.c - one halo exchange step: its faces, their candidate paths, the measured choice
 * between them, and the polling loop that drives every face to completion.
 *
 * Candidates of a face: MPI always; the direct path (UCX RMA for host data) when the peer is
 * in this node's direct-link domain and both ends could plan it (agreed in a second round of
 * setup messages, so that both ends have the same candidates). XMP_COMM=mpi keeps only MPI,
 * XMP_COMM=direct only the direct path where there is one.
 *
 * The choice is measured on the face itself: the first XMPHC_WINDOW executions alternate the
 * candidates (every face of every node follows the same schedule, since all count executions
 * alike), each end keeps per path the shortest time from the start of the step to its end of
 * the face being done, then both ends swap their times and take the path with the smallest
 * maximum of the two (ties to MPI): the same function of the same numbers on both sides, so
 * they agree without a further message. Every XMPHC_RECHECK executions the window runs
 * again, in case the machine's load changed. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_internal.h"

enum {
  XMPHC_REPS = 3,                    /* executions per candidate in a window */
  XMPHC_WINDOW = XMPHC_REPS * 2,     /* executions of a window */
  XMPHC_RECHECK = 1000,              /* executions from one decision to the next window */
  XMPHC_TAG_SETUP = 1 << 12,         /* tag ranges of the layer's own messages, above reflect's */
  XMPHC_TAG_AGREE = 2 << 12,
  XMPHC_TAG_DECIDE = 3 << 12
};

typedef struct xface {
  xmphc_face_t f;
  int ncand;
  int cand[XMPHC_NPATHS];
  double best[XMPHC_NPATHS]; /* shortest time per path in the current window; < 0: none */
  int chosen;
  int path; /* of the current execution */
  int done;
  unsigned char mine[XMPHC_SETUP_BYTES], peers[XMPHC_SETUP_BYTES];
} xface_t;

struct xmphc_exchange {
  xmphc_xinfo_t info;
  xmphc_storage_t st;
  int dim, nfaces;
  xface_t face[4];
  xmphc_window_t w; /* the windows' clock (choice.c): counts the executions as info.epoch */
  int running;
  double t0;
  const char *name;
  const xmp_rt_srcloc_t *where;
  xmphc_sum_t *sum;    /* XMP_COMM_REPORT's summary record; NULL when the report is off */
  size_t bytes;        /* of every face, sent and received, per execution */
};

const char *xmphc_path_name(int path) {
  return path == XMPHC_PATH_MPI ? "mpi" : path == XMPHC_PATH_DIRECT ? "direct" : "?";
}

static const xmphc_transport_t *transport(int path) {
  return path == XMPHC_PATH_DIRECT ? &xmphc_transport_ucx : &xmphc_transport_mpi;
}

/* st, with the message naming the array, the dimension and what failed. */
static int check(const xmphc_exchange_t *x, int st, const char *what) {
  if (st == XMPHC_OK)
    return XMPHC_OK;
  return xmphc_fail(st, "hybrid communication of array '%s' dimension %d: %s: %s", x->name,
                    x->dim, what, xmphc_status_str(st));
}

/* Sends buf[0..len) to each face's peer and receives the peer's message into in, tagged so
 * that the two ends of one transfer pair up (also when a node is its own peer). */
static void swap_with_peers(xmphc_exchange_t *x, int base, const void *const *out,
                            const size_t *len, void *const *in, size_t cap, size_t *got) {
  MPI_Request req[8];
  int n = 0;
  for (int i = 0; i < x->nfaces; i++) {
    const xmphc_face_desc_t *d = &x->face[i].f.desc;
    MPI_Irecv(in[i], (int)cap, MPI_BYTE, d->peer, base + 2 * d->tag + !d->send,
              x->info.comm, &req[n++]);
    MPI_Isend(out[i], (int)len[i], MPI_BYTE, d->peer, base + 2 * d->tag + d->send,
              x->info.comm, &req[n++]);
  }
  MPI_Status stat[8];
  MPI_Waitall(n, req, stat);
  for (int i = 0; i < x->nfaces; i++) {
    int c;
    MPI_Get_count(&stat[2 * i], MPI_BYTE, &c);
    if (got != NULL)
      got[i] = (size_t)c;
  }
}

/* Plans the direct path of every face that may take it; the two ends agree on the result. */
static int plan_direct(xmphc_exchange_t *x) {
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  const void *out[4];
  void *in[4];
  size_t len[4], got[4];
  for (int i = 0; i < x->nfaces; i++) {
    xface_t *xf = &x->face[i];
    len[i] = 0;
    if (xmphc_config()->comm != XMPHC_COMM_MPI && xmphc_same_domain(me, xf->f.world_peer)) {
      int st = check(x,
                     xmphc_transport_ucx.describe(&x->info, &xf->f, xf->mine, sizeof xf->mine,
                                                  &len[i]),
                     "describing a face to its peer");
      if (st != XMPHC_OK)
        return st;
    }
    out[i] = xf->mine;
    in[i] = xf->peers;
  }
  swap_with_peers(x, XMPHC_TAG_SETUP, out, len, in, XMPHC_SETUP_BYTES, got);
  int ok[4], peer_ok[4];
  const void *ok_out[4];
  void *ok_in[4];
  size_t ok_len[4];
  for (int i = 0; i < x->nfaces; i++) {
    xface_t *xf = &x->face[i];
    ok[i] = 0;
    if (len[i] > 0 && got[i] > 0) {
      xf->f.peer_setup = xf->peers;
      xf->f.peer_setup_len = got[i];
      /* A face whose ends disagree falls back to MPI, agreed below. */
      ok[i] = xmphc_transport_ucx.plan(&x->info, &xf->f) == XMPHC_OK;
    }
    ok_out[i] = &ok[i];
    ok_in[i] = &peer_ok[i];
    ok_len[i] = sizeof ok[i];
  }
  swap_with_peers(x, XMPHC_TAG_AGREE, ok_out, ok_len, ok_in, sizeof(int), NULL);
  for (int i = 0; i < x->nfaces; i++) {
    xface_t *xf = &x->face[i];
    int direct = ok[i] && peer_ok[i];
    if (!direct)
      xmphc_transport_ucx.release(&xf->f);
    int comm = xmphc_config()->comm;
    xf->ncand = 0;
    if (comm != XMPHC_COMM_DIRECT || !direct)
      xf->cand[xf->ncand++] = XMPHC_PATH_MPI;
    if (direct && comm != XMPHC_COMM_MPI)
      xf->cand[xf->ncand++] = XMPHC_PATH_DIRECT;
    xf->chosen = xf->cand[0];
  }
  return XMPHC_OK;
}

int xmphc_exchange_create(MPI_Comm comm, const xmphc_storage_t *st, int dim,
                          const xmphc_face_desc_t *faces, int nfaces, const char *name,
                          const xmp_rt_srcloc_t *where, xmphc_exchange_t **out) {
  *out = NULL;
  if (nfaces > 4)
    return xmphc_fail(XMPHC_E_INTERNAL, "hybrid communication: %d faces in one exchange",
                      nfaces);
  xmphc_exchange_t *x = calloc(1, sizeof *x);
  if (x == NULL)
    return xmphc_fail(XMPHC_E_NOMEM, "out of memory for the exchange of array '%s'", name);
  x->st = *st;
  x->info.comm = comm;
  x->info.st = &x->st;
  x->dim = dim;
  x->name = name;
  x->where = where;
  xmphc_window_init(&x->w, 1);
  int status = XMPHC_OK;
  for (int i = 0; i < nfaces && status == XMPHC_OK; i++) {
    xface_t *xf = &x->face[x->nfaces];
    xf->f.desc = faces[i];
    xf->f.slot = x->nfaces++;
    xf->f.world_peer = xmphc_world_rank(comm, faces[i].peer);
    status = check(x, xmphc_face_classify(st->rank, st->extent, st->elem_size, dim,
                                          faces[i].start, faces[i].count, &xf->f.shape),
                   "classifying a face");
    if (status == XMPHC_OK)
      status = check(x, xmphc_transport_mpi.plan(&x->info, &xf->f), "planning the MPI path");
    for (int p = 0; p < XMPHC_NPATHS; p++)
      xf->best[p] = -1.0;
    x->bytes += xf->f.shape.bytes;
  }
  if (status == XMPHC_OK)
    status = plan_direct(x);
  if (status != XMPHC_OK) {
    xmphc_exchange_free(x);
    return status;
  }
  if (xmphc_config()->report) {
    char what[96];
    snprintf(what, sizeof what, "array '%s' dimension %d", name, dim);
    x->sum = xmphc_sum_site(XMPHC_SUM_HALO, 0, comm, where, what);
  }
  *out = x;
  return XMPHC_OK;
}

/* The current execution's index in the window, or -1 outside one. */
static long window_index(const xmphc_exchange_t *x) {
  long k = xmphc_window_index(&x->w);
  return k < XMPHC_WINDOW ? k : -1;
}

int xmphc_exchange_start(xmphc_exchange_t *x) {
  x->info.epoch++; /* the transports' count; the clock's is the same */
  int fresh;
  (void)xmphc_window_tick(&x->w, XMPHC_RECHECK, &fresh);
  if (fresh)
    for (int i = 0; i < x->nfaces; i++)
      for (int p = 0; p < XMPHC_NPATHS; p++)
        x->face[i].best[p] = -1.0;
  long k = window_index(x);
  x->t0 = MPI_Wtime();
  for (int i = 0; i < x->nfaces; i++) {
    xface_t *xf = &x->face[i];
    xf->path = k >= 0 ? xf->cand[k % xf->ncand] : xf->chosen;
    xf->done = 0;
    int st = check(x, transport(xf->path)->start(&x->info, &xf->f), "starting a transfer");
    if (st != XMPHC_OK)
      return st;
  }
  x->running = 1;
  return XMPHC_OK;
}

/* Both ends of each face swap their window's times and take the same path. */
static void decide(xmphc_exchange_t *x) {
  double peer_best[4][XMPHC_NPATHS];
  const void *out[4];
  void *in[4];
  size_t len[4];
  int before[4];
  for (int i = 0; i < x->nfaces; i++) {
    out[i] = x->face[i].best;
    len[i] = sizeof x->face[i].best;
    in[i] = peer_best[i];
    before[i] = x->face[i].chosen;
  }
  swap_with_peers(x, XMPHC_TAG_DECIDE, out, len, in, sizeof peer_best[0], NULL);
  int changed = x->w.decided_at < 0;
  xmphc_report_face_t rep[4];
  int nrep = 0;
  for (int i = 0; i < x->nfaces; i++) {
    xface_t *xf = &x->face[i];
    double t[XMPHC_NPATHS];
    unsigned cand = 0;
    for (int p = 0; p < XMPHC_NPATHS; p++)
      t[p] = -1.0;
    for (int c = 0; c < xf->ncand; c++) { /* the pair's time: its slower end's */
      int p = xf->cand[c];
      t[p] = xf->best[p] > peer_best[i][p] ? xf->best[p] : peer_best[i][p];
      cand |= 1u << p;
    }
    xf->chosen = xmphc_fastest(t, cand, XMPHC_NPATHS);
    if (xf->chosen < 0) /* nothing measured */
      xf->chosen = xf->cand[0];
    changed |= xf->chosen != before[i];
    if (!xf->f.desc.send) { /* each transfer reported once, by its receiver */
      int me;
      MPI_Comm_rank(x->info.comm, &me);
      xmphc_report_face_t *r = &rep[nrep++];
      *r = (xmphc_report_face_t){x->dim, xf->f.desc.up, xf->f.desc.peer, me,
                                 xf->f.shape.kind, xf->f.shape.nblocks,
                                 xf->f.shape.block_bytes, xf->f.shape.bytes, {0}, xf->chosen};
      memcpy(r->t, t, sizeof t);
    }
  }
  xmphc_window_decided(&x->w);
  /* Every node of comm decides at this execution, so the report's gather matches; without a
   * report no node needs to know whether another one changed. */
  if (!xmphc_config()->report)
    return;
  int any = 0;
  MPI_Allreduce(&changed, &any, 1, MPI_INT, MPI_LOR, x->info.comm);
  if (any)
    xmphc_report_decision(x->info.comm, x->name, x->where, rep, nrep, (long)x->info.epoch);
}

int xmphc_exchange_wait(xmphc_exchange_t *x) {
  if (!x->running)
    return XMPHC_OK;
  int left = x->nfaces, used[XMPHC_NPATHS] = {0};
  for (long idle = 0; left > 0; idle++) {
    /* Ranks may share cores (oversubscribed runs): a long wait gives the peers the core. */
    if (idle > 64)
      sched_yield();
    for (int i = 0; i < x->nfaces; i++) {
      xface_t *xf = &x->face[i];
      if (xf->done)
        continue;
      int st = check(x, transport(xf->path)->test(&x->info, &xf->f, &xf->done),
                     "completing a transfer");
      if (st != XMPHC_OK)
        return st;
      if (xf->done) {
        double t = MPI_Wtime() - x->t0;
        left--;
        idle = 0;
        used[xf->path] = 1;
        if (window_index(x) >= 0)
          xmphc_keep_shortest(xf->best, xf->path, t);
        if (x->sum != NULL)
          xmphc_sum_path(x->sum, xf->path == XMPHC_PATH_DIRECT ? XMPHC_SUM_UCX : XMPHC_SUM_MPI,
                         t);
      }
    }
  }
  x->running = 0;
  for (int p = 0; p < XMPHC_NPATHS; p++) {
    int st = used[p] ? check(x, transport(p)->finish(&x->info), "finishing an exchange")
                     : XMPHC_OK;
    if (st != XMPHC_OK)
      return st;
  }
  if (x->sum != NULL) /* the execution's faces, without the decision's messages */
    xmphc_sum_call(x->sum, MPI_Wtime() - x->t0, x->bytes);
  if (window_index(x) == XMPHC_WINDOW - 1)
    decide(x);
  return XMPHC_OK;
}

void xmphc_exchange_free(xmphc_exchange_t *x) {
  if (x == NULL)
    return;
  (void)xmphc_exchange_wait(x); /* a failure was reported by the execution's own wait */
  for (int i = 0; i < x->nfaces; i++) {
    xmphc_transport_mpi.release(&x->face[i].f);
    xmphc_transport_ucx.release(&x->face[i].f);
    MPI_Type_free(&x->face[i].f.desc.type);
  }
  free(x);
}
