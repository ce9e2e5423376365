/* array.c - distributed arrays: which part of an aligned array a node holds, and where. */
#include <stdlib.h>

#include "xmphc.h"
#include "xmpi_internal.h"

/* Frees the local storage and everything built on it. */
static void array_release_storage(xmp_rt_array_t *a) {
  xmpi_reflect_free_plans(a);
  xmpi_reduce_shadow_free_plans(a);
  xmpi_window_free(a);
  if (!a->borrowed)
    xmphc_storage_free(a->data);
  a->data = NULL;
}

static void array_destroy(xmpi_obj_t *self) {
  xmp_rt_array_t *a = (xmp_rt_array_t *)self;
  array_release_storage(a);
  free(a);
}

xmp_rt_array_t *xmp_rt_array_create(int rank, const long *extents, size_t elem_size,
                                    xmp_rt_template_t *t, const int *align_tdim,
                                    const long *align_offset, const char *name,
                                    const xmp_rt_srcloc_t *where) {
  if (name == NULL)
    name = "(unnamed)";
  if (rank < 1 || rank > XMP_RT_MAX_DIMS)
    xmpb_fatal_collective(where, "array '%s' has %d dimensions; 1 to %d are supported", name,
                          rank, XMP_RT_MAX_DIMS);
  if (elem_size == 0)
    xmpb_fatal_collective(where, "array '%s' has elements of size 0", name);
  int used[XMP_RT_MAX_DIMS] = {0};
  for (int d = 0; d < rank; d++) {
    if (extents[d] < -1)
      xmpb_fatal_collective(where, "array '%s' dimension %d has negative extent %ld", name, d,
                            extents[d]);
    int td = align_tdim[d];
    if (td < 0)
      continue;
    if (t == NULL || td >= t->rank)
      xmpb_fatal_collective(where, "array '%s' dimension %d is aligned with template "
                            "dimension %d, which does not exist", name, d, td);
    if (used[td]++)
      xmpb_fatal_collective(where, "array '%s' aligns two dimensions with template '%s' "
                            "dimension %d", name, t->name, td);
  }

  xmp_rt_array_t *a = xmpb_calloc_or_die(1, sizeof *a, where);
  a->rank = rank;
  a->elem_size = elem_size;
  a->type = -1;
  a->tmpl = t;
  a->name = name;
  a->where = xmpb_srcloc_copy(where);
  for (int d = 0; d < rank; d++) {
    a->extent[d] = extents[d];
    a->align_tdim[d] = align_tdim[d];
    a->align_offset[d] = align_tdim[d] < 0 ? 0 : align_offset[d];
  }
  xmpi_registry_add(&a->obj, array_destroy);
  return a;
}

/* Evaluated on use, so the template may be distributed after the array is created. */
int xmpi_array_owned_range(const xmp_rt_array_t *a, int d, int coord, long *lo, long *hi) {
  *lo = 0;
  *hi = a->extent[d] - 1;
  int td = a->align_tdim[d];
  if (td < 0)
    return XMPI_OK;
  /* This node (coord -1) is outside the nodes the template is distributed onto. */
  if (coord < 0 && a->tmpl->distributed && !xmpi_nodes_member(a->tmpl->nodes)) {
    *hi = *lo - 1;
    return XMPI_OK;
  }
  long tlo, thi;
  int st = xmpi_dist_local_range(&a->tmpl->dist[td], coord, &tlo, &thi);
  if (st)
    return st;
  long off = a->align_offset[d];
  if (tlo - off > *lo)
    *lo = tlo - off;
  if (thi - off < *hi)
    *hi = thi - off;
  return XMPI_OK;
}

int xmpi_array_nprocs(const xmp_rt_array_t *a, int d) {
  int td = a->align_tdim[d];
  return td < 0 ? 1 : a->tmpl->dist[td].nprocs;
}

int xmpi_array_coord(const xmp_rt_array_t *a, int d) {
  int td = a->align_tdim[d];
  return td < 0 ? 0 : xmpi_template_coord(a->tmpl, td);
}

int xmpi_array_dim_layout(const xmp_rt_array_t *a, int d, int coord, long *base,
                          long *local_extent) {
  long lo, hi;
  int st = xmpi_array_owned_range(a, d, coord, &lo, &hi);
  if (st == XMPI_E_NOT_INTERVAL) {
    /* Block-cyclic: the affine layout cannot compress several blocks, so the node holds
     * the whole dimension and uses only its own elements (shadows are refused there). */
    lo = 0;
    hi = a->extent[d] - 1;
  } else if (st) {
    return st;
  }
  xmpi_shadow_layout(a->extent[d], lo, hi, a->shadow_lo[d], a->shadow_hi[d], a->shadow_full[d],
                     base, local_extent);
  return XMPI_OK;
}

/* The layout of a's local storage; returns its element count (at least 1). */
static size_t lay_out(xmp_rt_array_t *a, xmp_rt_layout_t *layout) {
  if (a->data != NULL)
    xmpb_fatal(&a->where, "array '%s' is allocated twice", a->name);
  if (a->tmpl != NULL)
    xmpi_template_check_fixed(a->tmpl, &a->where);
  for (int d = 0; d < a->rank; d++)
    if (a->extent[d] < 0)
      xmpb_fatal(&a->where, "array '%s' has no extents before xmp_malloc", a->name);
  /* Each aligned dimension's elements must map into the template (XMP 1.4 align; Omni:
   * "aligned array is out of template bound"): past its end they would have no owner and
   * no storage. Checked here, where the template's shape is known (also after
   * template_fix and for xmp_malloc'ed arrays). */
  for (int d = 0; d < a->rank; d++) {
    int td = a->align_tdim[d];
    if (td < 0 || a->extent[d] == 0)
      continue;
    long first = a->align_offset[d], last = a->extent[d] - 1 + a->align_offset[d];
    if (first < a->tmpl->lower[td] || last > a->tmpl->upper[td])
      xmpb_fatal_collective(&a->where, "array '%s' dimension %d: elements 0 to %ld are aligned "
                            "with template '%s' elements %ld to %ld, outside its bounds "
                            "[%ld:%ld]", a->name, d, a->extent[d] - 1, a->tmpl->name, first,
                            last, a->tmpl->lower[td], a->tmpl->upper[td]);
  }
  for (int d = 0; d < a->rank; d++) {
    int st = xmpi_array_dim_layout(a, d, xmpi_array_coord(a, d), &a->base[d],
                                   &a->local_extent[d]);
    if (st)
      xmpb_fatal(&a->where, "array '%s' dimension %d: %s", a->name, d, xmpi_status_str(st));
    layout->base[d] = a->base[d];
  }
  size_t count = 1;
  for (int d = a->rank - 1; d >= 0; d--) {
    layout->stride[d] = (long)count;
    count *= (size_t)a->local_extent[d];
  }
  for (int d = a->rank; d < XMP_RT_MAX_DIMS; d++) {
    layout->base[d] = 0;
    layout->stride[d] = 0;
  }
  /* At least one element, so that addr is never NULL on nodes owning nothing. */
  return count > 0 ? count : 1;
}

/* For debuggers (runtime/gdb/xmp-gdb.py): the rank of a, and the global indices of dimension
 * d that this node stores (its block and shadow: lo > hi when none). In this file, which
 * every program with a distributed array links. */
int xmp_rt_debug_rank(const xmp_rt_array_t *a) { return a != NULL ? a->rank : -1; }
long xmp_rt_debug_lo(const xmp_rt_array_t *a, int d) { return a->base[d]; }
long xmp_rt_debug_hi(const xmp_rt_array_t *a, int d) {
  return a->data != NULL ? a->base[d] + a->local_extent[d] - 1 : a->base[d] - 1;
}

void xmp_rt_array_allocate(xmp_rt_array_t *a, xmp_rt_layout_t *layout) {
  size_t count = lay_out(a, layout);
  int shadowed = 0; /* storage a direct transport can reach, for reflect (hybridcomm) */
  for (int d = 0; d < a->rank; d++)
    shadowed |= !a->shadow_full[d] && (a->shadow_lo[d] > 0 || a->shadow_hi[d] > 0);
  a->data = count <= SIZE_MAX / a->elem_size
                ? xmphc_storage_alloc(count * a->elem_size, shadowed)
                : NULL;
  if (a->data == NULL)
    xmpb_fatal(&a->where, "array '%s': out of memory allocating %zu elements", a->name, count);
  layout->addr = a->data;
}

void xmp_rt_array_attach(xmp_rt_array_t *a, void *storage, xmp_rt_layout_t *layout,
                         const xmp_rt_srcloc_t *where) {
  if (storage == NULL)
    xmpb_fatal(where, "array '%s' is aligned with its caller's storage, but got a null pointer",
               a->name);
  /* A pointer parameter (`int *b`) has no extent of its own: an aligned dimension spans the
   * template from the alignment on. */
  for (int d = 0; d < a->rank; d++) {
    if (a->extent[d] >= 0)
      continue;
    int td = a->align_tdim[d];
    if (td < 0)
      xmpb_fatal(where, "array '%s' dimension %d has no extent and is not aligned with the "
                        "template", a->name, d);
    xmpi_template_check_fixed(a->tmpl, where);
    long extent = a->tmpl->upper[td] - a->align_offset[d] + 1;
    a->extent[d] = extent > 0 ? extent : 0;
  }
  lay_out(a, layout);
  a->data = storage;
  a->borrowed = 1;
  layout->addr = storage;
}

void xmp_rt_array_malloc(xmp_rt_array_t *a, const long *extents, xmp_rt_layout_t *layout,
                         const xmp_rt_srcloc_t *where) {
  if (where == NULL)
    where = &a->where;
  if (a->data != NULL)
    xmpb_fatal(where, "xmp_malloc of array '%s', which holds storage already (free it first)",
               a->name);
  if (a->tmpl != NULL && !a->tmpl->distributed)
    xmpb_fatal(where, "xmp_malloc of array '%s' before template '%s' is distributed", a->name,
               a->tmpl->name);
  if (a->tmpl != NULL)
    xmpi_template_check_fixed(a->tmpl, where);
  for (int d = 0; d < a->rank; d++) {
    if (extents[d] < 0)
      xmpb_fatal(where, "xmp_malloc of array '%s': negative extent %ld in dimension %d",
                 a->name, extents[d], d);
    a->extent[d] = extents[d];
  }
  xmp_rt_array_allocate(a, layout);
}

void xmp_rt_array_deallocate(xmp_rt_array_t *a) { array_release_storage(a); }

size_t xmp_rt_array_storage_bytes(const xmp_rt_array_t *a) {
  if (a->data == NULL)
    xmpb_fatal(&a->where, "array '%s' is used before its storage is laid out", a->name);
  size_t count = 1;
  for (int d = 0; d < a->rank; d++)
    count *= (size_t)a->local_extent[d];
  return (count > 0 ? count : 1) * a->elem_size;
}

void xmp_rt_array_local_range(const xmp_rt_array_t *a, int dim, long *lower, long *upper) {
  if (dim < 0 || dim >= a->rank)
    xmpb_fatal(&a->where, "array '%s' has no dimension %d", a->name, dim);
  int st = xmpi_array_owned_range(a, dim, xmpi_array_coord(a, dim), lower, upper);
  if (st)
    xmpb_fatal(&a->where, "array '%s' dimension %d: %s", a->name, dim, xmpi_status_str(st));
}

void xmp_rt_array_free(xmp_rt_array_t *a) {
  if (a == NULL)
    return;
  xmpi_registry_remove(&a->obj);
  array_destroy(&a->obj);
}

void xmp_rt_array_set_type(xmp_rt_array_t *a, int type) { a->type = type; }

void xmpi_array_owned_box(const xmp_rt_array_t *a, long *lo, long *hi,
                          const xmp_rt_srcloc_t *where) {
  for (int d = 0; d < a->rank; d++) {
    int st = xmpi_array_owned_range(a, d, xmpi_array_coord(a, d), &lo[d], &hi[d]);
    if (st == XMPI_E_NOT_INTERVAL) {
      lo[d] = 0;
      hi[d] = a->extent[d] - 1;
    } else if (st) {
      xmpb_fatal(where, "array '%s' dimension %d: %s", a->name, d, xmpi_status_str(st));
    }
  }
}
