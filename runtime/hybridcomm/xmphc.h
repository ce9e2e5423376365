/* xmphc.h - the hybrid communication layer as the rest of libxmp sees it.
 *
 * A halo *exchange* is one step of a reflect plan: the faces one node sends to and receives
 * from its neighbours along one array dimension. Each transfer (array, dimension, direction)
 * runs over one of the transports of this layer (MPI; UCX RMA into the neighbour's storage
 * when both share a direct-link domain; CUDA IPC for device data), chosen per transfer by
 * measuring the candidates on that very face during the first executions (XMP_COMM forces a
 * path). Files of the layer (one concept each):
 *   config.c          XMP_COMM, XMP_COMM_REPORT, XMP_SUBCLUSTER_SIZE, read once
 *   topology.c        node-local ranks, direct-link domains, virtual subclusters
 *   face.c            face shapes: contiguous / block-stride / stride (pure arithmetic)
 *   transport_mpi.c   persistent MPI requests over the faces' derived datatypes
 *   ucx.c             the UCP context and worker, endpoints, RMA-capable array storage
 *   transport_ucx.c   RMA puts into the neighbour's shadow, epoch flags
 *   exchange.c        faces of one step, candidate paths, measured choice, polling loop
 *   report.c          XMP_COMM_REPORT lines of the halo exchanges' decisions
 *   summary.c         XMP_COMM_REPORT's summary at the end: per rank, exchange and
 *                     collective site, the executions and the paths they took, timed
 *   reduce_ops.c      reduction operators per (XMP operator, C type), value/rank pairs
 *   coll.c            collectives' context per communicator, steps, measured choice
 *   coll_algo.c       binomial bcast, recursive-doubling allgather and allreduce
 *   coll_ucx.c        the collectives' direct path: UCX mailboxes in the peers' memory
 *   device_exchange.c faces of device copies: MPI via host buffers or CUDA IPC (the copies
 *                     themselves: starpu/gpu_faces.c), measured */
#ifndef XMPHC_H
#define XMPHC_H

#include <stddef.h>

#include <mpi.h>

#include "xmp_dev.h"
#include "xmp_rt.h"

/* Status codes of the layer's functions; XMPHC_OK is 0. */
enum xmphc_status {
  XMPHC_OK = 0,
  XMPHC_E_NOMEM,
  XMPHC_E_UCX,        /* a UCP call failed */
  XMPHC_E_MISMATCH,   /* the two ends of a transfer describe different faces */
  XMPHC_E_SETUP,      /* a setup message does not fit */
  XMPHC_E_UNSUPPORTED, /* not handled by the layer (yet): the caller uses MPI's collective */
  XMPHC_E_TRUNCATED,   /* a report line is longer than its buffer */
  XMPHC_E_SETTING,     /* a bad XMP_* value (every rank reads the same environment) */
  XMPHC_E_CUDA,        /* a CUDA kernel of the layer failed to launch */
  XMPHC_E_TOO_LARGE,   /* a face larger than one MPI message */
  XMPHC_E_INTERNAL     /* the layer was used against its contract */
};
const char *xmphc_status_str(int status);
/* What went wrong, for the entry point's report: the layer's own message of its last failure
 * where that failure was status (it names the array, the face, the variable...), else
 * xmphc_status_str(status). */
const char *xmphc_error_message(int status);
/* Whether every rank of the call finds the failure (XMPHC_E_SETTING): a collective error. */
int xmphc_error_collective(int status);

/* Reads the configuration and builds the topology; collective over MPI_COMM_WORLD (called
 * by xmp_rt_init right after MPI_Init). XMPHC_E_SETTING for a bad setting (the message names
 * it), XMPHC_E_NOMEM. */
int xmphc_init(void);
/* Releases the layer's resources (endpoints, UCP); after every array is freed. */
void xmphc_shutdown(void);

/* Local storage of a distributed array: zero-filled bytes that direct transports can reach
 * from other processes where possible (UCX-mapped shared memory), else plain calloc memory.
 * direct != 0 asks for reachable memory (arrays with shadows); 0 gives calloc memory. NULL
 * when out of memory. xmphc_storage_free accepts both kinds (and NULL). */
void *xmphc_storage_alloc(size_t bytes, int direct);
void xmphc_storage_free(void *p);

/* One face of an exchange, as reflect.c describes it. Both ends of a transfer give the same
 * tag (distinct per transfer between one pair of nodes within the exchange). */
typedef struct xmphc_face_desc {
  int send;                       /* 1: my region -> peer's shadow; 0: peer -> my shadow */
  int peer;                       /* rank in the exchange's communicator */
  int tag;
  int up;                         /* the transfer goes towards higher node coordinates */
  MPI_Datatype type;              /* the region over the storage; the exchange frees it */
  long start[XMP_RT_MAX_DIMS];    /* the region: [start, start + count) per dimension */
  long count[XMP_RT_MAX_DIMS];
} xmphc_face_desc_t;

/* The local storage the faces lie in (C order). */
typedef struct xmphc_storage {
  void *base;
  int rank;
  long extent[XMP_RT_MAX_DIMS];
  size_t elem_size;
} xmphc_storage_t;

typedef struct xmphc_exchange xmphc_exchange_t;

/* Builds the exchange of faces[0..nfaces) along dimension dim (nfaces <= 4); collective
 * over comm (every member calls it, with or without faces). name and where are kept for
 * messages and the report (where must outlive the exchange). */
int xmphc_exchange_create(MPI_Comm comm, const xmphc_storage_t *st, int dim,
                          const xmphc_face_desc_t *faces, int nfaces, const char *name,
                          const xmp_rt_srcloc_t *where, xmphc_exchange_t **out);
/* Starts one execution; xmphc_exchange_wait completes it (every face delivered, every
 * source region free to change). Collective over comm, in the same order everywhere. */
int xmphc_exchange_start(xmphc_exchange_t *x);
int xmphc_exchange_wait(xmphc_exchange_t *x);
void xmphc_exchange_free(xmphc_exchange_t *x);

/* ---- reduction operators (reduce_ops.c) ----
 * The identity of XMP operator op (enum xmp_rt_reduce_op) on C type (enum xmp_rt_type), one
 * element at out (for firstmax ... that of max or min). xmphc_reduce_loc_later says
 * whether value `later` wins over `earlier` under a location operator (firstmax: greater,
 * lastmax: greater or equal; min alike). XMPHC_E_UNSUPPORTED where op does not apply. */
int xmphc_reduce_identity(int op, int type, void *out);
int xmphc_reduce_loc_later(int op, int type, const void *earlier, const void *later, int *wins);

/* ---- device faces: one step of a `reflect ... acc` plan (device_exchange.c) ----
 * The faces of a replicated array's current copy along one dimension: over MPI (copies to
 * and from a pinned host buffer) or, between processes of one direct-link domain whose copies
 * are in GPUs that reach each other, written by the sender's copy engines straight into the
 * receiver's shadow through CUDA IPC (by the copy engines or a kernel's stores); the ends of
 * each pair measure the paths during the first executions and take the same one for both
 * directions (XMP_COMM forces it). Collective over comm like the exchange. */
typedef struct xmphc_dev_exchange xmphc_dev_exchange_t;
int xmphc_dev_exchange_create(MPI_Comm comm, int rank, const long *extent, size_t elem,
                              int dim, const xmphc_face_desc_t *faces, int nfaces,
                              const char *name, const xmp_rt_srcloc_t *where,
                              xmphc_dev_exchange_t **out);
/* One execution on d; v: d's copy held in a GPU (xmp_dev_gpu_acquire), or NULL when the
 * current copy is the host's. */
int xmphc_dev_exchange_run(xmphc_dev_exchange_t *x, xmp_dev_data_t *d,
                           const xmp_dev_gpu_view_t *v);
/* An execution split in two (XMP_DEV_OVERLAP: the next device loop's iterations that read no
 * arriving row run in between). start issues the faces; with may_leave (XMPHC_LEAVE_ANY, or
 * XMPHC_LEAVE_HOST: only where this end's host completes one of them, over MPI, from the
 * host's copy or by XMP_HALO_SYNC=host; faces ordered on the streams leave nothing to hide),
 * where nothing times this execution (the paths' and orders' measuring windows,
 * XMP_COMM_REPORT), it returns before the last faces (those of the second phase where
 * phased) arrive, with d and their shadow rows in *arriving (xmp_dev_overlap_t's data, dim,
 * lo_end, hi_begin; the caller sets its finish), and xmphc_dev_exchange_finish completes them
 * (on the same view, whose hold the caller keeps); else it completes them and finish does
 * nothing. _run is start without leaving. The ends of a pair need not agree on leaving: the
 * finish posts nothing a peer's start waits for. */
enum { XMPHC_LEAVE_NO, XMPHC_LEAVE_HOST, XMPHC_LEAVE_ANY };
int xmphc_dev_exchange_start(xmphc_dev_exchange_t *x, xmp_dev_data_t *d,
                             const xmp_dev_gpu_view_t *v, int may_leave,
                             xmp_dev_overlap_t *arriving);
int xmphc_dev_exchange_finish(xmphc_dev_exchange_t *x);
/* Whether an execution of x was left by start and not finished yet. */
int xmphc_dev_exchange_left(const xmphc_dev_exchange_t *x);
void xmphc_dev_exchange_free(xmphc_dev_exchange_t *x);

/* ---- collectives (thesis 6.1.2, 6.2.4-6.2.6) ----
 * Each is collective over comm (every member calls it, in the same order, with the same
 * count / type / op / root) and is split into steps between two ranks; each step goes over
 * MPI or, when both ranks share a direct-link domain, over the direct path, chosen per step
 * by measurement (see README.md). buffers: where the data lies (XMPHC_LOC_*); device
 * buffers are not handled yet (XMPHC_E_UNSUPPORTED: the caller stages or uses MPI).
 * where: the directive, for the XMP_COMM_REPORT summary (NULL: none); a collective called
 * inside another one (host-staged device algorithms) counts towards the outer one. */
enum xmphc_loc { XMPHC_LOC_HOST, XMPHC_LOC_DEVICE };

/* Broadcast of count elements of type at buf from rank root (binomial tree). */
int xmphc_bcast(MPI_Comm comm, void *buf, int count, MPI_Datatype type, int root, int loc,
                const xmp_rt_srcloc_t *where);
/* In-place allreduce of count elements of type (enum xmp_rt_type) with op (enum
 * xmp_rt_reduce_op up to XMP_RT_OP_MINUS) by recursive doubling. */
int xmphc_allreduce(MPI_Comm comm, void *buf, int count, int type, int op, int loc,
                    const xmp_rt_srcloc_t *where);
/* firstmax / firstmin / lastmax / lastmin of the scalar at value: value becomes the extreme
 * and *holder the rank in comm of the node whose location variables go with it. */
int xmphc_allreduce_loc(MPI_Comm comm, void *value, int type, int op, int *holder, int loc,
                        const xmp_rt_srcloc_t *where);
/* A reduction function: dst[i] = a[i] op b[i] for i < n, a holding the lower ranks' part. */
typedef void (*xmphc_reduce_fn_t)(void *dst, const void *a, const void *b, size_t n);
/* The operator (enum xmp_rt_reduce_op) on a type (enum xmp_rt_type) as a function, dst may be
 * a or b (reduce_ops.c): */
typedef struct xmphc_reduce_op {
  xmphc_reduce_fn_t fn;
  size_t elem_size;   /* bytes per element the function steps over */
  size_t value_size;  /* bytes of the C value (elem_size, or less for a pair) */
  int pair;           /* location operators: elements are (value, int rank) pairs */
  size_t rank_offset; /* of the rank in a pair */
} xmphc_reduce_op_t;
/* The operator for (op, type); XMPHC_E_UNSUPPORTED where it does not apply. */
int xmphc_reduce_op(int op, int type, xmphc_reduce_op_t *r);
/* In-place allreduce of one element of elem_size bytes at buf by fn, for reductions outside
 * the operator table (fn must be associative; every rank computes the same bytes). */
int xmphc_allreduce_fn(MPI_Comm comm, void *buf, size_t elem_size, xmphc_reduce_fn_t fn,
                       int loc, const xmp_rt_srcloc_t *where);

/* An allgather whose blocks are regions of one buffer: blocks[r] is rank r's block as a
 * datatype over base (count 1; MPI_DATATYPE_NULL: empty), the same array on every rank; the
 * regions must not overlap and every rank's block must lie in the buffer. The plan keeps
 * copies of what it needs (the caller may free blocks' types after creation). where must
 * outlive the plan; comm must outlive its runs. */
typedef struct xmphc_allgather xmphc_allgather_t;
int xmphc_allgather_create(MPI_Comm comm, void *base, const MPI_Datatype *blocks, int loc,
                           const xmp_rt_srcloc_t *where, xmphc_allgather_t **plan);
/* One execution: every rank's block lands in every rank's buffer (recursive doubling). */
int xmphc_allgather_run(xmphc_allgather_t *plan);
void xmphc_allgather_free(xmphc_allgather_t *plan);

/* Frees every collective context still alive (at shutdown, before UCX stops). */
void xmphc_coll_shutdown(void);

#endif /* XMPHC_H */
