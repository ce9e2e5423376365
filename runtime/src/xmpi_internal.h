/* xmpi_internal.h - libxmp's internal types and functions shared between its files. */
#ifndef XMPI_INTERNAL_H
#define XMPI_INTERNAL_H

#include <mpi.h>

#include "xmp_dev.h" /* xmpi_acc_copy_t */
#include "xmp_rt.h"
#include "xmpb.h"
#include "xmpi_exec.h" /* the executing node set: xmpb_exec_comm() */
#include "xmpi_halo.h"
#include "xmpi_index.h"

/* ---- comm_check.c ---- */
/* Reports a failure of the hybrid communication layer (an XMPHC_* status other than XMPHC_OK)
 * as "what: the layer's message" (what printf-style, or NULL) with the directive's line, and
 * ends the program: a collective error where every rank finds it (a bad setting), else this
 * rank's. */
void xmpi_comm_check(int status, const xmp_rt_srcloc_t *where, const char *what, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- registry.c: runtime objects still alive, destroyed at finalize ---- */
typedef struct xmpi_obj {
  struct xmpi_obj *prev, *next;
  void (*destroy)(struct xmpi_obj *self);
} xmpi_obj_t;
void xmpi_registry_add(xmpi_obj_t *o, void (*destroy)(xmpi_obj_t *self));
void xmpi_registry_remove(xmpi_obj_t *o);
/* Destroys all objects, newest first (arrays before their templates before their nodes). */
void xmpi_registry_destroy_all(void);

/* ---- init.c ---- */
/* Frees every runtime object and finalizes MPI; safe to call more than once. */
void xmpi_shutdown(void);

/* ---- nodes.c ---- */
struct xmp_rt_nodes {
  xmpi_obj_t obj; /* first: the registry casts back */
  int rank;
  int size[XMP_RT_MAX_DIMS];
  int coord[XMP_RT_MAX_DIMS];
  MPI_Comm comm;
  const char *name;
  xmp_rt_srcloc_t where;
  /* A subset (nodes_subset.c): the node array it selects from (NULL for the executing set)
   * and the selection per dimension of it, C order, 0-based, inclusive. */
  const struct xmp_rt_nodes *parent;
  int subset;
  long sel_lb[XMP_RT_MAX_DIMS], sel_ub[XMP_RT_MAX_DIMS], sel_st[XMP_RT_MAX_DIMS];
};

/* ---- template.c ---- */
struct xmp_rt_template {
  xmpi_obj_t obj;
  int rank;
  long lower[XMP_RT_MAX_DIMS], upper[XMP_RT_MAX_DIMS];
  int bounded;              /* 0 for a deferred shape (`t(:)`) until xmp_rt_template_fix */
  int fixed;                /* laid out: bounded and no gblock(*) left for template_fix */
  int distributed;          /* 0 until xmp_rt_template_distribute */
  xmp_rt_nodes_t *nodes;    /* set when distributed */
  int node_dim[XMP_RT_MAX_DIMS]; /* node dim of each template dim, -1 if not distributed */
  xmpi_dist_t dist[XMP_RT_MAX_DIMS];
  intptr_t param[XMP_RT_MAX_DIMS]; /* distribute's params, kept for template_fix */
  struct xmpi_span *spans; /* template_span.c: node sets of loops over some of its dims */
  const char *name;
  xmp_rt_srcloc_t where, dist_where; /* the declaration; the distribute */
};

/* Frees t's spans (template_span.c). */
void xmpi_template_spans_free(xmp_rt_template_t *t);

/* Fatal (naming `where`, or the template's declaration when NULL) when t has a deferred shape
 * not yet fixed by template_fix: its index space cannot be used. */
void xmpi_template_check_fixed(const xmp_rt_template_t *t, const xmp_rt_srcloc_t *where);

/* This node's coordinate along the node dimension template dim tdim is mapped to (0 when
 * tdim is not distributed, its dist then has one node). */
int xmpi_template_coord(const xmp_rt_template_t *t, int tdim);

/* ---- array_extern.c ---- */
/* Compares the mappings that files declaring an array `extern` recorded with the array
 * another file defined; fatal on a difference. After every file's initialisation. */
void xmpi_check_extern_arrays(void);

/* ---- array.c ---- */
struct xmpi_reflect_plan;
struct xmpi_reduce_shadow_plan;
typedef struct xmpi_window xmpi_window_t;

/* ---- rma.c: an MPI window over a process's own memory, in one passive-target epoch ---- */
typedef struct xmpi_rma {
  MPI_Win win;
  int nranks;
  char *targeted; /* per rank of the window's group: transfers issued, not yet flushed */
  int *list;      /* those ranks */
  int ntargets;
  int unified; /* MPI_WIN_MODEL is MPI_WIN_UNIFIED: the window is the memory itself */
} xmpi_rma_t;
/* Creates the window over base (bytes long) collectively over comm and opens its epoch; a
 * failure is an error naming `what` ("coarray 'a'"), with a hint. */
void xmpi_rma_open(xmpi_rma_t *r, void *base, size_t bytes, MPI_Comm comm, const char *what,
                   const xmp_rt_srcloc_t *where);
/* Notes that transfers were issued to rank. */
void xmpi_rma_note(xmpi_rma_t *r, int rank);
/* Completes the transfers issued to rank (nothing if none), or to every rank noted. */
void xmpi_rma_flush(xmpi_rma_t *r, int rank);
void xmpi_rma_flush_all(xmpi_rma_t *r);
/* Completes what is outstanding and frees the window (collectively). */
void xmpi_rma_close(xmpi_rma_t *r);

struct xmp_rt_array {
  xmpi_obj_t obj;
  int rank;
  long extent[XMP_RT_MAX_DIMS];
  size_t elem_size;
  int type; /* enum xmp_rt_type of the elements, -1 where unknown (xmp_rt_array_set_type) */
  xmp_rt_template_t *tmpl;
  int align_tdim[XMP_RT_MAX_DIMS];
  long align_offset[XMP_RT_MAX_DIMS];
  /* Declared shadow widths (shadow.c); a full ('*') dimension has shadow_full set and
   * widths 0. */
  long shadow_lo[XMP_RT_MAX_DIMS], shadow_hi[XMP_RT_MAX_DIMS];
  int shadow_full[XMP_RT_MAX_DIMS];
  /* Local storage, set by xmp_rt_array_allocate: element g at data position
   * sum (g[d] - base[d]) * stride[d] with strides from local_extent (C order). */
  void *data;
  int borrowed; /* data is another array's (xmp_rt_array_attach): not freed here */
  long base[XMP_RT_MAX_DIMS], local_extent[XMP_RT_MAX_DIMS];
  struct xmpi_reflect_plan *plans; /* reflect.c's cache */
  struct xmpi_reduce_shadow_plan *rs_plans; /* reduce_shadow.c's cache */
  xmpi_window_t *win; /* window.c: set by xmp_rt_array_expose */
  const char *name;
  xmp_rt_srcloc_t where;
};

/* The array an xmp_desc_of descriptor names, or NULL when it names none (inquiry.c). */
xmp_rt_array_t *xmpi_array_of_desc(void *d);

/* Owned global indices [*lo, *hi] of array dim d on the node with coordinate coord along
 * the node dimension d is distributed over (coord 0 for undistributed dims); empty when
 * *lo > *hi. XMPI_E_NOT_INTERVAL for block-cyclic. */
int xmpi_array_owned_range(const xmp_rt_array_t *a, int d, int coord, long *lo, long *hi);
/* The box of global indices, per dimension [lo[d], hi[d]], holding the elements this node
 * owns; a dimension whose owned indices are not one interval (block-cyclic) is stored whole
 * and given whole (its other elements are no one's to read). */
void xmpi_array_owned_box(const xmp_rt_array_t *a, long *lo, long *hi,
                          const xmp_rt_srcloc_t *where);
/* Number of nodes along the node dimension array dim d is distributed over (1 when none),
 * and this node's coordinate there. */
int xmpi_array_nprocs(const xmp_rt_array_t *a, int d);
int xmpi_array_coord(const xmp_rt_array_t *a, int d);

/* Layout of array dim d on the node with coordinate coord along its node dimension: element
 * g sits at local position g - *base of *local_extent positions (shadows included); a
 * block-cyclic dimension is stored whole. */
int xmpi_array_dim_layout(const xmp_rt_array_t *a, int d, int coord, long *base,
                          long *local_extent);

/* ---- window.c: one-sided access to an array's storage ---- */
/* The window of an exposed array and the rank in it of the node with row-major index node
 * of the array's node array (-1: that node did not take part in exposing it). */
MPI_Win xmpi_window_of(const xmp_rt_array_t *a, size_t node, int *rank);
/* Notes that transfers were issued to the rank (in the window's group) of a's window. */
void xmpi_window_target(xmp_rt_array_t *a, int rank);
/* Completes the transfers issued on a's window: now (async_id < 0) or at wait_async. */
void xmpi_window_complete(xmp_rt_array_t *a, int async_id);
/* Completes outstanding transfers and frees the window, if any. */
void xmpi_window_free(xmp_rt_array_t *a);

/* ---- reduce_shadow.c ---- */
void xmpi_reduce_shadow_free_plans(xmp_rt_array_t *a);

/* ---- reduce.c (shared with reduce_loc.c) ---- */
/* MPI datatype of an enum xmp_rt_type (MPI_DATATYPE_NULL if unknown), MPI operator of op on
 * it (MPI_OP_NULL if invalid, and for the location ops), op's name for messages. */
MPI_Datatype xmpb_mpi_type(int type);
MPI_Op xmpb_mpi_op(int op, int type);
const char *xmpb_op_name(int op);
/* Communicator a reduction on template t / nodes n (both NULL: the executing node set) runs
 * over; 0 when this process has nothing to reduce (it already holds the full value). */
int xmpi_reduce_comm(const xmp_rt_template_t *t, const xmp_rt_nodes_t *n, MPI_Comm *comm);

/* ---- reduce_loc.c (shared with reduce_loop.c) ---- */
/* xmp_rt_reduce_loc; order (NULL for the directive): a loop's tracker, whose key breaks ties
 * between the nodes holding the extreme. */
void xmpi_reduce_loc(void *value, int type, int op, int nloc, void *const *locs,
                     const size_t *loc_sizes, const xmp_rt_template_t *t,
                     const xmp_rt_nodes_t *n, const xmp_rt_loc_track_t *order,
                     const xmp_rt_srcloc_t *where);

/* ---- bcast.c (shared with reduce_loc.c) ---- */
/* Broadcast of count elements of type at buf (XMPHC_LOC_HOST or _DEVICE memory) from rank
 * root of comm through the hybrid layer's binomial tree (host: MPI_Bcast where the layer does
 * not apply); collective over comm. */
void xmpi_bcast_over(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, int loc,
                     const xmp_rt_srcloc_t *where);

/* ---- coll_acc.c: reduction ... acc, bcast ... acc ---- */
/* The current copy of the `device replicate` array whose host memory is host, for a
 * collective over comm: its GPU copy when every member of comm holds its copy in a GPU
 * (one allreduce decides, so that all take the same path), else the host memory; held from
 * xmpi_acc_begin (collective over comm) to xmpi_acc_end. A collective error names directive
 * when host is not replicated. */
typedef struct xmpi_acc_copy {
  xmp_dev_data_t *data;
  xmp_dev_gpu_view_t view;
  void *ptr;
  int loc; /* XMPHC_LOC_* */
} xmpi_acc_copy_t;
void xmpi_acc_begin(void *host, const char *directive, MPI_Comm comm, xmpi_acc_copy_t *c,
                    const xmp_rt_srcloc_t *where);
void xmpi_acc_end(xmpi_acc_copy_t *c);

/* ---- halo_faces.c: shared by reflect.c and reduce_shadow.c ---- */
/* The communicator of the array's nodes (MPI_COMM_SELF when not distributed), and the rank
 * there of the node at coordinate coord along array dim d's node dimension, this node's own
 * coordinates elsewhere. */
MPI_Comm xmpi_halo_comm(const xmp_rt_array_t *a);
int xmpi_halo_peer_rank(const xmp_rt_array_t *a, int d, int coord);
/* Owned ranges of dim d on every node along its node dimension: olo[0..P), ohi[0..P)
 * in one allocation (the caller frees the returned olo). */
long *xmpi_halo_owned_ranges(const xmp_rt_array_t *a, int d, int nprocs,
                             const xmp_rt_srcloc_t *where);
/* Requested widths (NULL or -1: the declared ones) checked against the shadow and resolved
 * into klo/khi/kperiodic per dimension; a full dimension gets 1:1 (whole) or 0:0. Errors
 * are collective and name `directive`. */
void xmpi_halo_widths(const xmp_rt_array_t *a, const long *lo, const long *hi,
                      const int *periodic, const char *directive, long *klo, long *khi,
                      int *kperiodic, const xmp_rt_srcloc_t *where);
/* One transfer of a halo exchange along a dimension, in reflect's sense: `count` elements
 * from position `start` of local dim d, sent from owned elements (send) or received into a
 * shadow, with node coordinate `peer` (-1: none); `up`: the message travels towards higher
 * coordinates (it fills the receiver's lower shadow). reduce_shadow runs them backwards. */
typedef struct xmpi_halo_face {
  int peer;
  long start, count;
  int send, up;
} xmpi_halo_face_t;
#define XMPI_HALO_FACES 4
/* This node's transfers along dim d (xmpi_halo_dim): receive into the lower and upper
 * shadows, send the first and last owned elements. Every node's widths are checked so that
 * all report one that does not fit together. */
void xmpi_halo_faces(const xmp_rt_array_t *a, int d, long lo, long hi, int periodic,
                     xmpi_halo_face_t faces[XMPI_HALO_FACES], const xmp_rt_srcloc_t *where);
/* A full-shadow dimension d distributed over nodes: *sub becomes the one-dimensional
 * communicator of the nodes along it (ranks = coordinates along it; the caller frees it) and 1
 * is returned; 0 (nothing made) when every node holds all of the dimension already. */
int xmpi_halo_full_comm(const xmp_rt_array_t *a, int d, MPI_Comm *sub);
/* The MPI tag of a transfer along dim d: one per dimension and direction. */
static inline int xmpi_halo_tag(int d, int up) { return 2 * d + !up; }

/* The part [start[e], start[e] + count[e]) of every dimension of a's local storage (counts
 * > 0), as a committed subarray datatype of elem. */
MPI_Datatype xmpi_halo_face_type(const xmp_rt_array_t *a, MPI_Datatype elem, const long *start,
                                 const long *count);

/* ---- reflect.c ---- */
/* Frees the array's cached reflect plans (completing any asynchronous exchange first). */
void xmpi_reflect_free_plans(xmp_rt_array_t *a);
/* Number of cached plans, for tests. */
int xmpi_reflect_plan_count(const xmp_rt_array_t *a);

/* ---- async.c: async id -> started requests ---- */
/* Records that reqs[0..count) were started under async id (count may be 0: the id is then
 * known but has nothing to wait on). *owner_id is set to id until they are completed, by
 * xmp_rt_wait_async(id) or xmpi_async_complete(owner_id); the owner keeps reqs alive. */
void xmpi_async_add(int id, MPI_Request *reqs, int count, int *owner_id);
/* Records completion work under async id: done(ctx) runs at xmp_rt_wait_async(id) or
 * xmpi_async_complete(owner_id) (one-sided transfers finish there, received halves are
 * combined there). *owner_id as for xmpi_async_add. */
void xmpi_async_add_done(int id, void (*done)(void *ctx), void *ctx, int *owner_id);
/* Completes the requests registered with owner_id now, if any (before the owner frees them). */
void xmpi_async_complete(int *owner_id);

/* ---- loop.c ---- */
/* Checks tdim against t (fatal if out of range); 0 when this process is not one of the
 * nodes t is distributed onto, so it runs no iteration of loops on t. */
int xmpi_loop_check(const xmp_rt_template_t *t, int tdim);

/* ---- nodes.c ---- */
/* The product of a nodes shape's fixed extents; *star is the '*' (-1) dimension or -1.
 * Invalid extents are collective errors naming the node array. */
/* ---- program_wide.c ---- */
/* What makes two node arrays different objects (extents, parent, selection), or NULL. */
const char *xmpi_nodes_differ(const xmp_rt_nodes_t *a, const xmp_rt_nodes_t *b);

long xmpi_nodes_fixed_extent(int rank, const long *shape, const char *name, int *star,
                             const xmp_rt_srcloc_t *where);

/* ---- coarray.c: coarrays (local view), one MPI window each ---- */
struct xmp_rt_coarray {
  xmpi_rma_t rma; /* the window over the object, and the images with puts not yet complete */
  char *base;
  size_t bytes;
  int corank;
  long *coshape; /* extents, the last -1 for '*' */
  const char *name;
  xmp_rt_srcloc_t where;
  struct xmp_rt_coarray *next; /* the registry, in creation order */
};
/* Called by xmp_rt_init before the modules' initializers: the images' private communicators
 * (collective over all processes) and the shutdown hook that frees every window. */
void xmpi_coarray_start(void);
/* The number of images (MPI_COMM_WORLD's size) and this image's index. */
int xmpi_images(void);
int xmpi_image_me(void);
/* Private duplicates of MPI_COMM_WORLD: for sync images' handshakes, and for post / wait. */
MPI_Comm xmpi_coarray_sync_comm(void);
MPI_Comm xmpi_coarray_post_comm(void);
/* Fatal (naming coarray name, unless NULL, and where) unless 0 <= image < xmpi_images(). */
void xmpi_check_image(int image, const char *name, const xmp_rt_srcloc_t *where);
/* Image control: completes every put this image issued, on every coarray, and MPI_Win_syncs
 * every window (this image's stores become visible to other images' gets, their puts here to
 * this image's loads). */
void xmpi_coarray_complete_all(void);
/* MPI_Win_sync of every window: after a handshake, for the other side's completed puts. */
void xmpi_coarray_sync_windows(void);

/* ---- coarray_rma.c ---- */
/* A committed datatype of count[0]*...*count[rank-1] elements of elem bytes at byte
 * displacements sum i[d]*stride[d] (0 <= i[d] < count[d], dimension 0 outermost), counts of
 * any size (over INT_MAX too); rank 0: one element. */
MPI_Datatype xmpi_section_type(int rank, const long *count, const long *stride, size_t elem);

/* ---- coarray_post.c ---- */
/* Completes the posts this image sent (at the program's end). */
void xmpi_post_shutdown(void);

#endif /* XMPI_INTERNAL_H */
