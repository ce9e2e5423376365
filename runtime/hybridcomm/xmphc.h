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
 *   report.c          XMP_COMM_REPORT lines
 *   cuda_ipc.cu       CUDA IPC transport for device data (built when CUDA is found) */
#ifndef XMPHC_H
#define XMPHC_H

#include <stddef.h>

#include <mpi.h>

#include "xmp_rt.h"

/* Reads the configuration and builds the topology; collective over MPI_COMM_WORLD (called
 * by xmp_rt_init right after MPI_Init). A bad setting is a collective error naming it. */
void xmphc_init(void);
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
xmphc_exchange_t *xmphc_exchange_create(MPI_Comm comm, const xmphc_storage_t *st, int dim,
                                        const xmphc_face_desc_t *faces, int nfaces,
                                        const char *name, const xmp_rt_srcloc_t *where);
/* Starts one execution; xmphc_exchange_wait completes it (every face delivered, every
 * source region free to change). Collective over comm, in the same order everywhere. */
void xmphc_exchange_start(xmphc_exchange_t *x);
void xmphc_exchange_wait(xmphc_exchange_t *x);
void xmphc_exchange_free(xmphc_exchange_t *x);

#endif /* XMPHC_H */
