/* xmphc_coll.h - the collectives' engine (coll.c) as their algorithms (coll_algo.c) use it.
 *
 * A collective runs as numbered steps ("slots"); in each, a rank sends one region to one
 * rank and/or receives one region from one rank. The path of a step (MPI or the direct
 * mailbox of coll_ucx.c) is a function of the slot and the execution, the same on every rank
 * (measured choice, see coll.c), taken where the pair can use it. */
#ifndef XMPHC_COLL_H
#define XMPHC_COLL_H

#include "xmphc_internal.h"

enum {
  XMPHC_COLL_BCAST,
  XMPHC_COLL_ALLGATHER,
  XMPHC_COLL_ALLREDUCE,
  /* the steps of device collectives (coll_device.c): direct = CUDA IPC, no mailbox */
  XMPHC_COLL_DEV_BCAST,
  XMPHC_COLL_DEV_ALLGATHER,
  XMPHC_COLL_DEV_ALLREDUCE,
  XMPHC_COLL_NKINDS
};
/* Slots of one collective: a fold-in step, up to 32 doubling / tree steps, a fold-out step. */
#define XMPHC_COLL_MAXSLOTS 34

typedef struct xmphc_coll xmphc_coll_t;

/* A region of a step: bytes at base, or (type != MPI_DATATYPE_NULL) one element of type
 * over base, whose data spans [base + lb, base + lb + bytes) when contiguous. */
typedef struct xmphc_region {
  void *base;
  MPI_Datatype type;
  size_t bytes;
  MPI_Aint lb;
  int contiguous;
} xmphc_region_t;
/* The region of type over base (MPI_DATATYPE_NULL: empty). */
/* Returns the status of call from the enclosing function when it is not 0. */
#define TRY(call)                                                                          \
  do {                                                                                     \
    int try_st_ = (call);                                                                  \
    if (try_st_)                                                                           \
      return try_st_;                                                                      \
  } while (0)

/* Size class of a message: its bit length (0 for 0 bytes); measured choices are kept per class. */
int xmphc_size_bucket(size_t bytes);

xmphc_region_t xmphc_region_of_type(void *base, MPI_Datatype type);
xmphc_region_t xmphc_region_of_bytes(void *base, size_t bytes);

/* One execution of a collective. */
typedef struct xmphc_run {
  xmphc_coll_t *c;
  int rank, size; /* in the collective's communicator */
  int kind;
  struct xmphc_choice *ch;
  int mode[XMPHC_COLL_MAXSLOTS]; /* XMPHC_PATH_* this execution asks of each slot */
  uint64_t epoch;
  size_t bytes, slot_bytes;
} xmphc_run_t;

/* The context of comm (created on first use, collective; freed with comm). */
int xmphc_coll_get(MPI_Comm comm, xmphc_coll_t **c);
/* Starts an execution of a collective of `kind` moving `bytes` in all, whose largest step
 * moves slot_bytes (collective: may remap the mailboxes). */
int xmphc_run_begin(xmphc_coll_t *c, int kind, size_t bytes, size_t slot_bytes,
                    xmphc_run_t *run);
/* One step in slot `slot`: send (to >= 0) and receive (from >= 0). A receive region with
 * base NULL is not stored: *got points at its bytes until the next step of the collective. */
int xmphc_step(xmphc_run_t *run, int slot, int to, const xmphc_region_t *send, int from,
               const xmphc_region_t *recv, const void **got);
/* Ends the execution (measurement, and the decision at the end of a window). */
int xmphc_run_end(xmphc_run_t *run);
/* Notes that a step of slot, begun at MPI_Wtime() t0, just ended on path (measuring window). */
void xmphc_run_time(xmphc_run_t *run, int slot, int path, double t0);
/* Host data: whether this execution of a collective of `kind` moving `bytes` runs the layer's
 * steps (XMPHC_WHOLE_STEPS) or MPI's own collective on the whole call (XMPHC_WHOLE_MPI; only
 * where mpi_ok: MPI has it for the call's data). Measured like the device algorithms
 * (choice_blocks.c) once the steps' own window has chosen their paths, under XMP_COMM=auto only;
 * *measure: pass it with the execution's start to xmphc_whole_done. */
enum { XMPHC_WHOLE_STEPS, XMPHC_WHOLE_MPI };
int xmphc_whole_pick(xmphc_coll_t *c, int kind, size_t bytes, int mpi_ok, int *measure);
void xmphc_whole_done(xmphc_coll_t *c, int kind, size_t bytes, int mpi_ok, int a, int measure,
                      double t0);
/* The context's private communicator, and its device state (coll_device.c; NULL until the
 * first device collective, freed with the context by xmphc_dcoll_free). */
MPI_Comm xmphc_coll_comm(const xmphc_coll_t *c);
struct xmphc_dcoll **xmphc_coll_dev(xmphc_coll_t *c);
void xmphc_dcoll_free(struct xmphc_dcoll *d);

/* ---- device buffers (coll_device.c), called by coll_algo.c for XMPHC_LOC_DEVICE ---- */
/* c: comm's context (comm has more than one rank); the arguments as xmphc.h's. */
int xmphc_dev_bcast(xmphc_coll_t *c, MPI_Comm comm, void *buf, int count, MPI_Datatype type,
                    int root);
int xmphc_dev_allreduce(xmphc_coll_t *c, MPI_Comm comm, void *buf, size_t n, int type, int op);
/* bytes of device data at buf through host memory: copied there, host(copy, arg), copied
 * back (scalar reductions: location pairs, xmphc_allreduce_fn). */
int xmphc_dev_staged(void *buf, size_t bytes, int (*host)(void *copy, void *arg), void *arg);
typedef struct xmphc_dev_allgather xmphc_dev_allgather_t;
int xmphc_dev_allgather_create(xmphc_coll_t *c, MPI_Comm comm, void *base,
                               const MPI_Datatype *blocks, xmphc_dev_allgather_t **plan);
int xmphc_dev_allgather_run(xmphc_dev_allgather_t *plan);
void xmphc_dev_allgather_free(xmphc_dev_allgather_t *plan);

/* The allgather's steps for rank me of size (see coll_algo.c): per step emit(arg, slot, to,
 * blocks [slo, shi) but sskip sent, from, blocks [rlo, rhi) but rskip received); to / from
 * -1: no such part. Stops at the first non-zero status of emit. */
typedef int (*xmphc_gather_step_fn)(void *arg, int slot, int to, int slo, int shi, int sskip,
                                    int from, int rlo, int rhi, int rskip);
int xmphc_allgather_schedule(int size, int me, xmphc_gather_step_fn emit, void *arg);
/* MPI's own allgather (MPI_Allgatherv) of a host plan: XMPHC_E_UNSUPPORTED unless its blocks
 * are contiguous and the buffer's span fits an int (the device plan's MPI host-staged
 * algorithm runs its mirror's plan through it). */
int xmphc_allgather_run_mpi(xmphc_allgather_t *g);
int xmphc_allgather_mpi_ok(const xmphc_allgather_t *g);

/* Ranks of a recursive-doubling schedule over p ranks: q = the largest power of two <= p;
 * ranks below 2(p - q) pair up, the even one folding into the odd one. */
typedef struct xmphc_fold {
  int p, q, r;  /* r = p - q */
  int levels;   /* log2 q */
  int extra;    /* this rank folds into rank + 1 (takes no part in the doubling) */
  int virt;     /* virtual rank among q, or -1 for an extra rank */
} xmphc_fold_t;
xmphc_fold_t xmphc_fold(int p, int rank);
/* The rank of virtual rank v, and the first original rank whose data virtual v holds
 * (v == q gives p). */
int xmphc_fold_rank(const xmphc_fold_t *f, int v);
int xmphc_fold_first(const xmphc_fold_t *f, int v);

#endif /* XMPHC_COLL_H */
