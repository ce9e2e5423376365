/* coll.c - the collectives' engine: a context per communicator, the steps of an execution
 * and the measured choice of each step's path.
 *
 * Context: made on a communicator's first collective and kept as an MPI attribute of it
 * (freed with it): a private duplicate of the communicator (so the steps' messages never meet
 * the program's), the members' world ranks, an execution counter (epoch), the mailboxes of
 * the direct path (coll_ucx.c; remapped, collectively, when a collective needs larger slots)
 * and scratch memory.
 *
 * Choice (as exchange.c does for halo faces): per kind of collective and size class (the
 * power of two of its bytes) the first XMPHC_WINDOW executions alternate MPI and the direct
 * path on every step that has both; each rank keeps per slot and path the shortest time from
 * the step's start to its end, then one allreduce gives every rank the maximum over ranks (a
 * step takes as long as its slowest pair) and every rank picks, per slot, the path with the
 * smaller time (ties to MPI). The window runs again every XMPHC_RECHECK executions.
 *
 * For host data a second choice sits above the steps: the steps, or MPI's own collective for
 * the whole call (xmphc_whole_pick), whose tuned algorithms beat recursive doubling on large
 * data (4 ranks on 2 cores, subclusters of 2: allgather of 256 KiB a rank 0.40x, allreduce of
 * 1 MiB 0.65x of MPI's). Its window (choice_blocks.c: blocks of consecutive executions,
 * medians) starts once the steps' first window has chosen their paths, so that it compares
 * the steps as they will run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_coll.h"

enum {
  XMPHC_REPS = 3,
  XMPHC_WINDOW = XMPHC_REPS * 2,
  XMPHC_RECHECK = 1000,
  XMPHC_NBUCKETS = 65,
  XMPHC_MIN_SLOT = 4096 /* bytes: smallest mailbox slot */
};
/* Largest step the direct path takes (mailbox slots are this large at most). */
#define XMPHC_DIRECT_MAX ((size_t)16 << 20)

typedef struct xmphc_choice {
  xmphc_window_t w; /* the windows' clock (choice.c), the first window at the first call */
  double best[XMPHC_COLL_MAXSLOTS][XMPHC_NPATHS];
  int chosen[XMPHC_COLL_MAXSLOTS];
} choice_t;

struct xmphc_coll {
  struct xmphc_coll *next;
  MPI_Comm user; /* the communicator it is attached to */
  MPI_Comm comm; /* private duplicate */
  int rank, size, nslots;
  int *world;
  uint64_t epoch;
  xmphc_mbox_t *mbox;
  int mbox_made;
  unsigned char *scratch, *stage; /* MPI receives to consume; packing for the direct path */
  size_t scratch_cap, stage_cap;
  choice_t *choice[XMPHC_COLL_NKINDS][XMPHC_NBUCKETS];
  xmphc_algo_choice_t *whole[XMPHC_COLL_NKINDS][XMPHC_NBUCKETS]; /* steps or MPI's own */
  struct xmphc_dcoll *dev; /* device buffers' state (coll_device.c) */
};

static int keyval = MPI_KEYVAL_INVALID;
static xmphc_coll_t *contexts;

static const char *const kind_name[XMPHC_COLL_NKINDS] = {
    "bcast", "allgather", "allreduce", "device bcast", "device allgather", "device allreduce"};

/* ---- regions ---- */

xmphc_region_t xmphc_region_of_bytes(void *base, size_t bytes) {
  return (xmphc_region_t){base, MPI_DATATYPE_NULL, bytes, 0, 1};
}

xmphc_region_t xmphc_region_of_type(void *base, MPI_Datatype type) {
  xmphc_region_t g = {base, type, 0, 0, 1};
  if (type == MPI_DATATYPE_NULL)
    return g;
  int size;
  MPI_Aint lb, extent;
  MPI_Type_size(type, &size);
  MPI_Type_get_true_extent(type, &lb, &extent);
  g.bytes = (size_t)size;
  g.lb = lb;
  g.contiguous = (MPI_Aint)size == extent; /* no holes: the bytes in order (packing order) */
  return g;
}

/* ---- recursive-doubling folding ---- */

xmphc_fold_t xmphc_fold(int p, int rank) {
  xmphc_fold_t f = {p, 1, 0, 0, 0, 0};
  while (2 * f.q <= p) {
    f.q *= 2;
    f.levels++;
  }
  f.r = p - f.q;
  f.extra = rank < 2 * f.r && rank % 2 == 0;
  f.virt = f.extra ? -1 : rank < 2 * f.r ? rank / 2 : rank - f.r;
  return f;
}

int xmphc_fold_rank(const xmphc_fold_t *f, int v) { return v < f->r ? 2 * v + 1 : v + f->r; }

int xmphc_fold_first(const xmphc_fold_t *f, int v) {
  return v >= f->q ? f->p : v < f->r ? 2 * v : v + f->r;
}

/* ---- contexts ---- */

static void coll_free(xmphc_coll_t *c) {
  for (xmphc_coll_t **l = &contexts; *l != NULL; l = &(*l)->next)
    if (*l == c) {
      *l = c->next;
      break;
    }
  xmphc_dcoll_free(c->dev);
  xmphc_mbox_free(c->mbox);
  MPI_Comm_free(&c->comm);
  for (int k = 0; k < XMPHC_COLL_NKINDS; k++)
    for (int b = 0; b < XMPHC_NBUCKETS; b++) {
      free(c->choice[k][b]);
      free(c->whole[k][b]);
    }
  free(c->world);
  free(c->scratch);
  free(c->stage);
  free(c);
}

static int delete_attr(MPI_Comm comm, int key, void *value, void *extra) {
  (void)comm, (void)key, (void)extra;
  coll_free(value);
  return MPI_SUCCESS;
}

int xmphc_coll_get(MPI_Comm comm, xmphc_coll_t **out) {
  if (keyval == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_attr, &keyval, NULL);
  void *value;
  int found;
  MPI_Comm_get_attr(comm, keyval, &value, &found);
  if (found) {
    *out = value;
    return XMPHC_OK;
  }
  xmphc_coll_t *c = calloc(1, sizeof *c);
  int size;
  MPI_Comm_size(comm, &size);
  int *ranks = malloc((size_t)size * sizeof *ranks);
  if (c != NULL)
    c->world = malloc((size_t)size * sizeof *c->world);
  if (c == NULL || ranks == NULL || c->world == NULL) {
    if (c != NULL)
      free(c->world);
    free(c);
    free(ranks);
    return XMPHC_E_NOMEM;
  }
  c->user = comm;
  c->size = size;
  MPI_Comm_rank(comm, &c->rank);
  MPI_Comm_dup(comm, &c->comm);
  MPI_Group g, w;
  MPI_Comm_group(comm, &g);
  MPI_Comm_group(MPI_COMM_WORLD, &w);
  for (int r = 0; r < size; r++)
    ranks[r] = r;
  MPI_Group_translate_ranks(g, size, ranks, w, c->world);
  MPI_Group_free(&g);
  MPI_Group_free(&w);
  free(ranks);
  xmphc_fold_t f = xmphc_fold(size, 0);
  c->nslots = f.levels + 2 + (f.q < size); /* tree steps: ceil(log2 size) */
  c->next = contexts;
  contexts = c;
  MPI_Comm_set_attr(comm, keyval, c);
  *out = c;
  return XMPHC_OK;
}

MPI_Comm xmphc_coll_comm(const xmphc_coll_t *c) { return c->comm; }

struct xmphc_dcoll **xmphc_coll_dev(xmphc_coll_t *c) { return &c->dev; }

void xmphc_coll_shutdown(void) {
  while (contexts != NULL)
    MPI_Comm_delete_attr(contexts->user, keyval); /* frees it through delete_attr */
  if (keyval != MPI_KEYVAL_INVALID)
    MPI_Comm_free_keyval(&keyval);
}

/* Grows *buf to at least bytes (local). */
static int reserve(unsigned char **buf, size_t *cap, size_t bytes) {
  if (bytes <= *cap)
    return XMPHC_OK;
  unsigned char *n = realloc(*buf, bytes);
  if (n == NULL)
    return XMPHC_E_NOMEM;
  *buf = n;
  *cap = bytes;
  return XMPHC_OK;
}

/* Mailboxes with slots of at least `need` bytes (collective: every rank asks the same). */
static int ensure_mbox(xmphc_coll_t *c, size_t need) {
  if (c->mbox_made && xmphc_mbox_cap(c->mbox) >= need)
    return XMPHC_OK;
  size_t cap = XMPHC_MIN_SLOT;
  while (cap < need)
    cap *= 2;
  xmphc_mbox_free(c->mbox);
  c->mbox = NULL;
  c->mbox_made = 1;
  return xmphc_mbox_create(c->comm, c->world, 1, c->nslots, cap, &c->mbox);
}

/* ---- executions ---- */

int xmphc_size_bucket(size_t bytes) {
  int b = 0;
  while (bytes > 0) {
    bytes >>= 1;
    b++;
  }
  return b;
}

int xmphc_run_begin(xmphc_coll_t *c, int kind, size_t bytes, size_t slot_bytes,
                    xmphc_run_t *run) {
  memset(run, 0, sizeof *run);
  run->c = c;
  run->rank = c->rank;
  run->size = c->size;
  run->kind = kind;
  run->bytes = bytes;
  run->epoch = ++c->epoch;
  run->slot_bytes = slot_bytes;
  int comm = xmphc_config()->comm;
  /* Device steps' direct path is CUDA IPC into the peer's buffer: no mailbox, no size cap. */
  int device = kind >= XMPHC_COLL_DEV_BCAST;
  int direct = comm != XMPHC_COMM_MPI && (device || slot_bytes <= XMPHC_DIRECT_MAX) && c->size > 1;
  if (direct && !device) {
    int st = ensure_mbox(c, slot_bytes);
    if (st)
      return st;
  }
  int b = xmphc_size_bucket(bytes);
  choice_t *ch = c->choice[kind][b];
  if (ch == NULL) {
    ch = c->choice[kind][b] = calloc(1, sizeof *ch);
    if (ch == NULL)
      return XMPHC_E_NOMEM;
    xmphc_window_init(&ch->w, 1);
    for (int s = 0; s < XMPHC_COLL_MAXSLOTS; s++)
      ch->best[s][XMPHC_PATH_MPI] = ch->best[s][XMPHC_PATH_DIRECT] = -1.0;
  }
  run->ch = ch;
  int fresh;
  long k = xmphc_window_tick(&ch->w, XMPHC_RECHECK, &fresh);
  if (fresh)
    for (int s = 0; s < XMPHC_COLL_MAXSLOTS; s++)
      ch->best[s][XMPHC_PATH_MPI] = ch->best[s][XMPHC_PATH_DIRECT] = -1.0;
  if (k >= XMPHC_WINDOW)
    k = -1;
  for (int s = 0; s < XMPHC_COLL_MAXSLOTS; s++) {
    if (!direct)
      run->mode[s] = XMPHC_PATH_MPI;
    else if (comm == XMPHC_COMM_DIRECT)
      run->mode[s] = XMPHC_PATH_DIRECT;
    else
      run->mode[s] = k >= 0 ? (int)(k % 2) : ch->chosen[s];
  }
  return XMPHC_OK;
}

/* The path between this rank and peer in slot: the execution's mode where the pair has it. */
static int path_with(const xmphc_run_t *run, int slot, int peer) {
  return run->mode[slot] == XMPHC_PATH_DIRECT && xmphc_mbox_peer_ok(run->c->mbox, peer)
             ? XMPHC_PATH_DIRECT
             : XMPHC_PATH_MPI;
}

static int direct_send(xmphc_run_t *run, int slot, int to, const xmphc_region_t *g) {
  xmphc_coll_t *c = run->c;
  const void *data = (const char *)g->base + g->lb;
  if (g->bytes > 0 && !g->contiguous) {
    int st = reserve(&c->stage, &c->stage_cap, g->bytes);
    if (st)
      return st;
    int pos = 0;
    MPI_Pack(g->base, 1, g->type, c->stage, (int)g->bytes, &pos, MPI_COMM_SELF);
    data = c->stage;
  }
  return xmphc_mbox_send(c->mbox, to, slot, run->epoch, data, g->bytes);
}

/* Stores bytes of a received message into region g (unless it is consumed from *got). */
static void store(const xmphc_region_t *g, const void *bytes, const void **got) {
  if (g->base == NULL) {
    *got = bytes;
  } else if (g->bytes == 0) {
  } else if (g->contiguous) {
    memcpy((char *)g->base + g->lb, bytes, g->bytes);
  } else {
    int pos = 0;
    MPI_Unpack(bytes, (int)g->bytes, &pos, g->base, 1, g->type, MPI_COMM_SELF);
  }
}

static void mpi_post(xmphc_coll_t *c, const xmphc_region_t *g, int peer, int slot, int send,
                     void *scratch, MPI_Request *req) {
  void *base = g->base != NULL ? g->base : scratch;
  MPI_Datatype type = g->type != MPI_DATATYPE_NULL ? g->type : MPI_BYTE;
  int count = g->type != MPI_DATATYPE_NULL ? (g->bytes > 0) : (int)g->bytes;
  if (send)
    MPI_Isend(base, count, type, peer, slot, c->comm, req);
  else
    MPI_Irecv(base, count, type, peer, slot, c->comm, req);
}

int xmphc_step(xmphc_run_t *run, int slot, int to, const xmphc_region_t *send, int from,
               const xmphc_region_t *recv, const void **got) {
  xmphc_coll_t *c = run->c;
  double t0 = MPI_Wtime();
  int pto = to >= 0 ? path_with(run, slot, to) : -1;
  int pfrom = from >= 0 ? path_with(run, slot, from) : -1;
  int st = XMPHC_OK;
  if (pfrom == XMPHC_PATH_DIRECT)
    st = xmphc_mbox_ready(c->mbox, from, slot, run->epoch);
  MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  if (!st && pfrom == XMPHC_PATH_MPI) {
    if (recv->base == NULL)
      st = reserve(&c->scratch, &c->scratch_cap, recv->bytes > 0 ? recv->bytes : 1);
    if (!st)
      mpi_post(c, recv, from, slot, 0, c->scratch, &req[0]);
  }
  if (!st && pto == XMPHC_PATH_MPI)
    mpi_post(c, send, to, slot, 1, NULL, &req[1]);
  if (!st && pto == XMPHC_PATH_DIRECT)
    st = direct_send(run, slot, to, send);
  if (!st && pfrom == XMPHC_PATH_DIRECT) {
    st = xmphc_mbox_wait(c->mbox, slot, run->epoch);
    if (!st)
      store(recv, xmphc_mbox_slot(c->mbox, slot), got);
  }
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  if (pfrom == XMPHC_PATH_MPI && recv->base == NULL)
    *got = c->scratch;
  /* The step's time, for the path of its receive (else its send). */
  xmphc_run_time(run, slot, pfrom >= 0 ? pfrom : pto, t0);
  return st;
}

void xmphc_run_time(xmphc_run_t *run, int slot, int path, double t0) {
  choice_t *ch = run->ch;
  long k = xmphc_window_index(&ch->w);
  if (path >= 0 && k >= 0 && k < XMPHC_WINDOW)
    xmphc_keep_shortest(ch->best[slot], path, MPI_Wtime() - t0);
  xmphc_sum_step(run->kind >= XMPHC_COLL_DEV_BCAST, path, t0); /* XMP_COMM_REPORT */
}

/* ---- the steps or MPI's own collective (host data) ---- */

static const char *const whole_name[] = {"the steps", "MPI's collective"};

static xmphc_algo_choice_t *whole_choice(xmphc_coll_t *c, int kind, size_t bytes) {
  xmphc_algo_choice_t **slot = &c->whole[kind][xmphc_size_bucket(bytes)];
  if (*slot == NULL) {
    *slot = xmpb_calloc_or_die(1, sizeof **slot, NULL);
    xmphc_algo_init(*slot, 0);
  }
  return *slot;
}

static unsigned whole_mask(int mpi_ok) {
  return 1u << XMPHC_WHOLE_STEPS | (mpi_ok ? 1u << XMPHC_WHOLE_MPI : 0);
}

int xmphc_whole_pick(xmphc_coll_t *c, int kind, size_t bytes, int mpi_ok, int *measure) {
  *measure = 0;
  /* XMP_COLL_ALGO=mpi: MPI's collective where it applies, any other algorithm the steps;
   * XMP_COMM=mpi and direct ask for the steps' paths. The same on every rank. */
  int forced = xmphc_config()->coll_algo;
  if (forced >= 0)
    return forced == XMPHC_ALGO_MPI && mpi_ok ? XMPHC_WHOLE_MPI : XMPHC_WHOLE_STEPS;
  if (!mpi_ok || xmphc_config()->comm != XMPHC_COMM_AUTO)
    return XMPHC_WHOLE_STEPS;
  xmphc_algo_choice_t *ch = whole_choice(c, kind, bytes);
  const choice_t *steps = c->choice[kind][xmphc_size_bucket(bytes)];
  if (steps != NULL && steps->w.decided_at >= 0)
    xmphc_algo_start(ch);
  return xmphc_algo_pick(ch, whole_mask(mpi_ok), XMPHC_COMM_AUTO, measure);
}

void xmphc_whole_done(xmphc_coll_t *c, int kind, size_t bytes, int mpi_ok, int a, int measure,
                      double t0) {
  xmphc_algo_choice_t *ch = c->whole[kind][xmphc_size_bucket(bytes)];
  unsigned mask = whole_mask(mpi_ok);
  double worst[XMPHC_ALGO_MAX];
  if (ch == NULL || !measure ||
      !xmphc_algo_measured(ch, mask, a, MPI_Wtime() - t0, c->comm, worst))
    return;
  if (xmphc_config()->report && c->rank == 0)
    xmpb_note(NULL, "comm", "collective %s of %zu B on %d nodes: the steps %.1f us, MPI's "
              "collective %.1f us: %s", kind_name[kind], bytes, c->size,
              worst[XMPHC_WHOLE_STEPS] * 1e6, worst[XMPHC_WHOLE_MPI] * 1e6,
              whole_name[ch->chosen]);
}

/* XMP_COMM_REPORT=1: one line per decision that changed a path, on the first rank. */
static void report(const xmphc_coll_t *c, const xmphc_run_t *run, const double *t) {
  if (c->rank != 0)
    return;
  const choice_t *ch = run->ch;
  char line[1024];
  int n = snprintf(line, sizeof line, "collective %s of %zu B on %d nodes, execution %ld:",
                   kind_name[run->kind], run->bytes, c->size, ch->w.execs);
  for (int s = 0; s < c->nslots && n > 0 && (size_t)n < sizeof line; s++) {
    const double *ts = t + s * XMPHC_NPATHS;
    if (ts[XMPHC_PATH_MPI] < 0 && ts[XMPHC_PATH_DIRECT] < 0)
      continue;
    n += snprintf(line + n, sizeof line - (size_t)n, " step %d", s);
    for (int p = 0; p < XMPHC_NPATHS && (size_t)n < sizeof line; p++)
      if (ts[p] >= 0)
        n += snprintf(line + n, sizeof line - (size_t)n, " %s %.1f us", xmphc_path_name(p),
                      ts[p] * 1e6);
    if ((size_t)n < sizeof line)
      n += snprintf(line + n, sizeof line - (size_t)n, ": %s;",
                    xmphc_path_name(ch->chosen[s]));
  }
  xmpb_note(NULL, "comm", "%s", line);
}

int xmphc_run_end(xmphc_run_t *run) {
  choice_t *ch = run->ch;
  xmphc_coll_t *c = run->c;
  if (xmphc_window_index(&ch->w) != XMPHC_WINDOW - 1)
    return XMPHC_OK;
  double t[XMPHC_COLL_MAXSLOTS * XMPHC_NPATHS];
  MPI_Allreduce(ch->best, t, XMPHC_COLL_MAXSLOTS * XMPHC_NPATHS, MPI_DOUBLE, MPI_MAX, c->comm);
  int changed = 0;
  for (int s = 0; s < XMPHC_COLL_MAXSLOTS; s++) {
    const double *ts = t + s * XMPHC_NPATHS;
    /* Reported when a step had a choice and its path is new (the first decision: changed
     * from nothing). */
    int before = ch->w.decided_at < 0 ? -1 : ch->chosen[s];
    ch->chosen[s] = xmphc_fastest(ts, 1u << XMPHC_PATH_MPI | 1u << XMPHC_PATH_DIRECT,
                                  XMPHC_NPATHS);
    if (ch->chosen[s] < 0)
      ch->chosen[s] = XMPHC_PATH_MPI;
    changed |= ts[XMPHC_PATH_DIRECT] >= 0 && ts[XMPHC_PATH_MPI] >= 0 && before != ch->chosen[s];
  }
  xmphc_window_decided(&ch->w);
  if (changed && xmphc_config()->report)
    report(c, run, t);
  return XMPHC_OK;
}
