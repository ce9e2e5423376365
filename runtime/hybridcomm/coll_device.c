/* coll_device.c - the collectives on device buffers (XMPHC_LOC_DEVICE: memory of the calling
 * process's current CUDA device, its contents final when the call begins).
 *
 * Algorithms, each a candidate of a measured choice (below):
 *   host-staged   the data to a pinned host copy, the host collective of coll_algo.c on it
 *                 (its own per-step choice between MPI and UCX), back to the device; any
 *                 datatype. Under XMP_COMM=mpi this is MPI host-staged.
 *   MPI host-staged  the same copies around MPI's own collective (MPI_Bcast, MPI_Allgatherv
 *                 of contiguous blocks, MPI_Allreduce where MPI has the operator): a floor
 *                 under the others, since MPI's tuned algorithms beat recursive doubling on
 *                 large data (4 x H200, subclusters of 2: the best of the others took 1.8
 *                 times MPI's time for a 1 MiB allreduce). Open MPI gives every rank the
 *                 same bits (operands combined in rank order, or each block reduced once
 *                 and shared), as XMP needs.
 *   device steps  the host schedule (binomial bcast, recursive-doubling allgather and
 *                 allreduce) with device regions: a step between two processes of one
 *                 direct-link domain whose GPUs reach each other goes GPU-to-GPU (the
 *                 receiver sends a note with the IPC handle of where the data goes, which
 *                 also says that memory may now be written; the sender's copy engines write
 *                 into it, mapped once through CUDA IPC; a 0-byte message says it is there),
 *                 other steps host-staged (device -> pinned host -> MPI -> host -> device);
 *                 per step measured as coll.c does. Contiguous regions only. Allreduce
 *                 reduces each step with a kernel (libxmp_coll_cuda.so), so needs it.
 *   one-shot      allreduce inside one domain whose GPUs all reach each other: every rank
 *                 writes its data into slot `rank` of every peer's gather buffer (double
 *                 buffered by execution parity, so no ready message is needed: a rank that
 *                 finished execution e - 1 had every peer's writes of e - 1, which they made
 *                 after finishing e - 2), a 0-byte message to each, then each rank folds the
 *                 slots in rank order (kernel, else on the host), so all get the same bits.
 *   signalled     bcast, allgather and allreduce inside such a domain by one kernel per rank
 *                 (coll_kernels.h): the same gather slots, filled by the kernel's own stores
 *                 into the peers' memory, and flags in every rank's memory instead of the host
 *                 copies and MPI messages; the host only launches it and waits for it. For
 *                 small data, where the one-shot's and the steps' copies and messages cost
 *                 more than moving the data.
 * Choice (choice_blocks.c): per kind and size class, the first executions run the candidates
 * every rank has in turn, each in a block of consecutive executions (one untimed, then
 * XMPHC_ALGO_REPS timed), every rank keeps each one's median time, one allreduce (MAX) gives
 * all the same numbers, the fastest is kept (ties to the earlier candidate); again every
 * XMPHC_ALGO_RECHECK executions. XMP_COMM=mpi: host-staged
 * only; direct: the most direct candidate.
 *
 * CUDA is reached through starpu/gpu_faces.c (IPC handle export, mapping cache, peer access
 * cache, copies on the device's stream), over the CUDA layer (runtime/cuda), whose kernel
 * library loader finds the kernels. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_kernels.h"
#include "xmpcu.h"
#include "xmphc_coll.h"

_Static_assert((int)XMPHC_NALGOS <= (int)XMPHC_ALGO_MAX && XMPHC_ALGO_HOST == 0,
               "choice_blocks.c's numbering");
enum { NBUCKETS = 65, NKINDS = 3 };
enum { K_BCAST, K_ALLGATHER, K_ALLREDUCE };
enum { TAG_NOTE = 64, TAG_ONESHOT = 128 }; /* step messages use the slot (0..33) as tag */
/* The one-shot gather buffers hold 2 p copies of the data: larger ones are not a candidate. */
#define ONESHOT_MAX ((size_t)16 << 20)
/* The signalled kernel: data up to SIGNAL_MAX bytes (a rank's block for allgather), one block
 * of the kernel per SIGNAL_BLOCK_BYTES of it. */
#define SIGNAL_MAX ((size_t)1 << 20)
#define SIGNAL_BLOCK_BYTES ((size_t)16 << 10)


typedef xmphc_algo_choice_t algo_choice_t;

struct xmphc_dcoll {
  MPI_Comm comm; /* the context's private communicator */
  int rank, size;
  xmp_dev_gpu_view_t view; /* the current device and its stream */
  unsigned char *ipc_ok;   /* per member: GPU-to-GPU steps possible */
  int all_ipc;             /* every pair of members (the same on every rank) */
  int kernels;             /* every member loaded the reduction kernels */
  unsigned char *pinned;   /* staging: two halves (send, receive) */
  size_t pinned_half;
  char *scratch; /* allreduce steps' receive slots */
  size_t scratch_cap;
  xmp_dev_ipc_t scratch_ipc;
  char *gather; /* one-shot, signalled: 2 halves of size slots, then the signalled flags */
  size_t gather_slot;
  char **peer_gather; /* peers' gather buffers, mapped */
  long oneshot_execs; /* executions on the gather buffers (their parity picks the half) */
  unsigned long long signal_seq; /* signalled executions */
  algo_choice_t *choice[NKINDS][NBUCKETS];
};
typedef struct xmphc_dcoll dcoll_t;

/* ---- reduction kernels (libxmp_coll_cuda.so) ---- */

static struct {
  int tried;
  xmphc_kernel_reduce_t reduce;
  xmphc_kernel_fold_t fold;
  xmphc_kernel_signal_t signal;
} kern;

static int kernels_loaded(void) {
  if (!kern.tried) {
    kern.tried = 1;
    /* Next to libxmp where nvcc built it (kernels.c of the CUDA layer). */
    static const char lib[] = "libxmp_coll_cuda.so";
    *(void **)&kern.reduce = xmpcu_kernel_symbol(lib, "xmphc_kernel_reduce");
    *(void **)&kern.fold = xmpcu_kernel_symbol(lib, "xmphc_kernel_fold");
    *(void **)&kern.signal = xmpcu_kernel_symbol(lib, "xmphc_kernel_signal");
    if (kern.reduce == NULL || kern.fold == NULL || kern.signal == NULL)
      kern.reduce = NULL, kern.fold = NULL, kern.signal = NULL;
  }
  return kern.reduce != NULL;
}

/* The kernels' element kind and width of an XMP type; 0 where no kernel applies (long
 * double, _Bool, complex: reduced on the host). */
static int kernel_type(int type, int *kind, int *width) {
  static const struct {
    int kind, width;
  } k[] = {
      [XMP_RT_CHAR] = {CHAR_MIN < 0 ? XMPHC_KERNEL_SIGNED : XMPHC_KERNEL_UNSIGNED, 1},
      [XMP_RT_SCHAR] = {XMPHC_KERNEL_SIGNED, 1},
      [XMP_RT_UCHAR] = {XMPHC_KERNEL_UNSIGNED, 1},
      [XMP_RT_SHORT] = {XMPHC_KERNEL_SIGNED, sizeof(short)},
      [XMP_RT_USHORT] = {XMPHC_KERNEL_UNSIGNED, sizeof(short)},
      [XMP_RT_INT] = {XMPHC_KERNEL_SIGNED, sizeof(int)},
      [XMP_RT_UINT] = {XMPHC_KERNEL_UNSIGNED, sizeof(int)},
      [XMP_RT_LONG] = {XMPHC_KERNEL_SIGNED, sizeof(long)},
      [XMP_RT_ULONG] = {XMPHC_KERNEL_UNSIGNED, sizeof(long)},
      [XMP_RT_LLONG] = {XMPHC_KERNEL_SIGNED, sizeof(long long)},
      [XMP_RT_ULLONG] = {XMPHC_KERNEL_UNSIGNED, sizeof(long long)},
      [XMP_RT_FLOAT] = {XMPHC_KERNEL_FLOAT, sizeof(float)},
      [XMP_RT_DOUBLE] = {XMPHC_KERNEL_FLOAT, sizeof(double)},
  };
  if (type < 0 || type > XMP_RT_DOUBLE)
    return 0;
  *kind = k[type].kind;
  *width = k[type].width;
  return 1;
}

/* ---- the device state of a context ---- */

void xmphc_dcoll_free(dcoll_t *d) {
  if (d == NULL)
    return;
  xmp_dev_gpu_free(d->pinned, 1);
  xmp_dev_gpu_free(d->scratch, 0);
  xmp_dev_gpu_free(d->gather, 0);
  for (int k = 0; k < NKINDS; k++)
    for (int b = 0; b < NBUCKETS; b++)
      free(d->choice[k][b]);
  free(d->peer_gather);
  free(d->ipc_ok);
  free(d);
}

/* c's device state, made on its first device collective (collective: every member's device,
 * which pairs can go GPU-to-GPU). XMPHC_E_UNSUPPORTED when the process has no CUDA. Each
 * collective makes that device current while it runs (its stream, scratch, kernels and IPC
 * mappings belong to it; StarPU's calls on the main thread may leave another current) and
 * gives the caller's back. */
static int dcoll_get(xmphc_coll_t *c, dcoll_t **out) {
  dcoll_t **slot = xmphc_coll_dev(c);
  if (*slot != NULL) { /* the device of the communicator's first device collective */
    *out = *slot;
    return XMPHC_OK;
  }
  dcoll_t *d = calloc(1, sizeof *d);
  if (d == NULL)
    return XMPHC_E_NOMEM;
  d->comm = xmphc_coll_comm(c);
  MPI_Comm_rank(d->comm, &d->rank);
  MPI_Comm_size(d->comm, &d->size);
  int cuda = xmp_dev_gpu_view_of(NULL, &d->view, NULL), all_cuda;
  MPI_Allreduce(&cuda, &all_cuda, 1, MPI_INT, MPI_MIN, d->comm);
  int *dev = malloc((size_t)d->size * sizeof *dev);
  d->ipc_ok = calloc((size_t)d->size, 1);
  d->peer_gather = calloc((size_t)d->size, sizeof *d->peer_gather);
  if (!all_cuda || dev == NULL || d->ipc_ok == NULL || d->peer_gather == NULL) {
    free(dev);
    xmphc_dcoll_free(d);
    return all_cuda ? XMPHC_E_NOMEM : XMPHC_E_UNSUPPORTED;
  }
  MPI_Allgather(&d->view.device, 1, MPI_INT, dev, 1, MPI_INT, d->comm);
  int me_world = xmphc_world_rank(d->comm, d->rank), all = 1;
  for (int r = 0; r < d->size; r++) {
    if (r == d->rank)
      continue;
    d->ipc_ok[r] = xmphc_same_domain(me_world, xmphc_world_rank(d->comm, r)) &&
                   xmp_dev_gpu_peer_ok(dev[d->rank], dev[r]) &&
                   xmp_dev_gpu_peer_ok(dev[r], dev[d->rank]);
    all &= d->ipc_ok[r];
  }
  MPI_Allreduce(&all, &d->all_ipc, 1, MPI_INT, MPI_MIN, d->comm);
  int loaded = kernels_loaded();
  MPI_Allreduce(&loaded, &d->kernels, 1, MPI_INT, MPI_MIN, d->comm);
  free(dev);
  *slot = *out = d;
  return XMPHC_OK;
}

/* A device collective's start: c's device state, its device made current (the caller's,
 * returned in *was, comes back after). */
static int enter(xmphc_coll_t *c, dcoll_t **d, int *was) {
  TRY(dcoll_get(c, d));
  *was = xmp_dev_gpu_use_device((*d)->view.device, NULL);
  return XMPHC_OK;
}

/* Before algorithm a moves the caller's buffers: the default stream's work on them (a
 * cudaMemcpy from pageable memory may still be writing) comes first. Device steps let peers
 * write into the caller's buffer, so it must be complete; the other algorithms touch it only
 * from this rank's stream, which waits for it on the device. */
static void settle(dcoll_t *d, int a) {
  if (a == XMPHC_ALGO_STEPS)
    xmp_dev_gpu_settle(NULL);
  else
    xmp_dev_gpu_order(&d->view, NULL);
}

/* A device collective's end: the caller's device current again; returns st. */
static int leave(int was, int st) {
  xmp_dev_gpu_use_device(was, NULL);
  return st;
}

/* Pinned staging of at least `bytes` per half (local). */
static void ensure_pinned(dcoll_t *d, size_t bytes) {
  if (bytes <= d->pinned_half && d->pinned != NULL)
    return;
  size_t half = 4096;
  while (half < bytes)
    half *= 2;
  xmp_dev_gpu_free(d->pinned, 1);
  d->pinned = xmp_dev_gpu_alloc(2 * half, 1, NULL);
  d->pinned_half = half;
}

/* Allreduce steps' receive slots: `bytes` in all, exported once per allocation (local). */
static void ensure_scratch(dcoll_t *d, size_t bytes) {
  if (bytes <= d->scratch_cap && d->scratch != NULL)
    return;
  size_t cap = 4096;
  while (cap < bytes)
    cap *= 2;
  xmp_dev_gpu_free(d->scratch, 0); /* peers close their mapping of it when they see an
                                      allocation of ours overlap it (gpu_faces.c) */
  d->scratch = xmp_dev_gpu_alloc(cap, 0, NULL);
  d->scratch_cap = cap;
  xmp_dev_gpu_view_t v = d->view;
  v.ptr = d->scratch;
  xmp_dev_gpu_export(&v, &d->scratch_ipc, NULL);
}

/* Where the signalled kernels' flags start in a gather buffer, and their bytes. */
static size_t signal_flags_at(const dcoll_t *d) { return 2 * (size_t)d->size * d->gather_slot; }
static size_t signal_flags_bytes(const dcoll_t *d) {
  return (size_t)XMPHC_SIGNAL_BLOCKS * (size_t)d->size * sizeof(unsigned long long);
}

/* One-shot gather buffers of 2 size slots of `slot` bytes and the signalled flags (zero),
 * every peer's mapped here (collective: every rank asks the same). A rank reallocates only
 * after its last execution on the old buffers ended, when every peer's writes into them had
 * arrived (the one-shot's messages, the signalled flags). */
static void ensure_gather(dcoll_t *d, size_t slot) {
  if (slot <= d->gather_slot && d->gather != NULL)
    return;
  size_t cap = 4096;
  while (cap < slot)
    cap *= 2;
  xmp_dev_gpu_free(d->gather, 0); /* as in ensure_scratch */
  d->gather_slot = cap;
  size_t flags = signal_flags_bytes(d);
  d->gather = xmp_dev_gpu_alloc(signal_flags_at(d) + flags, 0, NULL);
  void *zero = xmpb_calloc_or_die(1, flags, NULL);
  xmp_dev_gpu_copy(&d->view, d->gather + signal_flags_at(d), zero, flags, NULL);
  xmp_dev_gpu_wait(&d->view, NULL); /* zero before any peer can map it (the allgather below) */
  free(zero);
  xmp_dev_ipc_t mine, *all = xmpb_calloc_or_die((size_t)d->size, sizeof *all, NULL);
  xmp_dev_gpu_view_t v = d->view;
  v.ptr = d->gather;
  xmp_dev_gpu_export(&v, &mine, NULL);
  MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, d->comm);
  for (int r = 0; r < d->size; r++)
    d->peer_gather[r] = r == d->rank ? NULL : xmp_dev_gpu_import(&d->view, &all[r], NULL);
  free(all);
}

/* ---- the signalled kernels ---- */

/* Whether the signalled kernel is a candidate for `bytes` (a rank's block for allgather); the
 * same on every rank. */
static int signal_ok(const dcoll_t *d, size_t bytes) {
  return d->all_ipc && d->kernels && d->size <= XMPHC_SIGNAL_MAX && bytes <= SIGNAL_MAX;
}

/* One execution of the signalled kernel on `slot`-byte slots, completed; a's collective and
 * data are set, the rest here. */
static int run_signal(dcoll_t *d, xmphc_signal_args_t *a, size_t slot) {
  double t0 = xmphc_sum_now();
  ensure_gather(d, slot);
  size_t half = (size_t)(d->oneshot_execs++ % 2) * (size_t)d->size * d->gather_slot;
  a->rank = d->rank;
  a->size = d->size;
  a->slot = d->gather_slot;
  a->seq = ++d->signal_seq;
  size_t blocks = slot / SIGNAL_BLOCK_BYTES;
  a->blocks = blocks < 1 ? 1 : blocks > XMPHC_SIGNAL_BLOCKS ? XMPHC_SIGNAL_BLOCKS : (int)blocks;
  for (int r = 0; r < d->size; r++) {
    char *base = r == d->rank ? d->gather : d->peer_gather[r];
    a->slots[r] = base + half;
    a->flags[r] = (unsigned long long *)(void *)(base + signal_flags_at(d));
  }
  if (kern.signal(a, d->view.stream))
    return xmphc_fail(XMPHC_E_CUDA,
                      "CUDA: the kernel of a signalled device collective failed to launch");
  xmp_dev_gpu_wait(&d->view, NULL);
  xmphc_sum_whole(XMPHC_SUM_SIGNAL, t0);
  return XMPHC_OK;
}

/* ---- the measured choice of an algorithm ---- */

/* The algorithm of this execution among the candidates (mask of 1 << XMPHC_ALGO_*, the same on
 * every rank; choice_blocks.c; XMP_COLL_ALGO's where it is one); *measure says whether its
 * time counts. */
static int algo_pick(dcoll_t *d, int kind, size_t bytes, unsigned mask, algo_choice_t **chp,
                     int *measure) {
  algo_choice_t **slot = &d->choice[kind][xmphc_size_bucket(bytes)];
  if (*slot == NULL) {
    *slot = xmpb_calloc_or_die(1, sizeof **slot, NULL);
    xmphc_algo_init(*slot, 1);
  }
  *chp = *slot;
  int forced = xmphc_config()->coll_algo;
  if (forced >= 0 && (mask & (1u << forced))) {
    *measure = 0;
    return forced;
  }
  return xmphc_algo_pick(*slot, mask, xmphc_config()->comm, measure);
}

/* After an execution of algorithm a begun at t0: its time, and the decision at the end of the
 * window (collective: every rank ends its window at the same execution). */
static void algo_done(dcoll_t *d, algo_choice_t *ch, int measure, int a, double t0,
                      unsigned mask, const char *what, size_t bytes) {
  double worst[XMPHC_ALGO_MAX];
  if (!measure || !xmphc_algo_measured(ch, mask, a, MPI_Wtime() - t0, d->comm, worst))
    return;
  if (xmphc_config()->report && d->rank == 0) {
    char line[512];
    int len = snprintf(line, sizeof line, "device %s of %zu B on %d nodes:", what, bytes,
                       d->size);
    for (int b = 0; b < XMPHC_NALGOS && len > 0 && (size_t)len < sizeof line; b++)
      if (mask & (1u << b))
        len += snprintf(line + len, sizeof line - (size_t)len, " %s %.1f us", xmphc_algo_name(b),
                        worst[b] * 1e6);
    xmpb_note(NULL, "comm", "%s: %s", line, xmphc_algo_name(ch->chosen));
  }
}

/* ---- device steps ---- */

/* A region of a device step: segments [base + off, + bytes); a step's send and receive
 * regions list the same segments, each relative to its own base. */
typedef struct dseg {
  size_t off, bytes;
} dseg_t;
typedef struct dregion {
  char *base;
  const xmp_dev_ipc_t *ipc; /* base's export when known (scratch), else exported here */
  int n;
  const dseg_t *seg;
  size_t bytes;
} dregion_t;

static int step_path(const dcoll_t *d, const xmphc_run_t *run, int slot, int peer) {
  return run->mode[slot] == XMPHC_PATH_DIRECT && d->ipc_ok[peer] ? XMPHC_PATH_DIRECT
                                                                  : XMPHC_PATH_MPI;
}

/* Device region <-> dense host bytes on the view's stream, completed. */
static void stage(dcoll_t *d, const dregion_t *g, unsigned char *host, int to_host) {
  size_t at = 0;
  for (int i = 0; i < g->n; i++) {
    if (to_host)
      xmp_dev_gpu_copy(&d->view, host + at, g->base + g->seg[i].off, g->seg[i].bytes, NULL);
    else
      xmp_dev_gpu_copy(&d->view, g->base + g->seg[i].off, host + at, g->seg[i].bytes, NULL);
    at += g->seg[i].bytes;
  }
  xmp_dev_gpu_wait(&d->view, NULL);
}

/* One step: send region `send` to `to` and/or receive `recv` from `from` (-1: none). */
static int dev_step(dcoll_t *d, xmphc_run_t *run, int slot, int to, const dregion_t *send,
                    int from, const dregion_t *recv) {
  double t0 = MPI_Wtime();
  int pto = to >= 0 ? step_path(d, run, slot, to) : -1;
  int pfrom = from >= 0 ? step_path(d, run, slot, from) : -1;
  unsigned char *out = d->pinned, *in = d->pinned + d->pinned_half;
  MPI_Request req[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  xmp_dev_ipc_t note, peer_note;
  if (pfrom == XMPHC_PATH_DIRECT) {
    if (recv->ipc != NULL) {
      note = *recv->ipc;
    } else {
      xmp_dev_gpu_view_t v = d->view;
      v.ptr = recv->base;
      xmp_dev_gpu_export(&v, &note, NULL);
    }
    MPI_Isend(&note, (int)sizeof note, MPI_BYTE, from, TAG_NOTE + slot, d->comm, &req[0]);
    MPI_Irecv(NULL, 0, MPI_BYTE, from, slot, d->comm, &req[1]);
  } else if (pfrom == XMPHC_PATH_MPI) {
    MPI_Irecv(in, (int)recv->bytes, MPI_BYTE, from, slot, d->comm, &req[1]);
  }
  if (pto == XMPHC_PATH_DIRECT) {
    MPI_Recv(&peer_note, (int)sizeof peer_note, MPI_BYTE, to, TAG_NOTE + slot, d->comm,
             MPI_STATUS_IGNORE);
    char *dst = xmp_dev_gpu_import(&d->view, &peer_note, NULL);
    for (int i = 0; i < send->n; i++)
      xmp_dev_gpu_copy(&d->view, dst + send->seg[i].off, send->base + send->seg[i].off,
                       send->seg[i].bytes, NULL);
    xmp_dev_gpu_wait(&d->view, NULL); /* in the peer's memory before it hears of it */
    MPI_Isend(NULL, 0, MPI_BYTE, to, slot, d->comm, &req[2]);
  } else if (pto == XMPHC_PATH_MPI) {
    stage(d, send, out, 1);
    MPI_Isend(out, (int)send->bytes, MPI_BYTE, to, slot, d->comm, &req[2]);
  }
  MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
  if (pfrom == XMPHC_PATH_MPI)
    stage(d, recv, in, 0);
  xmphc_run_time(run, slot, pfrom >= 0 ? pfrom : pto, t0);
  return XMPHC_OK;
}

/* ---- host-staged ---- */

/* MPI's own collectives on the pinned copies (the *mpi* algorithm), counted in the summary. */
static void mpi_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  double t0 = xmphc_sum_now();
  MPI_Bcast(buf, count, type, root, comm);
  xmphc_sum_whole(XMPHC_SUM_MPI_COLL, t0);
}
static void mpi_allreduce(void *buf, int n, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  double t0 = xmphc_sum_now();
  MPI_Allreduce(MPI_IN_PLACE, buf, n, type, op, comm);
  xmphc_sum_whole(XMPHC_SUM_MPI_COLL, t0);
}

int xmphc_dev_staged(void *buf, size_t bytes, int (*host)(void *copy, void *arg), void *arg) {
  xmp_dev_gpu_view_t v;
  if (!xmp_dev_gpu_view_of(buf, &v, NULL))
    return XMPHC_E_UNSUPPORTED;
  xmp_dev_gpu_order(&v, NULL); /* only v's stream touches buf */
  _Alignas(max_align_t) unsigned char copy[64];
  if (bytes > sizeof copy)
    return XMPHC_E_UNSUPPORTED;
  xmp_dev_gpu_copy(&v, copy, buf, bytes, NULL);
  xmp_dev_gpu_wait(&v, NULL);
  TRY(host(copy, arg));
  xmp_dev_gpu_copy(&v, buf, copy, bytes, NULL);
  xmp_dev_gpu_wait(&v, NULL);
  return XMPHC_OK;
}

/* The bytes [lo, lo + len) of buf to or from the same bytes of host, completed. */
static void stage_span(dcoll_t *d, char *buf, size_t lo, size_t len, unsigned char *host,
                       int to_host) {
  dseg_t s = {lo, len};
  dregion_t g = {buf, NULL, 1, &s, len};
  stage(d, &g, host + lo, to_host);
}

/* ---- bcast ---- */

static int bcast_on(xmphc_coll_t *c, dcoll_t *d, MPI_Comm comm, void *buf, int count,
                    MPI_Datatype type, int root) {
  MPI_Datatype whole;
  MPI_Type_contiguous(count, type, &whole);
  MPI_Type_commit(&whole);
  xmphc_region_t g = xmphc_region_of_type(buf, whole);
  MPI_Aint lb, extent;
  MPI_Type_get_true_extent(whole, &lb, &extent);
  MPI_Type_free(&whole);
  unsigned mask = 1u << XMPHC_ALGO_HOST | 1u << XMPHC_ALGO_MPI |
                  (g.contiguous ? 1u << XMPHC_ALGO_STEPS : 0) |
                  (g.contiguous && signal_ok(d, g.bytes) ? 1u << XMPHC_ALGO_SIGNAL : 0);
  algo_choice_t *ch = NULL;
  int measure, a = algo_pick(d, K_BCAST, g.bytes, mask, &ch, &measure);
  double t0 = MPI_Wtime();
  settle(d, a);
  int st = XMPHC_OK;
  if (a == XMPHC_ALGO_HOST || a == XMPHC_ALGO_MPI) {
    /* A copy of the whole extent (holes included, so that writing it back keeps them). */
    ensure_pinned(d, (size_t)extent);
    char *data = (char *)buf + lb;
    if (d->rank == root || !g.contiguous)
      stage_span(d, data, 0, (size_t)extent, d->pinned, 1);
    if (a == XMPHC_ALGO_HOST)
      st = xmphc_bcast(comm, d->pinned - lb, count, type, root, XMPHC_LOC_HOST, NULL);
    else
      mpi_bcast(d->pinned - lb, count, type, root, d->comm);
    if (!st && d->rank != root)
      stage_span(d, data, 0, (size_t)extent, d->pinned, 0);
  } else if (a == XMPHC_ALGO_SIGNAL) {
    xmphc_signal_args_t sa = {.what = XMPHC_SIGNAL_BCAST, .root = root, .n = g.bytes};
    sa.src = sa.dst = (char *)buf + lb;
    st = run_signal(d, &sa, g.bytes);
  } else {
    ensure_pinned(d, g.bytes);
    xmphc_run_t run;
    TRY(xmphc_run_begin(c, XMPHC_COLL_DEV_BCAST, g.bytes, g.bytes, &run));
    dseg_t s = {0, g.bytes};
    dregion_t r = {(char *)buf + lb, NULL, 1, &s, g.bytes};
    /* The binomial tree of coll_algo.c's bcast_tree, on device regions. */
    int p = d->size, v = (d->rank - root + p) % p, mask_bit = 1, slot = 0;
    for (; mask_bit < p; mask_bit <<= 1, slot++)
      if (v & mask_bit) {
        TRY(dev_step(d, &run, slot, -1, NULL, (v - mask_bit + root) % p, &r));
        break;
      }
    for (mask_bit >>= 1, slot--; mask_bit > 0; mask_bit >>= 1, slot--)
      if (v + mask_bit < p)
        TRY(dev_step(d, &run, slot, (v + mask_bit + root) % p, &r, -1, NULL));
    st = xmphc_run_end(&run);
  }
  algo_done(d, ch, measure, a, t0, mask, "bcast", g.bytes);
  return st;
}

int xmphc_dev_bcast(xmphc_coll_t *c, MPI_Comm comm, void *buf, int count, MPI_Datatype type,
                    int root) {
  dcoll_t *d;
  int was;
  TRY(enter(c, &d, &was));
  return leave(was, bcast_on(c, d, comm, buf, count, type, root));
}

/* ---- allreduce ---- */

typedef struct reduce_args {
  char *buf;
  size_t n, bytes;
  int type, op, kind, width;
  xmphc_reduce_op_t host;
} reduce_args_t;

/* Recursive doubling (coll_algo.c's reduce_doubling) on device regions, each step's data
 * received into its own scratch slot and reduced by a kernel; the lower ranks' part left. */
static int allreduce_steps(xmphc_coll_t *c, dcoll_t *d, const reduce_args_t *ra) {
  xmphc_fold_t f = xmphc_fold(d->size, d->rank);
  size_t bytes = ra->bytes;
  ensure_pinned(d, bytes);
  ensure_scratch(d, (size_t)(f.levels + 2) * bytes);
  xmphc_run_t run;
  TRY(xmphc_run_begin(c, XMPHC_COLL_DEV_ALLREDUCE, bytes, bytes, &run));
  dseg_t s = {0, bytes};
  dregion_t mine = {ra->buf, NULL, 1, &s, bytes};
  xmp_dev_ipc_t ipc[XMPHC_COLL_MAXSLOTS];
  dregion_t in[XMPHC_COLL_MAXSLOTS];
  for (int k = 0; k < f.levels + 1; k++) {
    ipc[k] = d->scratch_ipc;
    ipc[k].offset += (uint64_t)k * bytes;
    in[k] = (dregion_t){d->scratch + (size_t)k * bytes, &ipc[k], 1, &s, bytes};
  }
  int me = d->rank, st = 0;
#define REDUCE(a, b) st = kern.reduce(ra->kind, ra->width, ra->op, ra->buf, (a), (b), ra->n, d->view.stream)
  if (f.extra) {
    TRY(dev_step(d, &run, 0, me + 1, &mine, -1, NULL));
  } else if (me < 2 * f.r) {
    TRY(dev_step(d, &run, 0, -1, NULL, me - 1, &in[0]));
    REDUCE(in[0].base, ra->buf);
  }
  for (int l = 0; !st && !f.extra && l < f.levels; l++) {
    int pv = f.virt ^ (1 << l), peer = xmphc_fold_rank(&f, pv);
    TRY(dev_step(d, &run, 1 + l, peer, &mine, peer, &in[1 + l]));
    if (pv < f.virt)
      REDUCE(in[1 + l].base, ra->buf);
    else
      REDUCE(ra->buf, in[1 + l].base);
  }
#undef REDUCE
  if (st)
    return xmphc_fail(XMPHC_E_CUDA,
                      "CUDA: a reduction kernel of a device allreduce failed to launch");
  if (f.extra)
    TRY(dev_step(d, &run, f.levels + 1, -1, NULL, me + 1, &mine));
  else if (me < 2 * f.r)
    TRY(dev_step(d, &run, f.levels + 1, me - 1, &mine, -1, NULL));
  xmp_dev_gpu_wait(&d->view, NULL);
  return xmphc_run_end(&run);
}

/* Every rank's data into every peer's gather slot, then a fold in rank order here. */
static int allreduce_oneshot(dcoll_t *d, const reduce_args_t *ra) {
  size_t bytes = ra->bytes;
  ensure_gather(d, bytes);
  size_t half = (size_t)(d->oneshot_execs++ % 2) * (size_t)d->size * d->gather_slot;
  char *mine = d->gather + half;
  for (int r = 0; r < d->size; r++) {
    char *dst = r == d->rank ? mine : d->peer_gather[r] + half;
    xmp_dev_gpu_copy(&d->view, dst + (size_t)d->rank * d->gather_slot, ra->buf, bytes, NULL);
  }
  xmp_dev_gpu_wait(&d->view, NULL);
  MPI_Request *req = xmpb_calloc_or_die(2 * (size_t)d->size, sizeof *req, NULL);
  for (int r = 0; r < d->size; r++) {
    req[2 * r] = req[2 * r + 1] = MPI_REQUEST_NULL;
    if (r != d->rank) {
      MPI_Isend(NULL, 0, MPI_BYTE, r, TAG_ONESHOT, d->comm, &req[2 * r]);
      MPI_Irecv(NULL, 0, MPI_BYTE, r, TAG_ONESHOT, d->comm, &req[2 * r + 1]);
    }
  }
  MPI_Waitall(2 * d->size, req, MPI_STATUSES_IGNORE);
  free(req);
  if (ra->width > 0) {
    if (kern.fold(ra->kind, ra->width, ra->op, ra->buf, mine, d->size,
                  d->gather_slot / (size_t)ra->width, ra->n, d->view.stream))
      return xmphc_fail(XMPHC_E_CUDA,
                        "CUDA: a reduction kernel of a device allreduce failed to launch");
  } else { /* no kernel for the type: fold on the host */
    ensure_pinned(d, bytes);
    unsigned char *acc = d->pinned, *next = d->pinned + d->pinned_half;
    xmp_dev_gpu_copy(&d->view, acc, mine, bytes, NULL);
    for (int r = 1; r < d->size; r++) {
      xmp_dev_gpu_copy(&d->view, next, mine + (size_t)r * d->gather_slot, bytes, NULL);
      xmp_dev_gpu_wait(&d->view, NULL);
      ra->host.fn(acc, acc, next, ra->n);
    }
    xmp_dev_gpu_copy(&d->view, ra->buf, acc, bytes, NULL);
  }
  xmp_dev_gpu_wait(&d->view, NULL);
  return XMPHC_OK;
}

static int allreduce_on(xmphc_coll_t *c, dcoll_t *d, MPI_Comm comm, void *buf, size_t n,
                        int type, int op) {
  reduce_args_t ra = {buf, n, 0, type, op, 0, 0, {0}};
  TRY(xmphc_reduce_op(op, type, &ra.host));
  ra.bytes = n * ra.host.elem_size;
  if (ra.bytes > INT_MAX)
    return XMPHC_E_UNSUPPORTED;
  /* The same on every rank: the library loaded everywhere, and the type. */
  int all_kernel = d->kernels && kernel_type(type, &ra.kind, &ra.width);
  if (!all_kernel)
    ra.width = 0; /* folds on the host */
  /* The same on every rank too: MPI's operator for the type. */
  MPI_Datatype mpi_type = xmpb_mpi_type(type);
  MPI_Op mpi_op = mpi_type != MPI_DATATYPE_NULL ? xmpb_mpi_op(op, type) : MPI_OP_NULL;
  unsigned mask = 1u << XMPHC_ALGO_HOST | (mpi_op != MPI_OP_NULL ? 1u << XMPHC_ALGO_MPI : 0) |
                  (all_kernel ? 1u << XMPHC_ALGO_STEPS : 0) |
                  (d->all_ipc && ra.bytes <= ONESHOT_MAX ? 1u << XMPHC_ALGO_ONESHOT : 0) |
                  (all_kernel && signal_ok(d, ra.bytes) ? 1u << XMPHC_ALGO_SIGNAL : 0);
  algo_choice_t *ch = NULL;
  int measure, a = algo_pick(d, K_ALLREDUCE, ra.bytes, mask, &ch, &measure);
  double t0 = MPI_Wtime();
  settle(d, a);
  int st = XMPHC_OK;
  if (a == XMPHC_ALGO_HOST || a == XMPHC_ALGO_MPI) {
    ensure_pinned(d, ra.bytes);
    stage_span(d, buf, 0, ra.bytes, d->pinned, 1);
    if (a == XMPHC_ALGO_HOST)
      st = xmphc_allreduce(comm, d->pinned, (int)n, type, op, XMPHC_LOC_HOST, NULL);
    else
      mpi_allreduce(d->pinned, (int)n, mpi_type, mpi_op, d->comm);
    if (!st)
      stage_span(d, buf, 0, ra.bytes, d->pinned, 0);
  } else if (a == XMPHC_ALGO_STEPS) {
    st = allreduce_steps(c, d, &ra);
  } else if (a == XMPHC_ALGO_ONESHOT) {
    double t1 = xmphc_sum_now();
    st = allreduce_oneshot(d, &ra);
    xmphc_sum_whole(XMPHC_SUM_ONESHOT, t1);
  } else {
    xmphc_signal_args_t sa = {.what = XMPHC_SIGNAL_ALLREDUCE, .kind = ra.kind,
                              .width = ra.width, .op = op, .src = buf, .dst = buf, .n = n};
    st = run_signal(d, &sa, ra.bytes);
  }
  algo_done(d, ch, measure, a, t0, mask, "allreduce", ra.bytes);
  return st;
}

int xmphc_dev_allreduce(xmphc_coll_t *c, MPI_Comm comm, void *buf, size_t n, int type,
                        int op) {
  dcoll_t *d;
  int was;
  TRY(enter(c, &d, &was));
  return leave(was, allreduce_on(c, d, comm, buf, n, type, op));
}

/* ---- allgather ---- */

typedef struct gstep {
  int slot, to, from;
  int nseg;
  dseg_t *seg; /* the blocks sent and received (the same list on both ends) */
  size_t send_bytes, recv_bytes;
  dseg_t *rseg;
  int nrseg;
} gstep_t;

struct xmphc_dev_allgather {
  xmphc_coll_t *c;
  dcoll_t *d;
  char *base;
  size_t lo, hi;           /* the blocks' span in the buffer */
  int tiled;               /* the blocks are contiguous and cover [lo, hi) exactly */
  int contiguous;          /* every block contiguous: device steps possible */
  size_t own_lo, own_bytes; /* this rank's block when contiguous */
  size_t total;
  unsigned char *mirror;   /* pinned, [0, hi): the host-staged algorithm's copy */
  xmphc_allgather_t *host; /* the host plan over the mirror */
  dseg_t *block;           /* each rank's block as one segment (contiguous case) */
  int host_mpi;            /* the host plan can run MPI's own allgather */
  size_t max_block;        /* the largest block's bytes */
  int nsteps;
  gstep_t step[XMPHC_COLL_MAXSLOTS];
};

/* Segments of blocks [lo, hi) but skip, adjacent ones merged, in *n. */
static dseg_t *segments(const xmphc_dev_allgather_t *g, int lo, int hi, int skip, int *n,
                        size_t *bytes) {
  dseg_t *s = xmpb_calloc_or_die((size_t)(hi > lo ? hi - lo : 1), sizeof *s, NULL);
  *n = 0;
  *bytes = 0;
  for (int k = lo; k < hi; k++) {
    if (k == skip || g->block[k].bytes == 0)
      continue;
    *bytes += g->block[k].bytes;
    if (*n > 0 && s[*n - 1].off + s[*n - 1].bytes == g->block[k].off)
      s[*n - 1].bytes += g->block[k].bytes;
    else
      s[(*n)++] = g->block[k];
  }
  return s;
}

static int emit_dev_step(void *arg, int slot, int to, int slo, int shi, int sskip, int from,
                         int rlo, int rhi, int rskip) {
  xmphc_dev_allgather_t *g = arg;
  gstep_t *s = &g->step[g->nsteps++];
  s->slot = slot;
  s->to = to;
  s->from = from;
  s->seg = segments(g, slo, shi, sskip, &s->nseg, &s->send_bytes);
  s->rseg = segments(g, rlo, rhi, rskip, &s->nrseg, &s->recv_bytes);
  return XMPHC_OK;
}

int xmphc_dev_allgather_create(xmphc_coll_t *c, MPI_Comm comm, void *base,
                               const MPI_Datatype *blocks, xmphc_dev_allgather_t **plan) {
  *plan = NULL;
  dcoll_t *d;
  TRY(dcoll_get(c, &d));
  xmphc_dev_allgather_t *g = xmpb_calloc_or_die(1, sizeof *g, NULL);
  g->c = c;
  g->d = d;
  g->base = base;
  g->block = xmpb_calloc_or_die((size_t)d->size, sizeof *g->block, NULL);
  g->contiguous = 1;
  g->lo = SIZE_MAX;
  for (int r = 0; r < d->size; r++) {
    if (blocks[r] == MPI_DATATYPE_NULL)
      continue;
    xmphc_region_t b = xmphc_region_of_type(base, blocks[r]);
    MPI_Aint lb, extent;
    MPI_Type_get_true_extent(blocks[r], &lb, &extent);
    if (b.bytes == 0)
      continue;
    g->contiguous &= b.contiguous;
    g->block[r] = (dseg_t){(size_t)lb, b.bytes};
    g->total += b.bytes;
    g->max_block = b.bytes > g->max_block ? b.bytes : g->max_block;
    g->lo = (size_t)lb < g->lo ? (size_t)lb : g->lo;
    g->hi = (size_t)(lb + extent) > g->hi ? (size_t)(lb + extent) : g->hi;
  }
  if (g->lo == SIZE_MAX)
    g->lo = g->hi = 0;
  g->tiled = g->contiguous && g->total == g->hi - g->lo;
  g->own_lo = g->block[d->rank].off;
  g->own_bytes = g->block[d->rank].bytes;
  /* The host plan over a pinned mirror of [0, hi): blocks at the same offsets. */
  g->mirror = xmp_dev_gpu_alloc(g->hi, 1, NULL);
  int st = xmphc_allgather_create(comm, g->mirror, blocks, XMPHC_LOC_HOST, NULL, &g->host);
  g->host_mpi = !st && xmphc_allgather_mpi_ok(g->host); /* the same on every rank */
  if (!st && g->contiguous)
    st = xmphc_allgather_schedule(d->size, d->rank, emit_dev_step, g);
  if (st) {
    xmphc_dev_allgather_free(g);
    return st;
  }
  *plan = g;
  return XMPHC_OK;
}

static int allgather_on(xmphc_dev_allgather_t *g, dcoll_t *d) {
  unsigned mask = 1u << XMPHC_ALGO_HOST | (g->host_mpi ? 1u << XMPHC_ALGO_MPI : 0) |
                  (g->contiguous ? 1u << XMPHC_ALGO_STEPS : 0) |
                  (g->contiguous && signal_ok(d, g->max_block) ? 1u << XMPHC_ALGO_SIGNAL : 0);
  algo_choice_t *ch = NULL;
  int measure, a = algo_pick(d, K_ALLGATHER, g->total, mask, &ch, &measure);
  double t0 = MPI_Wtime();
  settle(d, a);
  int st = XMPHC_OK;
  if (a == XMPHC_ALGO_HOST || a == XMPHC_ALGO_MPI) {
    /* Blocks that tile their span: only this rank's goes up (the rest is overwritten). */
    if (g->tiled)
      stage_span(d, g->base, g->own_lo, g->own_bytes, g->mirror, 1);
    else
      stage_span(d, g->base, g->lo, g->hi - g->lo, g->mirror, 1);
    st = a == XMPHC_ALGO_HOST ? xmphc_allgather_run(g->host) : xmphc_allgather_run_mpi(g->host);
    if (!st)
      stage_span(d, g->base, g->lo, g->hi - g->lo, g->mirror, 0);
  } else if (a == XMPHC_ALGO_SIGNAL) {
    xmphc_signal_args_t sa = {.what = XMPHC_SIGNAL_ALLGATHER, .dst = g->base};
    sa.src = g->base + g->own_lo;
    for (int r = 0; r < d->size; r++)
      sa.off[r] = g->block[r].off, sa.len[r] = g->block[r].bytes;
    st = run_signal(d, &sa, g->max_block);
  } else {
    ensure_pinned(d, g->total);
    xmphc_run_t run;
    TRY(xmphc_run_begin(g->c, XMPHC_COLL_DEV_ALLGATHER, g->total, g->total, &run));
    for (int i = 0; i < g->nsteps; i++) {
      gstep_t *s = &g->step[i];
      dregion_t out = {g->base, NULL, s->nseg, s->seg, s->send_bytes};
      dregion_t in = {g->base, NULL, s->nrseg, s->rseg, s->recv_bytes};
      TRY(dev_step(d, &run, s->slot, s->to, &out, s->from, &in));
    }
    st = xmphc_run_end(&run);
  }
  algo_done(d, ch, measure, a, t0, mask, "allgather", g->total);
  return st;
}

int xmphc_dev_allgather_run(xmphc_dev_allgather_t *g) {
  dcoll_t *d;
  int was;
  TRY(enter(g->c, &d, &was));
  return leave(was, allgather_on(g, d));
}

void xmphc_dev_allgather_free(xmphc_dev_allgather_t *g) {
  if (g == NULL)
    return;
  for (int i = 0; i < g->nsteps; i++) {
    free(g->step[i].seg);
    free(g->step[i].rseg);
  }
  xmphc_allgather_free(g->host);
  xmp_dev_gpu_free(g->mirror, 1);
  free(g->block);
  free(g);
}
