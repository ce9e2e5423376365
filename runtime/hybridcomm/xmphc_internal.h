/* xmphc_internal.h - types and functions shared between the files of the hybrid
 * communication layer (runtime/hybridcomm/, see xmphc.h for the list). */
#ifndef XMPHC_INTERNAL_H
#define XMPHC_INTERNAL_H

#include <stdint.h>

#include "xmphc.h"
#include "xmpi_internal.h"

/* Status codes of the layer's functions; XMPHC_OK is 0. */
enum xmphc_status {
  XMPHC_OK = 0,
  XMPHC_E_NOMEM,
  XMPHC_E_UCX,       /* a UCP call failed */
  XMPHC_E_MISMATCH,  /* the two ends of a transfer describe different faces */
  XMPHC_E_SETUP      /* a setup message does not fit */
};
const char *xmphc_status_str(int status);

/* ---- config.c ---- */
enum { XMPHC_COMM_AUTO, XMPHC_COMM_DIRECT, XMPHC_COMM_MPI };
typedef struct xmphc_config {
  int comm;            /* XMP_COMM */
  int report;          /* XMP_COMM_REPORT: 0 or 1 */
  int subcluster_size; /* XMP_SUBCLUSTER_SIZE: ranks per direct-link domain; 0: whole host */
} xmphc_config_t;
/* Parses the settings from getenv-like lookup; returns XMPHC_OK or, for a bad value, the
 * name of the variable in *bad_name and a message in msg (pure, for tests). */
int xmphc_config_parse(const char *(*lookup)(const char *name), xmphc_config_t *cfg,
                       const char **bad_name, char *msg, size_t cap);
/* The settings read by xmphc_init. */
const xmphc_config_t *xmphc_config(void);
const char *xmphc_comm_name(int comm);
/* Reads the settings from the environment (collective error for a bad value). */
void xmphc_config_read(void);

/* ---- topology.c ---- */
/* Domain of node-local rank local_rank among node_size ranks of one host with subclusters
 * of size sub (0: the whole host): the index of its subcluster (pure, for tests). */
int xmphc_subcluster_of(int local_rank, int node_size, int sub);
/* Built by xmphc_init: every world rank's host (the lowest world rank on it) and subcluster. */
int xmphc_topology_build(int subcluster_size);
void xmphc_topology_free(void);
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

#endif /* XMPHC_INTERNAL_H */
