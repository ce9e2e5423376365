/* xmp.h - XcalableMP intrinsics for C programs compiled with xmpcc (XMP 1.4, chapter 7). */
#ifndef XMP_H
#define XMP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1-based number of this node in the executing node set. */
int xmp_node_num(void);
/* 0-based (C) number of this node in the executing node set. */
int xmpc_node_num(void);
/* Number of nodes in the executing node set. */
int xmp_num_nodes(void);
/* The same as xmpc_node_num and xmp_num_nodes (XMP 1.4 section 7.2). */
int xmpc_this_image(void);
int xmp_num_images(void);
/* 1-based / 0-based number of this node among all nodes. */
int xmp_all_node_num(void);
int xmpc_all_node_num(void);
/* Number of all nodes the program runs on. */
int xmp_all_num_nodes(void);
/* Elapsed wall-clock seconds, and the resolution of that clock. */
double xmp_wtime(void);
double xmp_wtick(void);
/* XMP-dev: time in seconds of the slowest CPU / GPU task of the last device loop this node
 * executed, from submission to completion, so the transfers a task waited for are included
 * (0 when that side ran no task, or before any device loop). */
double xmp_cpu_wtime(void);
double xmp_gpu_wtime(void);
/* Ends the program on every node with the given status. */
void xmp_exit(int status);

/* An MPI program that runs XMP code (as with Omni XMP): MPI_Init(...); xmp_init(MPI_COMM_WORLD);
 * calls of procedures with XMP directives; xmp_finalize(); MPI_Finalize(). xmpcc then leaves
 * MPI's start and end to the program's main (the one that calls xmp_init). The communicator
 * must hold every MPI process: xmpcc runs XMP code on all of them. */
#if !defined(MPI_VERSION) && defined(__has_include)
#if __has_include(<mpi.h>)
#include <mpi.h>
#endif
#endif
#ifdef MPI_VERSION
void xmp_init(MPI_Comm comm);
#endif
void xmp_finalize(void);
/* 1 when the communications started with async(async_id) are complete (they are then
 * finished as wait_async would: their data may be used), else 0; 1 for an id with nothing
 * pending. */
int xmp_test_async(int async_id);

/* ---- coarrays (local view): image control (XMP 1.4 / Omni XMP signatures) ----
 * Images are the nodes of the entire node set, numbered from 0 in XMP/C (the ranks of
 * MPI_COMM_WORLD). The procedures below are image control: each first completes this image's
 * puts to coarrays (on every image) and makes the values other images put here visible.
 * status, where given (it may be NULL), is set to XMP_STAT_SUCCESS; XMP_STAT_STOPPED_IMAGE is
 * defined for programs that test it, but never set (images do not stop one by one: a
 * program's end is collective). Errors (an image outside the program, one named twice) end
 * the program with a message. */
#define XMP_STAT_SUCCESS 0
#define XMP_STAT_STOPPED_IMAGE 1
/* `#pragma xmp lock (l:[k])` / `unlock`: a lock variable, an element of a coarray (0 unlocked,
 * else the holding image + 1). Declare it zero-initialised (file scope or static). */
typedef struct xmp_lock {
  long long xmp_lock_word_;
} xmp_lock_t;
/* Every image waits for every other (Fortran's SYNC ALL). */
void xmp_sync_all(int *status);
/* Completes this image's puts and makes other images' puts visible, without waiting for any
 * image (SYNC MEMORY). */
void xmp_sync_memory(int *status);
/* This image and each image of image_set[0..num-1] (0-based, each at most once; this image
 * itself may be named and is skipped) wait for each other: each such call is matched by one
 * call on the other image that names this one (SYNC IMAGES). num 0: no image. */
void xmp_sync_images(int num, int *image_set, int *status);
/* xmp_sync_images with one image. */
void xmp_sync_image(int image, int *status);
/* xmp_sync_images with every image (SYNC IMAGES (*)). */
void xmp_sync_images_all(int *status);
/* XMP's atomic subroutines: `atom` is an integer element of a coarray, this image's (`flag`)
 * or another's (`flag:[k]`): xmp_atomic_define stores value into it, xmp_atomic_ref fetches it
 * into *value, each atomically and complete on return. xmpcc replaces the calls in the file it
 * translates (the atom's place is what counts, not its value). */
void xmp_atomic_define(long long atom, long long value);
void xmp_atomic_ref(void *value, long long atom); /* value: int * for an int atom, ... */
/* The number of images: the same as xmp_num_images. */
int xmpc_num_images(void);

/* ---- mapping inquiry (XMP 1.4 section 7.5; laddr, lsize and gtol as Omni XMP has them) ----
 * `xmp_desc_of(x)` names a distributed array, a template or a node array and is replaced by
 * xmpcc with its descriptor. The functions return 0, or -1 when the descriptor is of the wrong
 * kind, the dimension is out of range, or there is nothing to answer. Dimensions count from 1:
 * a global array's in C order; a template's and a node array's in Fortran order (dimension 1
 * is the last in C), as Omni XMP numbers them. */
typedef void *xmp_desc_t;
#define xmp_desc_of(entity) xmpc_desc_of_name(#entity)
/* What xmp_desc_of expands to before xmpcc replaces it: a use it could not replace fails at
 * run time with a message. */
xmp_desc_t xmpc_desc_of_name(const char *name);

/* Kinds of node arrays (xmp_nodes_attr). */
#define XMP_ENTIRE_NODES 2000
#define XMP_EXECUTING_NODES 2001
#define XMP_PRIMARY_NODES 2002
#define XMP_EQUIVALENCE_NODES 2003

/* Distribution formats (xmp_dist_format). */
#define XMP_NOT_DISTRIBUTED 2100
#define XMP_BLOCK 2101
#define XMP_CYCLIC 2102
#define XMP_GBLOCK 2103

int xmp_nodes_ndims(xmp_desc_t d, int *ndims);
int xmp_nodes_index(xmp_desc_t d, int dim, int *index);  /* 1-based, this node's */
int xmp_nodes_size(xmp_desc_t d, int dim, int *size);
/* XMP_ENTIRE_NODES: declared without '=' and spanning every node; XMP_EXECUTING_NODES: `= *`,
 * or declared without '=' inside a task (it then spans the task's nodes);
 * XMP_EQUIVALENCE_NODES: `= nodes-ref`. */
int xmp_nodes_attr(xmp_desc_t d, int *attr);
/* The node array d was declared a subset of (`nodes q = p(...)`) and the 1-based triplets
 * selected per dimension of it, Fortran order. */
int xmp_nodes_equiv(xmp_desc_t d, xmp_desc_t *dn, int lb[], int ub[], int st[]);

int xmp_template_fixed(xmp_desc_t d, int *fixed);
int xmp_template_ndims(xmp_desc_t d, int *ndims);
int xmp_template_lbound(xmp_desc_t d, int dim, int *lbound);
int xmp_template_ubound(xmp_desc_t d, int dim, int *ubound);
int xmp_dist_format(xmp_desc_t d, int dim, int *format);
/* block: the block size; cyclic(w): w; not distributed: the extent; gblock: -1. */
int xmp_dist_blocksize(xmp_desc_t d, int dim, int *blocksize);
int xmp_dist_gblockmap(xmp_desc_t d, int dim, int *map); /* gblock sizes, one per node */
int xmp_dist_nodes(xmp_desc_t d, xmp_desc_t *dn);
int xmp_dist_axis(xmp_desc_t d, int dim, int *axis); /* node dimension (Fortran order) */

int xmp_align_axis(xmp_desc_t d, int dim, int *axis); /* template dimension (Fortran order) */
int xmp_align_offset(xmp_desc_t d, int dim, int *offset);
int xmp_align_replicated(xmp_desc_t d, int dim, int *replicated); /* dim: of the template */
int xmp_align_template(xmp_desc_t d, xmp_desc_t *dt);
int xmp_array_ndims(xmp_desc_t d, int *ndims);
int xmp_array_lbound(xmp_desc_t d, int dim, int *lbound);
int xmp_array_ubound(xmp_desc_t d, int dim, int *ubound);
int xmp_array_lshadow(xmp_desc_t d, int dim, int *lshadow);
int xmp_array_ushadow(xmp_desc_t d, int dim, int *ushadow);
/* This node's storage of the array (shadows included): its address and its extent per
 * dimension (C order, row-major); lead_dim gives every dimension's extent at once. A
 * block-cyclic or cyclic dimension is stored whole (every global index has its place). */
int xmp_array_laddr(xmp_desc_t d, void **addr);
int xmp_array_lsize(xmp_desc_t d, int dim, int *lsize);
int xmp_array_lead_dim(xmp_desc_t d, int size[]);
/* The local index of global index g of dimension dim on the node that owns it, as Omni XMP
 * defines it: block and gblock, the position in that node's storage (lower shadow included);
 * cyclic(w), the position among the elements the owner holds, counted in template order
 * ((k / (w * P)) * w + k % w for template position k over P nodes; not the storage position,
 * as the dimension is stored whole); not distributed, the storage position. -1 when g is
 * outside the array. */
int xmpc_array_gtol_dim(xmp_desc_t d, int dim, int g, int *l);
int xmpc_array_gtol_all(xmp_desc_t d, const int *g, int *l); /* every dimension at once */
/* xmp_array_gtol(d, dim, g, &l) or xmp_array_gtol(d, g[], l[]) (both forms are in use). */
#define XMPC_GTOL_PICK(_1, _2, _3, _4, name, ...) name
#define xmp_array_gtol(...)                                                                    \
  XMPC_GTOL_PICK(__VA_ARGS__, xmpc_array_gtol_dim, xmpc_array_gtol_all, )(__VA_ARGS__)

/* The other XMP compiler's inquiry functions, which application codes written for it call
 * (NPB CG): each returns its value, -1 for a bad descriptor or dimension. Dimensions as above
 * (an array's in C order, a template's in Fortran order). */
int xmp_array_gsize(xmp_desc_t d, int dim);   /* global extent */
size_t xmp_array_type_size(xmp_desc_t d);     /* element size in bytes (0: not an array) */
int xmp_array_gcglbound(xmp_desc_t d, int dim); /* global lower bound: 0 */
int xmp_array_gcgubound(xmp_desc_t d, int dim); /* global upper bound: extent - 1 */
/* The first and last global index this node owns (computes) in dim (first > last when it owns
 * none; a cyclic dimension's first and last), and their local indices in its storage. */
int xmp_array_gcllbound(xmp_desc_t d, int dim);
int xmp_array_gclubound(xmp_desc_t d, int dim);
int xmp_array_lcllbound(xmp_desc_t d, int dim);
int xmp_array_lclubound(xmp_desc_t d, int dim);
/* The node owning the element of global indices index[ndims] (C order), as its 1-based
 * index along the node dimension that array dimension dim is distributed over; -1 when dim
 * is not distributed. */
int xmp_array_owner(xmp_desc_t d, int ndims, int index[], int dim);
/* The format (XMP_BLOCK, XMP_CYCLIC, XMP_GBLOCK, XMP_NOT_DISTRIBUTED) and the block size of the
 * template dimension array dimension dim is aligned with (not distributed: the extent; gblock:
 * -1, see xmp_dist_gblockmap). */
int xmp_align_format(xmp_desc_t d, int dim);
int xmp_align_size(xmp_desc_t d, int dim);
int xmp_template_gsize(xmp_desc_t d, int dim); /* extent */
int xmp_template_lsize(xmp_desc_t d, int dim); /* elements this node owns */

/* The specification's library procedures on whole two-dimensional distributed arrays, called
 * by every node of the executing set: dst = the transpose of src (opt 0 lets src be
 * overwritten, 1 keeps it: either way it is kept), and x = a b (elements of one arithmetic
 * type, not char, _Bool or complex). The operands are gathered whole onto every node, which
 * then computes the elements of the result it owns (their shadows are not updated). */
void xmp_transpose(xmp_desc_t dst, xmp_desc_t src, int opt);
void xmp_matmul(xmp_desc_t x, xmp_desc_t a, xmp_desc_t b);
/* v (1-D) = the elements of a where mask (a's shape, any integer type) is nonzero, in C order;
 * v's other elements are kept. Unpack: those elements of a = v's first ones, in C order; a's
 * others are kept. Arrays of any rank and distribution; v and a of one element size. */
void xmp_pack(xmp_desc_t v, xmp_desc_t a, xmp_desc_t mask);
void xmp_unpack(xmp_desc_t a, xmp_desc_t v, xmp_desc_t mask);
/* Gather: x[e] = a[idx0[e]][idx1[e]]..., one index array (x's shape, integer elements,
 * 0-based global indices) per dimension of a. Scatter: x[idx0[e]][idx1[e]]... = a[e], one
 * index array (a's shape) per dimension of x; where several go to one place, the last in C
 * order; x's other elements are kept. An index outside the array is a run-time error. */
void xmp_gather(xmp_desc_t x, xmp_desc_t a, ...);
void xmp_scatter(xmp_desc_t x, xmp_desc_t a, ...);
/* b (1-D) = a's elements sorted in increasing (up) or decreasing (down) order; a and b of one
 * length and one arithmetic type (not complex). */
void xmp_sort_up(xmp_desc_t a, xmp_desc_t b);
void xmp_sort_down(xmp_desc_t a, xmp_desc_t b);

/* Allocates a distributed array declared as a pointer (`double (*a)[n]` aligned with a template),
 * with the global extent of every dimension: `a = xmp_malloc(xmp_desc_of(a), n0, n1, ...);`.
 * xmpcc translates that assignment (and `free(a)`); the function has no other use. */
void *xmp_malloc(xmp_desc_t desc, ...);

#ifdef __cplusplus
}
#endif
#endif /* XMP_H */
