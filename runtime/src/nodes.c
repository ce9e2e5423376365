/* nodes.c - XMP node arrays: one MPI Cartesian communicator each. */
#include <stdlib.h>

#include "xmpi_internal.h"

static void nodes_destroy(xmpi_obj_t *self) {
  xmp_rt_nodes_t *n = (xmp_rt_nodes_t *)self;
  MPI_Comm_free(&n->comm);
  free(n);
}

long xmpi_nodes_fixed_extent(int rank, const long *shape, const char *name, int *star,
                              const xmp_rt_srcloc_t *where) {
  long fixed = 1;
  *star = -1;
  for (int d = 0; d < rank; d++) {
    if (shape[d] == -1 && *star < 0)
      *star = d;
    else if (shape[d] < 1)
      xmpb_fatal_collective(where, "nodes '%s': extent %ld of dimension %d is invalid "
                            "(positive, or '*')", name, shape[d], d);
    else
      fixed *= shape[d];
  }
  return fixed;
}

xmp_rt_nodes_t *xmp_rt_nodes_create(int rank, const long *shape, const char *name,
                                    const xmp_rt_srcloc_t *where) {
  if (name == NULL)
    name = "(unnamed)";
  /* Inside a task, `nodes p(*)` covers the task's nodes (the executing set). */
  int nprocs = xmpi_exec_size();
  const char *runs = xmpi_exec_depth() > 0 ? "the executing task runs" : "the program runs";
  if (rank < 1 || rank > XMP_RT_MAX_DIMS)
    xmpb_fatal_collective(where, "nodes '%s' has %d dimensions; 1 to %d are supported",
                          name, rank, XMP_RT_MAX_DIMS);

  /* Several '*' extents (`nodes p(*, *)`): the processes the other extents leave are shared
   * out among them as MPI_Dims_create does (as evenly as it can, larger extents first). */
  long resolved[XMP_RT_MAX_DIMS];
  int stars = 0;
  long others = 1;
  for (int d = 0; d < rank; d++) {
    if (shape[d] == -1)
      stars++;
    else if (shape[d] > 0)
      others *= shape[d];
  }
  if (stars > 1) {
    if (nprocs % others != 0)
      xmpb_fatal_collective(where, "needs a multiple of %ld processes, but %s on %d", others,
                            runs, nprocs);
    int dims[XMP_RT_MAX_DIMS] = {0};
    MPI_Dims_create((int)(nprocs / others), stars, dims);
    for (int d = 0, k = 0; d < rank; d++)
      resolved[d] = shape[d] == -1 ? dims[k++] : shape[d];
    shape = resolved;
  }
  int star;
  long fixed = xmpi_nodes_fixed_extent(rank, shape, name, &star, where);
  if (star >= 0 ? nprocs % fixed != 0 : fixed != nprocs) {
    if (star >= 0)
      xmpb_fatal_collective(where, "needs a multiple of %ld processes, but %s on %d", fixed,
                            runs, nprocs);
    xmpb_fatal_collective(where, "needs %ld processes, but %s on %d", fixed, runs, nprocs);
  }

  xmp_rt_nodes_t *n = xmpb_calloc_or_die(1, sizeof *n, where);
  n->rank = rank;
  n->name = name;
  n->where = xmpb_srcloc_copy(where);
  int periods[XMP_RT_MAX_DIMS] = {0};
  for (int d = 0; d < rank; d++)
    n->size[d] = d == star ? (int)(nprocs / fixed) : (int)shape[d];
  /* No reorder: node coordinates are the row-major split of the executing set's ranks (dim 0
   * slowest). */
  MPI_Cart_create(xmpb_exec_comm(), rank, n->size, periods, 0, &n->comm);
  int me;
  MPI_Comm_rank(n->comm, &me);
  MPI_Cart_coords(n->comm, me, rank, n->coord);
  xmpi_registry_add(&n->obj, nodes_destroy);
  return n;
}

int xmp_rt_nodes_size(const xmp_rt_nodes_t *n, int dim) {
  if (dim < 0 || dim >= n->rank)
    xmpb_fatal(&n->where, "nodes '%s' has no dimension %d", n->name, dim);
  return n->size[dim];
}

int xmp_rt_nodes_coord(const xmp_rt_nodes_t *n, int dim) {
  if (dim < 0 || dim >= n->rank)
    xmpb_fatal(&n->where, "nodes '%s' has no dimension %d", n->name, dim);
  return n->coord[dim];
}
