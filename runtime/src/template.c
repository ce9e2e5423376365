/* template.c - XMP templates: index spaces and their distribution onto nodes. */
#include <stdio.h>
#include <stdlib.h>

#include "xmpi_internal.h"

static void template_destroy(xmpi_obj_t *self) {
  xmp_rt_template_t *t = (xmp_rt_template_t *)self;
  xmpi_template_spans_free(t);
  for (int d = 0; d < t->rank; d++)
    xmpi_dist_fini(&t->dist[d]);
  free(t);
}

/* A dimension of a template of deferred shape: no index yet; distribute records its format
 * and node count, template_fix lays it out. */
static void dist_pending(xmpi_dist_t *d, int kind, int nprocs) {
  (void)xmpi_dist_init(d, XMP_RT_DIST_NONE, 0, 0, -1, 1); /* an empty range is valid */
  d->kind = kind;
  d->nprocs = kind == XMP_RT_DIST_NONE ? 1 : nprocs;
}

xmp_rt_template_t *xmp_rt_template_create(int rank, const long *lower, const long *upper,
                                          const char *name, const xmp_rt_srcloc_t *where) {
  if (name == NULL)
    name = "(unnamed)";
  if (rank < 1 || rank > XMP_RT_MAX_DIMS)
    xmpb_fatal_collective(where, "template '%s' has %d dimensions; 1 to %d are supported",
                          name, rank, XMP_RT_MAX_DIMS);
  xmp_rt_template_t *t = xmpb_calloc_or_die(1, sizeof *t, where);
  t->rank = rank;
  t->name = name;
  t->where = xmpb_srcloc_copy(where);
  t->bounded = t->fixed = lower != NULL && upper != NULL;
  for (int d = 0; d < rank; d++) {
    t->node_dim[d] = -1;
    if (!t->bounded) {
      t->lower[d] = 0;
      t->upper[d] = -1;
      dist_pending(&t->dist[d], XMP_RT_DIST_NONE, 1);
      continue;
    }
    t->lower[d] = lower[d];
    t->upper[d] = upper[d];
    /* Until distributed, every dimension reads as '*'. */
    int st = xmpi_dist_init(&t->dist[d], XMP_RT_DIST_NONE, 0, lower[d], upper[d], 1);
    if (st)
      xmpb_fatal_collective(where, "template '%s' dimension %d [%ld:%ld]: %s", name, d,
                            lower[d], upper[d], xmpi_status_str(st));
  }
  xmpi_registry_add(&t->obj, template_destroy);
  return t;
}

/* A second `distribute` of a template: another file's, of the template they share
 * (program_wide.c). The same distribution is kept; another stops the program. */
static void distribute_again(const xmp_rt_template_t *t, const int *kinds, const intptr_t *params,
                             const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  const char *why = xmpi_nodes_differ(n, t->nodes);
  char dim[32] = "", nodes[96];
  if (why != NULL) {
    snprintf(nodes, sizeof nodes, "onto other nodes ('%s': %s)", n->name, why);
    why = nodes;
  }
  for (int d = 0; why == NULL && d < t->rank; d++) {
    xmpi_dist_t again;
    int nd = t->node_dim[d], nprocs = nd < 0 ? 1 : n->size[nd];
    if (kinds[d] != t->dist[d].kind)
      why = "another format";
    else if (!t->fixed) /* laid out by template_fix: the kinds and the parameters */
      why = params[d] == t->param[d] || kinds[d] == XMP_RT_DIST_GBLOCK ? NULL
                                                                         : "another parameter";
    else if (xmpi_dist_init(&again, kinds[d], params[d], t->lower[d], t->upper[d], nprocs))
      why = "a distribution that is not valid here";
    else {
      why = xmpi_dist_differ(&again, &t->dist[d]);
      xmpi_dist_fini(&again);
    }
    snprintf(dim, sizeof dim, " in dimension %d", d);
  }
  if (why != NULL)
    xmpb_fatal_collective(where,
                          "template '%s' is distributed here otherwise than by another file of "
                          "the program (%s:%d, '%s'): %s%s",
                          t->name, t->dist_where.file ? t->dist_where.file : "?",
                          t->dist_where.line, t->dist_where.directive ? t->dist_where.directive : "",
                          why, why == NULL || dim[0] == 0 ? "" : dim);
}

void xmp_rt_template_distribute(xmp_rt_template_t *t, const int *kinds, const intptr_t *params,
                                xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  if (n == NULL)
    xmpb_fatal_collective(where, "template '%s' is distributed onto no nodes", t->name);
  if (t->distributed) {
    distribute_again(t, kinds, params, n, where);
    return;
  }
  int ndist = 0;
  for (int d = 0; d < t->rank; d++)
    ndist += kinds[d] != XMP_RT_DIST_NONE;
  if (ndist != n->rank)
    xmpb_fatal_collective(where, "template '%s' has %d distributed dimensions, but nodes '%s' "
                          "has %d dimensions", t->name, ndist, n->name, n->rank);

  /* gblock(*) (param 0) waits for template_fix's sizes, as a deferred shape does. */
  for (int d = 0; d < t->rank; d++)
    if (kinds[d] == XMP_RT_DIST_GBLOCK && params[d] == 0)
      t->fixed = 0;
  int ndim = 0;
  for (int d = 0; d < t->rank; d++) {
    int nd = kinds[d] == XMP_RT_DIST_NONE ? -1 : ndim++;
    int nprocs = nd < 0 ? 1 : n->size[nd];
    t->param[d] = params[d];
    t->node_dim[d] = nd;
    if (kinds[d] < XMP_RT_DIST_NONE || kinds[d] > XMP_RT_DIST_GBLOCK)
      xmpb_fatal_collective(where, "template '%s' dimension %d: %s", t->name, d,
                            xmpi_status_str(XMPI_E_KIND));
    if (!t->fixed) {
      dist_pending(&t->dist[d], kinds[d], nprocs);
      continue;
    }
    int st = xmpi_dist_init(&t->dist[d], kinds[d], params[d], t->lower[d], t->upper[d], nprocs);
    if (st)
      xmpb_fatal_collective(where, "template '%s' dimension %d onto %d nodes: %s", t->name, d,
                            nprocs, xmpi_status_str(st));
  }
  t->nodes = n;
  t->dist_where = xmpb_srcloc_copy(where);
  t->distributed = 1;
}

void xmp_rt_template_fix(xmp_rt_template_t *t, const int *kinds, const intptr_t *params,
                         const long *lower, const long *upper, const xmp_rt_srcloc_t *where) {
  if (t->fixed)
    xmpb_fatal_collective(where, "template '%s' is fixed already: template_fix applies once, "
                          "to a template declared with ':' or distributed gblock(*)", t->name);
  if (!t->distributed)
    xmpb_fatal_collective(where, "template '%s' must be distributed before template_fix",
                          t->name);
  if ((lower == NULL) != t->bounded)
    xmpb_fatal_collective(where, "template_fix of template '%s' must give its bounds if and "
                          "only if it was declared with ':'", t->name);
  if (lower == NULL) {
    lower = t->lower;
    upper = t->upper;
  }
  for (int d = 0; d < t->rank; d++) {
    xmpi_dist_t *dist = &t->dist[d];
    int kind = kinds != NULL ? kinds[d] : dist->kind;
    if (kind != dist->kind)
      xmpb_fatal_collective(where, "template '%s' dimension %d: the format of template_fix "
                            "differs from the one it was distributed with", t->name, d);
    int st = xmpi_dist_init(dist, kind, params != NULL ? params[d] : t->param[d], lower[d],
                            upper[d], dist->nprocs);
    if (st)
      xmpb_fatal_collective(where, "template '%s' dimension %d [%ld:%ld] onto %d nodes: %s",
                            t->name, d, lower[d], upper[d], dist->nprocs, xmpi_status_str(st));
    t->lower[d] = lower[d];
    t->upper[d] = upper[d];
  }
  t->bounded = t->fixed = 1;
}

void xmpi_template_check_fixed(const xmp_rt_template_t *t, const xmp_rt_srcloc_t *where) {
  if (!t->fixed)
    xmpb_fatal(where != NULL ? where : &t->where,
               "template '%s' is used before template_fix gave it a shape", t->name);
}

int xmpi_template_coord(const xmp_rt_template_t *t, int tdim) {
  return t->node_dim[tdim] < 0 ? 0 : t->nodes->coord[t->node_dim[tdim]];
}

void xmp_rt_template_local_range(const xmp_rt_template_t *t, int dim, long *lower,
                                 long *upper) {
  if (dim < 0 || dim >= t->rank)
    xmpb_fatal(&t->where, "template '%s' has no dimension %d", t->name, dim);
  xmpi_template_check_fixed(t, NULL);
  /* Distributed onto nodes this process is not one of: it owns nothing. */
  if (t->distributed && !xmpi_nodes_member(t->nodes)) {
    *lower = t->lower[dim];
    *upper = t->lower[dim] - 1;
    return;
  }
  int st = xmpi_dist_local_range(&t->dist[dim], xmpi_template_coord(t, dim), lower, upper);
  if (st)
    xmpb_fatal(&t->where, "template '%s' dimension %d: %s", t->name, dim, xmpi_status_str(st));
}
