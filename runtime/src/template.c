/* template.c - XMP templates: index spaces and their distribution onto nodes. */
#include <stdlib.h>

#include "xmpi_internal.h"

static void template_destroy(xmpi_obj_t *self) {
  xmp_rt_template_t *t = (xmp_rt_template_t *)self;
  for (int d = 0; d < t->rank; d++)
    xmpi_dist_fini(&t->dist[d]);
  free(t);
}

xmp_rt_template_t *xmp_rt_template_create(int rank, const long *lower, const long *upper,
                                          const char *name, const xmp_rt_srcloc_t *where) {
  if (name == NULL)
    name = "(unnamed)";
  if (rank < 1 || rank > XMP_RT_MAX_DIMS)
    xmpi_fatal_collective(where, "template '%s' has %d dimensions; 1 to %d are supported",
                          name, rank, XMP_RT_MAX_DIMS);
  xmp_rt_template_t *t = xmpi_calloc_or_die(1, sizeof *t, where);
  t->rank = rank;
  t->name = name;
  t->where = xmpi_srcloc_copy(where);
  for (int d = 0; d < rank; d++) {
    t->lower[d] = lower[d];
    t->upper[d] = upper[d];
    t->node_dim[d] = -1;
    /* Until distributed, every dimension reads as '*'. */
    int st = xmpi_dist_init(&t->dist[d], XMP_RT_DIST_NONE, 0, lower[d], upper[d], 1);
    if (st)
      xmpi_fatal_collective(where, "template '%s' dimension %d [%ld:%ld]: %s", name, d,
                            lower[d], upper[d], xmpi_status_str(st));
  }
  xmpi_registry_add(&t->obj, template_destroy);
  return t;
}

void xmp_rt_template_distribute(xmp_rt_template_t *t, const int *kinds, const intptr_t *params,
                                xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  if (t->distributed)
    xmpi_fatal_collective(where, "template '%s' is already distributed", t->name);
  if (n == NULL)
    xmpi_fatal_collective(where, "template '%s' is distributed onto no nodes", t->name);
  int ndist = 0;
  for (int d = 0; d < t->rank; d++)
    ndist += kinds[d] != XMP_RT_DIST_NONE;
  if (ndist != n->rank)
    xmpi_fatal_collective(where, "template '%s' has %d distributed dimensions, but nodes '%s' "
                          "has %d dimensions", t->name, ndist, n->name, n->rank);

  int ndim = 0;
  for (int d = 0; d < t->rank; d++) {
    int nd = kinds[d] == XMP_RT_DIST_NONE ? -1 : ndim++;
    int st = xmpi_dist_init(&t->dist[d], kinds[d], params[d], t->lower[d], t->upper[d],
                            nd < 0 ? 1 : n->size[nd]);
    if (st)
      xmpi_fatal_collective(where, "template '%s' dimension %d onto %d nodes: %s", t->name, d,
                            nd < 0 ? 1 : n->size[nd], xmpi_status_str(st));
    t->node_dim[d] = nd;
  }
  t->nodes = n;
  t->distributed = 1;
}

int xmpi_template_coord(const xmp_rt_template_t *t, int tdim) {
  return t->node_dim[tdim] < 0 ? 0 : t->nodes->coord[t->node_dim[tdim]];
}

void xmp_rt_template_local_range(const xmp_rt_template_t *t, int dim, long *lower,
                                 long *upper) {
  if (dim < 0 || dim >= t->rank)
    xmpi_fatal(&t->where, "template '%s' has no dimension %d", t->name, dim);
  /* Distributed onto nodes this process is not one of: it owns nothing. */
  if (t->distributed && !xmpi_nodes_member(t->nodes)) {
    *lower = t->lower[dim];
    *upper = t->lower[dim] - 1;
    return;
  }
  int st = xmpi_dist_local_range(&t->dist[dim], xmpi_template_coord(t, dim), lower, upper);
  if (st)
    xmpi_fatal(&t->where, "template '%s' dimension %d: %s", t->name, dim, xmpi_status_str(st));
}
