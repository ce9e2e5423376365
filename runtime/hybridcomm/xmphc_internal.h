/* xmphc_internal.h - types and functions shared between the files of the hybrid
 * communication layer (runtime/hybridcomm/, see xmphc.h for the list). */
#ifndef XMPHC_INTERNAL_H
#define XMPHC_INTERNAL_H

#include <stdint.h>

#include "xmphc.h"
#include "xmpb.h"


/* ---- config.c ---- */
enum { XMPHC_COMM_AUTO, XMPHC_COMM_DIRECT, XMPHC_COMM_MPI };
/* The device collectives' algorithms (coll_device.c), in the order of the measuring window;
 * XMP_COMM=direct takes the highest candidate, so the MPI one stays below the device ones. */
enum {
  XMPHC_ALGO_HOST,    /* host-staged: the layer's host collective on a pinned copy */
  XMPHC_ALGO_MPI,     /* MPI host-staged: MPI's own collective on it */
  XMPHC_ALGO_STEPS,   /* device steps */
  XMPHC_ALGO_ONESHOT, /* one-shot writes into every peer */
  XMPHC_ALGO_SIGNAL,  /* one signalled kernel per rank */
  XMPHC_NALGOS
};
/* The order of a device exchange's faces: all at once, or those going up, then those going
 * down (a rank receives from one peer at a time). */
enum { XMPHC_ORDER_CONCURRENT, XMPHC_ORDER_PHASED };
/* XMP_HALO_SYNC: how a device face written straight into a peer's shadow is ordered with the
 * kernels of both ends (device_exchange.c), in the setting's word order. */
enum { XMPHC_SYNC_AUTO, XMPHC_SYNC_FLAGS, XMPHC_SYNC_EVENTS, XMPHC_SYNC_HOST };
/* XMP_COLL_ALGO's name of algorithm a (also in reports). */
const char *xmphc_algo_name(int a);
typedef struct xmphc_config {
  int comm;            /* XMP_COMM */
  int report;          /* XMP_COMM_REPORT: 0 or 1 */
  int subcluster_size; /* XMP_SUBCLUSTER_SIZE: ranks per direct-link domain; 0: whole host */
  int direct_kernel;   /* XMP_COMM=direct-kernel (comm is XMPHC_COMM_DIRECT): device faces
                          by kernel stores */
  int coll_algo;       /* XMP_COLL_ALGO: an XMPHC_ALGO_* every device collective takes where
                          it is a candidate; -1 (auto): the measured choice */
  int halo_order;      /* XMP_HALO_ORDER: an XMPHC_ORDER_* every device exchange takes; -1
                          (auto): the measured choice */
  int halo_sync;       /* XMP_HALO_SYNC: an XMPHC_SYNC_* */
} xmphc_config_t;
/* Parses the settings from getenv-like lookup; returns XMPHC_OK or, for a bad value, the
 * name of the variable in *bad_name and a message in msg (pure, for tests). */
/* status.c: records the message of a failure (printf-style) and returns status, so that
 * `return xmphc_fail(XMPHC_E_..., "array '%s': ...", ...)` hands both to the entry point. */
int xmphc_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int xmphc_config_parse(const char *(*lookup)(const char *name), xmphc_config_t *cfg,
                       const char **bad_name, char *msg, size_t cap);
/* The settings read by xmphc_init. */
const xmphc_config_t *xmphc_config(void);
const char *xmphc_comm_name(int comm);
/* Reads the settings from the environment: XMPHC_E_SETTING for a bad value. */
int xmphc_config_read(void);

/* ---- topology.c ---- */
/* Domain of node-local rank local_rank among node_size ranks of one host with subclusters
 * of size sub (0: the whole host): the index of its subcluster (pure, for tests). */
int xmphc_subcluster_of(int local_rank, int node_size, int sub);
/* Built by xmphc_init: every world rank's host (the lowest world rank on it) and subcluster. */
int xmphc_topology_build(int subcluster_size);
void xmphc_topology_free(void);
/* The world rank of rank in comm. */
int xmphc_world_rank(MPI_Comm comm, int rank);
/* Whether world ranks r and s share a direct-link domain (same host, same subcluster). */
int xmphc_same_domain(int r, int s);
/* This process's node-local rank and the number of ranks on its host. */
int xmphc_local_rank(void);
int xmphc_local_size(void);

/* ---- face.c ---- */
enum { XMPHC_FACE_CONTIGUOUS, XMPHC_FACE_BLOCK_STRIDE, XMPHC_FACE_STRIDE };
typedef struct xmphc_face_shape {
  int kind;            /* XMPHC_FACE_* */
  long nblocks;        /* contiguous runs */
  size_t block_bytes;  /* bytes per run */
  size_t stride_bytes; /* from one run to the next in the storage */
  size_t offset_bytes; /* of the first run from the storage's base */
  size_t bytes;        /* nblocks * block_bytes */
} xmphc_face_shape_t;
/* Shape of the region [start, start + count) of C-order storage extent[0..rank) whose count
 * equals the extent in every dimension but dim: one run when it is contiguous, a stride
 * face when runs are one element, block-stride otherwise. Returns XMPHC_E_MISMATCH when the
 * region is not such a face. */
int xmphc_face_classify(int rank, const long *extent, size_t elem_size, int dim,
                        const long *start, const long *count, xmphc_face_shape_t *s);
const char *xmphc_face_kind_name(int kind);

/* ---- transports ---- */
/* One transfer of an exchange as a transport sees it. */
typedef struct xmphc_face {
  xmphc_face_desc_t desc;
  xmphc_face_shape_t shape;
  int slot;                    /* index in the exchange, 0..3 (the UCX flag slot) */
  int world_peer;              /* peer's rank in MPI_COMM_WORLD */
  void *tr[2];                 /* per-transport state (XMPHC_PATH_*) */
  /* The peer's setup message for the direct path (its transport's describe), for plan. */
  const unsigned char *peer_setup;
  size_t peer_setup_len;
} xmphc_face_t;

enum { XMPHC_PATH_MPI, XMPHC_PATH_DIRECT, XMPHC_NPATHS };
const char *xmphc_path_name(int path);

/* The exchange as transports see it. */
typedef struct xmphc_xinfo {
  MPI_Comm comm;
  const xmphc_storage_t *st;
  uint64_t epoch;  /* executions so far, the current one included (1-based) */
} xmphc_xinfo_t;

/* A transport: describe this end of a face to the peer (direct paths: addresses, keys;
 * *len = 0 when this end cannot take the path), plan a face (once, with the peer's
 * description when the transport has describe), start it, test it (done: delivered for a receiver, source
 * free or handed over for a sender), finish the execution (once per exchange after every
 * face is done), release. Every function returns a status. */
typedef struct xmphc_transport {
  const char *name;
  int (*describe)(const xmphc_xinfo_t *x, xmphc_face_t *f, unsigned char *buf, size_t cap,
                  size_t *len);
  int (*plan)(const xmphc_xinfo_t *x, xmphc_face_t *f);
  int (*start)(const xmphc_xinfo_t *x, xmphc_face_t *f);
  int (*test)(const xmphc_xinfo_t *x, xmphc_face_t *f, int *done);
  int (*finish)(const xmphc_xinfo_t *x);
  void (*release)(xmphc_face_t *f);
} xmphc_transport_t;

extern const xmphc_transport_t xmphc_transport_mpi;
extern const xmphc_transport_t xmphc_transport_ucx;

/* ---- ucx.c ---- */
/* Whether the array storage at p..p+bytes was mapped by UCX (the UCX transport can reach it
 * from peers), with its memory handle. */
int xmphc_ucx_storage_lookup(const void *p, size_t bytes, void **memh);
/* Whether the UCX layer runs (started by the first reachable storage). */
int xmphc_ucx_active(void);
/* Closes endpoints, unmaps what is left and stops UCP (at shutdown). */
void xmphc_ucx_stop(void);

/* ---- exchange setup messages (transport_ucx.c reads and writes its part) ---- */
#define XMPHC_SETUP_BYTES 3072

/* ---- report.c ---- */
/* Per face after a decision: the measured best time of each path (negative: not a
 * candidate) and the chosen one. Lines are gathered to rank 0 of comm and printed there;
 * collective over comm. */
typedef struct xmphc_report_face {
  int dim, up, from, to; /* up: the transfer goes towards higher coordinates */
  int kind;
  long nblocks;
  size_t block_bytes, bytes;
  double t[XMPHC_NPATHS];
  int chosen;
} xmphc_report_face_t;
void xmphc_report_decision(MPI_Comm comm, const char *name, const xmp_rt_srcloc_t *where,
                           const xmphc_report_face_t *faces, int nfaces, long execution);

/* ---- summary.c: XMP_COMM_REPORT=1's summary at the program's end ----
 * Per rank, one record per site: a halo exchange (array dimension of a reflect plan, host or
 * device copy) or a collective call site (kind, host or device buffers, nodes, directive).
 * It counts executions and their time here, and per path the faces (exchanges), steps
 * (collectives' steps: one send and/or receive with one peer) or whole calls that took it,
 * with their time. Records are made only while XMP_COMM_REPORT=1 (the hooks below do
 * nothing else); plain counters, nothing is exchanged before xmphc_sum_report. */
enum {
  XMPHC_SUM_HALO,          /* an exchange step of a reflect */
  XMPHC_SUM_BCAST,         /* xmphc_bcast */
  XMPHC_SUM_ALLREDUCE,     /* xmphc_allreduce */
  XMPHC_SUM_ALLREDUCE_LOC, /* xmphc_allreduce_loc */
  XMPHC_SUM_ALLREDUCE_FN,  /* xmphc_allreduce_fn */
  XMPHC_SUM_ALLGATHER,     /* xmphc_allgather_run */
  XMPHC_SUM_NKINDS
};
enum {
  XMPHC_SUM_MPI,        /* MPI point to point: faces, steps (device data through pinned memory) */
  XMPHC_SUM_UCX,        /* UCX RMA over shared memory: host faces, host collectives' steps */
  XMPHC_SUM_IPC,        /* CUDA IPC by the copy engines: device faces and steps */
  XMPHC_SUM_IPC_KERNEL, /* CUDA IPC by a kernel's stores: device faces */
  XMPHC_SUM_MPI_COLL,   /* MPI's own collective on the whole call */
  XMPHC_SUM_ONESHOT,    /* device one-shot allreduce, whole call (CUDA IPC) */
  XMPHC_SUM_SIGNAL,     /* device signalled kernel, whole call (CUDA IPC) */
  XMPHC_SUM_NPATHS
};
enum { XMPHC_SUM_LINE = 1000 }; /* bytes of a summary line at most (with its NUL) */
typedef struct xmphc_sum {
  struct xmphc_sum *next;
  int kind, device, nodes; /* XMPHC_SUM_*, device buffers or copy, size of the communicator */
  xmp_rt_srcloc_t where;   /* strings not copied: the directives' static ones */
  char what[96];           /* halo: "array 'u' dimension 0"; collectives: "" */
  long calls;              /* executions */
  double time;             /* their total time here, seconds */
  double bytes;            /* their total bytes (halo: faces sent and received) */
  long n[XMPHC_SUM_NPATHS]; /* faces, steps or calls per path */
  double t[XMPHC_SUM_NPATHS];
} xmphc_sum_t;
/* Records in order of creation; last: the latest found, tried first. */
typedef struct xmphc_sum_list {
  xmphc_sum_t *head, *tail, *last;
} xmphc_sum_list_t;
const char *xmphc_sum_kind_name(int kind);
const char *xmphc_sum_path_name(int path);
/* Pure, for tests: the record of a site in l, made (zero counts) on first use; XMPHC_E_NOMEM. */
int xmphc_sum_find(xmphc_sum_list_t *l, int kind, int device, int nodes,
                   const xmp_rt_srcloc_t *where, const char *what, xmphc_sum_t **out);
/* One execution of t seconds moving bytes; one use of path (XMPHC_SUM_*) of t seconds. */
void xmphc_sum_call(xmphc_sum_t *s, double t, size_t bytes);
void xmphc_sum_path(xmphc_sum_t *s, int path, double t);
void xmphc_sum_list_free(xmphc_sum_list_t *l);
/* The record's line for rank (no "xmpcc runtime: " prefix, no newline) in buf[0..cap):
 * XMPHC_OK, or XMPHC_E_TRUNCATED with as much as fits. */
int xmphc_sum_format(const xmphc_sum_t *s, int rank, char *buf, size_t cap);
/* The lines of l's records that ran (calls > 0) for rank, each ending in a newline (one line
 * saying so when there is none), in *text (malloc'd, NUL-terminated, *len bytes without the
 * NUL); XMPHC_E_TRUNCATED when a line was cut at XMPHC_SUM_LINE, XMPHC_E_NOMEM. */
int xmphc_sum_text(const xmphc_sum_list_t *l, int rank, char **text, size_t *len);

/* The process's records. Exchanges: their record (NULL when the report is off), made at
 * creation. */
xmphc_sum_t *xmphc_sum_site(int kind, int device, MPI_Comm comm, const xmp_rt_srcloc_t *where,
                            const char *what);
/* Collectives: a public entry begins (NULL: the report is off, or a collective is in progress
 * and this one counts towards it) and ends; st XMPHC_E_UNSUPPORTED: not counted (the caller
 * runs MPI's collective). In between, xmphc_sum_step (coll.c, per step: path XMPHC_PATH_*
 * of host or device data, begun at t0) and xmphc_sum_whole (a whole-call path, begun at t0,
 * from xmphc_sum_now: 0 without a record, so that no clock is read) count towards it. */
xmphc_sum_t *xmphc_sum_begin(int kind, int device, MPI_Comm comm, const xmp_rt_srcloc_t *where,
                             double *t0);
void xmphc_sum_end(xmphc_sum_t *s, double t0, size_t bytes, int st);
double xmphc_sum_now(void);
void xmphc_sum_whole(int path, double t0);
void xmphc_sum_step(int device, int path, double t0);
/* The records so far (tests). */
const xmphc_sum_list_t *xmphc_sum_records(void);
/* Collective over MPI_COMM_WORLD (xmphc_shutdown): every rank's lines to rank 0, printed there
 * in rank order after one line saying what they hold; frees the records. */
void xmphc_sum_report(void);

/* ---- choice.c: what every measured choice shares (pure) ---- */
/* The clock of a choice's measuring windows: executions counted, the current window's first
 * execution (-1: none), the execution of the last decision (-1: none yet). */
typedef struct xmphc_window {
  long execs;
  long start;
  long decided_at;
} xmphc_window_t;
/* A clock whose first window starts at the first execution (start_now) or waits for
 * xmphc_window_open, which starts it at the next execution unless one ran or runs. */
void xmphc_window_init(xmphc_window_t *w, int start_now);
void xmphc_window_open(xmphc_window_t *w);
/* Counts an execution and returns its index in the current window (-1: none); a recheck
 * window starts at the first execution `recheck` or more after the last decision, and then
 * *fresh is set (the caller forgets the previous window's times). The caller ends a window
 * with xmphc_window_decided at its last execution. */
long xmphc_window_tick(xmphc_window_t *w, long recheck, int *fresh);
/* The index in the current window of the execution last counted (-1: none). */
long xmphc_window_index(const xmphc_window_t *w);
/* Windows at fixed executions, for choices whose ends must agree without a message: the index
 * of execution e (0-based) in the window of `window` executions that starts every `period`,
 * or -1 outside one. */
long xmphc_window_fixed(long e, long window, long period);
/* The execution last counted decided: the window is over. */
void xmphc_window_decided(xmphc_window_t *w);
/* Keeps in best[path] the shortest time t seen (best[path] < 0: none yet). */
void xmphc_keep_shortest(double *best, int path, double t);
/* Of t[0..n) (< 0: not measured), the smallest among the candidates of mask, ties to the
 * lower index; -1 when none is measured. */
int xmphc_fastest(const double *t, unsigned mask, int n);

/* ---- choice_pairs.c: the measured choice of device halo faces (pure) ----
 * Paths of a device face: MPI through pinned host memory, the sender's copy engines into the
 * receiver's shadow through CUDA IPC ("direct"), or a kernel of the sender storing into it. */
enum { XMPHC_DEV_MPI, XMPHC_DEV_DIRECT, XMPHC_DEV_KERNEL, XMPHC_DEV_NPATHS };
enum {
  XMPHC_DEV_REPS = 2, /* timed executions per path in a window */
  /* a window: one untimed round (each path's first use pays one-time costs: the IPC mapping,
   * the kernel's module load), then XMPHC_DEV_REPS timed rounds */
  XMPHC_DEV_WINDOW = XMPHC_DEV_NPATHS * (1 + XMPHC_DEV_REPS),
  XMPHC_DEV_RECHECK = 1000 /* a window starts every XMPHC_DEV_RECHECK executions */
};
/* What execution e (0-based) of a device exchange under XMP_COMM=auto does: in the first
 * XMPHC_DEV_WINDOW of every XMPHC_DEV_RECHECK executions (xmphc_window_fixed), a window. */
typedef struct xmphc_dev_step {
  int path;   /* XMPHC_DEV_*: the path every receiver asks for; -1: the chosen one */
  int timed;  /* the execution's times count */
  int sync;   /* the two ends of every face meet before the clock starts, so that a time
                 does not include how late the other end came (what ran before: another
                 exchange's path, the program's work) */
  int decide; /* the window ends here: the ends of each pair swap their times and choose */
} xmphc_dev_step_t;
/* kernel_ok: the kernel is a candidate (the receiver's copy in a GPU, the kernel library
 * loads); else its turns ask for the copy engines. Every end of every face follows the same
 * schedule, since all count executions alike. */
xmphc_dev_step_t xmphc_dev_schedule(long e, int kernel_ok);
/* Folds the best times of one face that this end received from a peer into acc (start with
 * every acc[p] = 0: no face): acc[p] = the larger time, < 0 once a face lacks path p. */
void xmphc_dev_fold(double *acc, const double *best);
/* The path of every face between two ends (both directions), from each end's folded times of
 * the faces it received from the other: per path the larger of the two (the pair's exchange
 * lasts as long as its slower end; < 0 where either end lacks it) into joint, then the
 * smallest (ties to the lower path, MPI first; none measured: MPI). The same function of the
 * same numbers at both ends, so they agree without a further message. */
int xmphc_dev_choose(const double *mine, const double *peer, double *joint);
/* The paths a recheck window leaves out, as a bit mask: those whose joint time at the last
 * decision was over XMPHC_DEV_PRUNE times the chosen path's (at 16 MiB the MPI path took 80
 * times the copy engines' on 2 x H100: measuring it again every 1000 executions would cost a
 * quarter of the exchanges' time). Unmeasured paths are kept, so a path left out of one
 * recheck is measured at the next. Both ends prune from the same joint times. */
enum { XMPHC_DEV_PRUNE = 2 };
unsigned xmphc_dev_prune(const double *joint, int chosen);
/* The path a receiver asks for: the window's (step->path) unless the face's recheck leaves
 * it out (skip), else the chosen one. */
int xmphc_dev_ask(const xmphc_dev_step_t *step, unsigned skip, int chosen);

/* ---- choice_blocks.c: the measured choice of a device collective's algorithm ---- */
/* A window runs each candidate in a block of consecutive executions: XMPHC_ALGO_SKIP untimed
 * (the switch from the previous algorithm, first uses), then XMPHC_ALGO_REPS timed, of which
 * each rank keeps the median. Consecutive, because a block measures what a program calling
 * the collective again and again gets: on 4 x H100 the host-staged bcast took 20 us a call
 * when the window alternated algorithms, 10 us back to back (the root runs ahead through
 * MPI's eager sends), and the signalled kernel 20 us either way; alternating, the window
 * took the kernel at half the speed. */
enum {
  XMPHC_ALGO_MAX = 8,
  XMPHC_ALGO_SKIP = 1,
  XMPHC_ALGO_REPS = 3,
  XMPHC_ALGO_BLOCK = XMPHC_ALGO_SKIP + XMPHC_ALGO_REPS,
  XMPHC_ALGO_RECHECK = 1000
};
typedef struct xmphc_algo_choice {
  xmphc_window_t w;
  double samples[XMPHC_ALGO_MAX][XMPHC_ALGO_REPS]; /* this rank's timed executions ... */
  int nsamples[XMPHC_ALGO_MAX];                    /* ... in the current window */
  double best[XMPHC_ALGO_MAX];    /* this rank's median per algorithm in the window, -1: none */
  double decided[XMPHC_ALGO_MAX]; /* the times the last decision compared, -1: none */
  int chosen;                     /* -1 before the first decision */
} xmphc_algo_choice_t;
/* A fresh choice whose first window starts at its first execution (start_now) or when
 * xmphc_algo_start says so (until then: the first candidate, unmeasured). */
void xmphc_algo_init(xmphc_algo_choice_t *ch, int start_now);
/* Starts the first window at the next execution, unless one ran or runs already. */
void xmphc_algo_start(xmphc_algo_choice_t *ch);
/* The algorithm of the next execution among the candidates of mask (bit a: algorithm a; the
 * same on every rank; algorithm 0 the host-staged one): under XMP_COMM=mpi (comm, an
 * XMPHC_COMM_*) 0, under direct the highest candidate; else the window's turn (*measure
 * set: time it) or the choice, where that is no candidate of this call the candidate with the
 * smallest decided time (none: the lowest). */
int xmphc_algo_pick(xmphc_algo_choice_t *ch, unsigned mask, int comm, int *measure);
/* Keeps time t of a measured execution of algorithm a (best[a]: the median so far); returns
 * 1 when the window ends with it: every rank then takes the slowest rank's best times and
 * calls xmphc_algo_decide. */
int xmphc_algo_record(xmphc_algo_choice_t *ch, unsigned mask, int a, double t);
/* xmphc_algo_record, and at the window's end the decision on the slowest rank's times over
 * comm (every rank calls it at the same execution; worst: those times, XMPHC_ALGO_MAX of
 * them). Returns 1 when the decision changed the choice (a report is due). */
int xmphc_algo_measured(xmphc_algo_choice_t *ch, unsigned mask, int a, double t, MPI_Comm comm,
                        double *worst);
/* Chooses the candidate of mask with the smallest time in worst (< 0: not measured; ties to
 * the lower algorithm); returns the one chosen before (-1: none). */
int xmphc_algo_decide(xmphc_algo_choice_t *ch, unsigned mask, const double *worst);

/* ---- reduce_ops.c ---- */
/* Types of the collectives: enum xmp_rt_type (complex types included). */
#define XMPHC_NTYPES (XMP_RT_LDCOMPLEX + 1)
/* xmphc_reduce_op (xmphc.h). */

/* ---- coll_ucx.c: the collectives' direct path ----
 * Each rank maps one mailbox of nslots slots of cap bytes, a "data" flag per slot (the epoch
 * of the last message into the slot) and a "ready" flag per slot and possible receiver (the
 * epoch for which that receiver may take this rank's message in the slot). Per step and
 * epoch: the receiver puts the epoch into its ready flag of the slot at the sender; the sender
 * waits for it, puts its bytes into the receiver's slot, fences and puts the epoch into the
 * receiver's data flag; the receiver waits for that flag and reads the slot. */
typedef struct xmphc_mbox xmphc_mbox_t;
/* Collective over comm (members' world ranks in world[]): maps this rank's mailbox when
 * direct is set and UCX runs, and swaps keys with every domain peer. Ranks that could not map
 * one take part all the same; xmphc_mbox_peer_ok says which pairs can use the path. */
int xmphc_mbox_create(MPI_Comm comm, const int *world, int direct, int nslots, size_t cap,
                      xmphc_mbox_t **out);
void xmphc_mbox_free(xmphc_mbox_t *m);
int xmphc_mbox_peer_ok(const xmphc_mbox_t *m, int rank);
size_t xmphc_mbox_cap(const xmphc_mbox_t *m);
/* This rank's slot (to read a message from). */
const void *xmphc_mbox_slot(const xmphc_mbox_t *m, int slot);
/* Receiver: tells rank `from` that slot may take epoch's message. */
int xmphc_mbox_ready(xmphc_mbox_t *m, int from, int slot, uint64_t epoch);
/* Sender: waits for `to`'s ready, then puts bytes at data into its slot and raises its data
 * flag to epoch. data must stay unchanged only until the call returns. */
int xmphc_mbox_send(xmphc_mbox_t *m, int to, int slot, uint64_t epoch, const void *data,
                    size_t bytes);
/* Receiver: waits until slot holds epoch's message. */
int xmphc_mbox_wait(xmphc_mbox_t *m, int slot, uint64_t epoch);

#endif /* XMPHC_INTERNAL_H */
