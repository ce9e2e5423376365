/* inquiry.c - xmp_desc_of descriptors and the mapping inquiry functions of xmp.h.
 *
 * A descriptor is the runtime object's address with its kind in the two low bits (objects
 * come from calloc, so those bits are free): nothing to allocate or free, and a descriptor
 * stays valid exactly as long as its object. */
#include <stdint.h>

#include "xmp.h"
#include "xmpi_internal.h"

enum { DESC_NODES = XMP_RT_DESC_NODES, DESC_TEMPLATE = XMP_RT_DESC_TEMPLATE,
       DESC_ARRAY = XMP_RT_DESC_ARRAY, DESC_KIND_MASK = 3 };

void *xmp_rt_desc(const void *obj, int kind) {
  if (obj == NULL || kind < DESC_NODES || kind > DESC_ARRAY ||
      ((uintptr_t)obj & DESC_KIND_MASK) != 0)
    return NULL;
  return (void *)((uintptr_t)obj | (uintptr_t)kind);
}

xmp_desc_t xmpc_desc_of_name(const char *name) {
  xmpb_fatal(NULL, "xmp_desc_of(%s) was not translated by xmpcc (is it inside a macro, or is "
                   "'%s' not a distributed array, template or node array?)", name, name);
}

static void *object(xmp_desc_t d, int kind) {
  uintptr_t v = (uintptr_t)d;
  return v != 0 && (int)(v & DESC_KIND_MASK) == kind ? (void *)(v & ~(uintptr_t)DESC_KIND_MASK)
                                                     : NULL;
}

xmp_rt_array_t *xmpi_array_of_desc(void *d) { return object(d, DESC_ARRAY); }

/* Fortran-order dimension dim (1-based) of a rank-r object, as a C-order index; -1 if none. */
static int fortran_dim(int rank, int dim) { return dim >= 1 && dim <= rank ? rank - dim : -1; }
/* C-order dimension dim (1-based) as an index; -1 if none. */
static int c_dim(int rank, int dim) { return dim >= 1 && dim <= rank ? dim - 1 : -1; }

#define NODES_OR_FAIL(n, d)                                                                    \
  const xmp_rt_nodes_t *n = object(d, DESC_NODES);                                             \
  if (n == NULL)                                                                               \
    return -1
#define TEMPLATE_OR_FAIL(t, d)                                                                 \
  const xmp_rt_template_t *t = object(d, DESC_TEMPLATE);                                       \
  if (t == NULL)                                                                               \
    return -1
#define ARRAY_OR_FAIL(a, d)                                                                    \
  const xmp_rt_array_t *a = object(d, DESC_ARRAY);                                             \
  if (a == NULL)                                                                               \
    return -1

int xmp_nodes_ndims(xmp_desc_t d, int *ndims) {
  NODES_OR_FAIL(n, d);
  *ndims = n->rank;
  return 0;
}

int xmp_nodes_index(xmp_desc_t d, int dim, int *index) {
  NODES_OR_FAIL(n, d);
  int c = fortran_dim(n->rank, dim);
  if (c < 0 || n->coord[c] < 0)
    return -1; /* no such dimension, or this node is not in n */
  *index = n->coord[c] + 1;
  return 0;
}

int xmp_nodes_size(xmp_desc_t d, int dim, int *size) {
  NODES_OR_FAIL(n, d);
  int c = fortran_dim(n->rank, dim);
  if (c < 0)
    return -1;
  *size = n->size[c];
  return 0;
}

int xmp_nodes_attr(xmp_desc_t d, int *attr) {
  NODES_OR_FAIL(n, d);
  if (n->subset) {
    *attr = n->parent != NULL ? XMP_EQUIVALENCE_NODES : XMP_EXECUTING_NODES;
    return 0;
  }
  /* Declared without '=': the entire node set, unless made inside a task, where it spans the
   * executing nodes. */
  long count = 1;
  for (int k = 0; k < n->rank; k++)
    count *= n->size[k];
  int world;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  *attr = count == world ? XMP_ENTIRE_NODES : XMP_EXECUTING_NODES;
  return 0;
}

int xmp_nodes_equiv(xmp_desc_t d, xmp_desc_t *dn, int lb[], int ub[], int st[]) {
  NODES_OR_FAIL(n, d);
  if (!n->subset || n->parent == NULL)
    return -1;
  const xmp_rt_nodes_t *p = n->parent;
  *dn = xmp_rt_desc(p, DESC_NODES);
  for (int k = 1; k <= p->rank; k++) {
    int c = fortran_dim(p->rank, k);
    lb[k - 1] = (int)n->sel_lb[c] + 1;
    ub[k - 1] = (int)n->sel_ub[c] + 1;
    st[k - 1] = (int)n->sel_st[c];
  }
  return 0;
}

int xmp_template_fixed(xmp_desc_t d, int *fixed) {
  TEMPLATE_OR_FAIL(t, d);
  *fixed = t->fixed; /* 0 until template_fix for `t(:)` and gblock(*) */
  return 0;
}

int xmp_template_ndims(xmp_desc_t d, int *ndims) {
  TEMPLATE_OR_FAIL(t, d);
  *ndims = t->rank;
  return 0;
}

int xmp_template_lbound(xmp_desc_t d, int dim, int *lbound) {
  TEMPLATE_OR_FAIL(t, d);
  int c = fortran_dim(t->rank, dim);
  if (c < 0 || !t->bounded)
    return -1; /* no such dimension, or `t(:)` before template_fix */
  *lbound = (int)t->lower[c];
  return 0;
}

int xmp_template_ubound(xmp_desc_t d, int dim, int *ubound) {
  TEMPLATE_OR_FAIL(t, d);
  int c = fortran_dim(t->rank, dim);
  if (c < 0 || !t->bounded)
    return -1;
  *ubound = (int)t->upper[c];
  return 0;
}

/* Template dimension dim (Fortran order) of a distributed template, or NULL. */
static const xmpi_dist_t *dist_of(const xmp_rt_template_t *t, int dim) {
  int c = fortran_dim(t->rank, dim);
  return c < 0 || !t->distributed ? NULL : &t->dist[c];
}

int xmp_dist_format(xmp_desc_t d, int dim, int *format) {
  TEMPLATE_OR_FAIL(t, d);
  const xmpi_dist_t *x = dist_of(t, dim);
  if (x == NULL)
    return -1;
  switch (x->kind) {
  case XMP_RT_DIST_BLOCK: *format = XMP_BLOCK; break;
  case XMP_RT_DIST_CYCLIC: *format = XMP_CYCLIC; break;
  case XMP_RT_DIST_GBLOCK: *format = XMP_GBLOCK; break;
  default: *format = XMP_NOT_DISTRIBUTED; break;
  }
  return 0;
}

int xmp_dist_blocksize(xmp_desc_t d, int dim, int *blocksize) {
  TEMPLATE_OR_FAIL(t, d);
  const xmpi_dist_t *x = dist_of(t, dim);
  if (x == NULL)
    return -1;
  long extent = x->upper - x->lower + 1;
  switch (x->kind) {
  case XMP_RT_DIST_BLOCK: *blocksize = (int)xmpb_ceil_div(extent, x->nprocs); break;
  case XMP_RT_DIST_CYCLIC: *blocksize = (int)x->width; break;
  case XMP_RT_DIST_GBLOCK: *blocksize = -1; break;
  default: *blocksize = (int)extent; break;
  }
  return 0;
}

int xmp_dist_gblockmap(xmp_desc_t d, int dim, int *map) {
  TEMPLATE_OR_FAIL(t, d);
  const xmpi_dist_t *x = dist_of(t, dim);
  if (x == NULL || x->kind != XMP_RT_DIST_GBLOCK)
    return -1;
  for (int k = 0; k < x->nprocs; k++)
    map[k] = (int)(x->gblock_start[k + 1] - x->gblock_start[k]);
  return 0;
}

int xmp_dist_nodes(xmp_desc_t d, xmp_desc_t *dn) {
  TEMPLATE_OR_FAIL(t, d);
  if (!t->distributed)
    return -1;
  *dn = xmp_rt_desc(t->nodes, DESC_NODES);
  return 0;
}

int xmp_dist_axis(xmp_desc_t d, int dim, int *axis) {
  TEMPLATE_OR_FAIL(t, d);
  int c = fortran_dim(t->rank, dim);
  if (c < 0 || !t->distributed || t->node_dim[c] < 0)
    return -1;
  *axis = t->nodes->rank - t->node_dim[c];
  return 0;
}

int xmp_align_axis(xmp_desc_t d, int dim, int *axis) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->align_tdim[c] < 0)
    return -1;
  *axis = a->tmpl->rank - a->align_tdim[c];
  return 0;
}

int xmp_align_offset(xmp_desc_t d, int dim, int *offset) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->align_tdim[c] < 0)
    return -1;
  *offset = (int)a->align_offset[c];
  return 0;
}

int xmp_align_replicated(xmp_desc_t d, int dim, int *replicated) {
  ARRAY_OR_FAIL(a, d);
  int c = a->tmpl != NULL ? fortran_dim(a->tmpl->rank, dim) : -1;
  if (c < 0)
    return -1;
  *replicated = 1;
  for (int e = 0; e < a->rank; e++)
    if (a->align_tdim[e] == c)
      *replicated = 0;
  return 0;
}

int xmp_align_template(xmp_desc_t d, xmp_desc_t *dt) {
  ARRAY_OR_FAIL(a, d);
  if (a->tmpl == NULL)
    return -1;
  *dt = xmp_rt_desc(a->tmpl, DESC_TEMPLATE);
  return 0;
}

int xmp_array_ndims(xmp_desc_t d, int *ndims) {
  ARRAY_OR_FAIL(a, d);
  *ndims = a->rank;
  return 0;
}

int xmp_array_lbound(xmp_desc_t d, int dim, int *lbound) {
  ARRAY_OR_FAIL(a, d);
  if (c_dim(a->rank, dim) < 0)
    return -1;
  *lbound = 0;
  return 0;
}

int xmp_array_ubound(xmp_desc_t d, int dim, int *ubound) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->extent[c] < 0)
    return -1;
  *ubound = (int)a->extent[c] - 1;
  return 0;
}

int xmp_array_lshadow(xmp_desc_t d, int dim, int *lshadow) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0)
    return -1;
  *lshadow = (int)a->shadow_lo[c];
  return 0;
}

int xmp_array_ushadow(xmp_desc_t d, int dim, int *ushadow) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0)
    return -1;
  *ushadow = (int)a->shadow_hi[c];
  return 0;
}

int xmp_array_laddr(xmp_desc_t d, void **addr) {
  ARRAY_OR_FAIL(a, d);
  if (a->data == NULL)
    return -1;
  *addr = a->data;
  return 0;
}

int xmp_array_lsize(xmp_desc_t d, int dim, int *lsize) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->data == NULL)
    return -1;
  *lsize = (int)a->local_extent[c];
  return 0;
}

int xmp_array_lead_dim(xmp_desc_t d, int size[]) {
  ARRAY_OR_FAIL(a, d);
  if (a->data == NULL)
    return -1;
  for (int k = 0; k < a->rank; k++)
    size[k] = (int)a->local_extent[k];
  return 0;
}

int xmpc_array_gtol_dim(xmp_desc_t d, int dim, int g, int *l) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->data == NULL || g < 0 || g >= a->extent[c])
    return -1;
  int td = a->align_tdim[c];
  const xmpi_dist_t *x = td >= 0 && a->tmpl->distributed ? &a->tmpl->dist[td] : NULL;
  if (x == NULL || x->kind == XMP_RT_DIST_NONE) {
    *l = (int)(g - a->base[c]); /* every node holds the whole dimension */
    return 0;
  }
  long k = g + a->align_offset[c];
  int owner = xmpi_dist_owner(x, k);
  if (owner < 0)
    return -1;
  if (x->kind == XMP_RT_DIST_CYCLIC) {
    long w = x->width, pos = k - x->lower;
    *l = (int)(pos / (w * x->nprocs) * w + pos % w);
    return 0;
  }
  long base, extent;
  if (xmpi_array_dim_layout(a, c, owner, &base, &extent) != XMPI_OK)
    return -1;
  *l = (int)(g - base);
  return 0;
}

int xmpc_array_gtol_all(xmp_desc_t d, const int *g, int *l) {
  ARRAY_OR_FAIL(a, d);
  for (int k = 1; k <= a->rank; k++)
    if (xmpc_array_gtol_dim(d, k, g[k - 1], &l[k - 1]) != 0)
      return -1;
  return 0;
}

/* ---- the other XMP compiler's inquiry functions (values returned, -1 on a bad argument) ---- */

int xmp_array_gsize(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  return c < 0 || a->extent[c] < 0 ? -1 : (int)a->extent[c];
}

size_t xmp_array_type_size(xmp_desc_t d) {
  const xmp_rt_array_t *a = object(d, DESC_ARRAY);
  return a != NULL ? a->elem_size : 0;
}

int xmp_array_gcglbound(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  return c_dim(a->rank, dim) < 0 ? -1 : 0;
}

int xmp_array_gcgubound(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  return c < 0 || a->extent[c] < 0 ? -1 : (int)a->extent[c] - 1;
}

/* The first and last global index of C dimension c that this node owns (computes); *lo > *hi
 * when it owns none. A cyclic dimension's owned indices are not one interval: its first and
 * last. */
static int owned_bounds(const xmp_rt_array_t *a, int c, long *lo, long *hi) {
  if (a->extent[c] < 0)
    return -1;
  int coord = xmpi_array_coord(a, c);
  int st = xmpi_array_owned_range(a, c, coord, lo, hi);
  if (st == XMPI_OK)
    return 0;
  if (st != XMPI_E_NOT_INTERVAL)
    return -1;
  const xmpi_dist_t *x = &a->tmpl->dist[a->align_tdim[c]];
  long off = a->align_offset[c], n = a->extent[c];
  for (*lo = 0; *lo < n && xmpi_dist_owner(x, *lo + off) != coord; ++*lo)
    ;
  for (*hi = n - 1; *hi >= *lo && xmpi_dist_owner(x, *hi + off) != coord; --*hi)
    ;
  return 0;
}

int xmp_array_gcllbound(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  long lo, hi;
  int c = c_dim(a->rank, dim);
  return c < 0 || owned_bounds(a, c, &lo, &hi) != 0 ? -1 : (int)lo;
}

int xmp_array_gclubound(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  long lo, hi;
  int c = c_dim(a->rank, dim);
  return c < 0 || owned_bounds(a, c, &lo, &hi) != 0 ? -1 : (int)hi;
}

int xmp_array_lcllbound(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  long lo, hi;
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->data == NULL || owned_bounds(a, c, &lo, &hi) != 0)
    return -1;
  return (int)(lo - a->base[c]);
}

int xmp_array_lclubound(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  long lo, hi;
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->data == NULL || owned_bounds(a, c, &lo, &hi) != 0)
    return -1;
  return (int)(hi - a->base[c]);
}

int xmp_array_owner(xmp_desc_t d, int ndims, int index[], int dim) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0 || ndims != a->rank || index[c] < 0 || index[c] >= a->extent[c])
    return -1;
  int td = a->align_tdim[c];
  if (td < 0 || !a->tmpl->distributed || a->tmpl->dist[td].kind == XMP_RT_DIST_NONE)
    return -1;
  int owner = xmpi_dist_owner(&a->tmpl->dist[td], index[c] + a->align_offset[c]);
  return owner < 0 ? -1 : owner + 1;
}

/* The distribution of the template dimension that array dimension dim is aligned with. */
static const xmpi_dist_t *aligned_dist(const xmp_rt_array_t *a, int dim) {
  int c = c_dim(a->rank, dim);
  if (c < 0 || a->align_tdim[c] < 0 || !a->tmpl->distributed)
    return NULL;
  return &a->tmpl->dist[a->align_tdim[c]];
}

int xmp_align_format(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  if (c_dim(a->rank, dim) < 0)
    return -1;
  const xmpi_dist_t *x = aligned_dist(a, dim);
  switch (x != NULL ? x->kind : XMP_RT_DIST_NONE) {
  case XMP_RT_DIST_BLOCK: return XMP_BLOCK;
  case XMP_RT_DIST_CYCLIC: return XMP_CYCLIC;
  case XMP_RT_DIST_GBLOCK: return XMP_GBLOCK;
  default: return XMP_NOT_DISTRIBUTED;
  }
}

int xmp_align_size(xmp_desc_t d, int dim) {
  ARRAY_OR_FAIL(a, d);
  int c = c_dim(a->rank, dim);
  if (c < 0)
    return -1;
  const xmpi_dist_t *x = aligned_dist(a, dim);
  if (x == NULL || x->kind == XMP_RT_DIST_NONE)
    return a->extent[c] < 0 ? -1 : (int)a->extent[c];
  switch (x->kind) {
  case XMP_RT_DIST_BLOCK: return (int)xmpb_ceil_div(x->upper - x->lower + 1, x->nprocs);
  case XMP_RT_DIST_CYCLIC: return (int)x->width;
  default: return -1; /* gblock: the sizes differ per node (xmp_dist_gblockmap) */
  }
}

int xmp_template_gsize(xmp_desc_t d, int dim) {
  TEMPLATE_OR_FAIL(t, d);
  int c = fortran_dim(t->rank, dim);
  return c < 0 || !t->bounded ? -1 : (int)(t->upper[c] - t->lower[c] + 1);
}

int xmp_template_lsize(xmp_desc_t d, int dim) {
  TEMPLATE_OR_FAIL(t, d);
  int c = fortran_dim(t->rank, dim);
  if (c < 0 || !t->bounded)
    return -1;
  if (!t->distributed || t->dist[c].kind == XMP_RT_DIST_NONE)
    return (int)(t->upper[c] - t->lower[c] + 1);
  long lb, ub, st;
  int coord = xmpi_template_coord(t, c);
  if (coord < 0)
    return 0; /* not one of the nodes it is distributed onto */
  if (xmpi_dist_loop_bounds(&t->dist[c], coord, 0, t->lower[c], t->upper[c], 1, &lb, &ub, &st) !=
      XMPI_OK)
    return -1;
  return ub < lb ? 0 : (int)((ub - lb) / st + 1);
}
