/* nodes_subset.c - `nodes q(shape) = parent(triplets)`: node arrays made of some of the nodes
 * of another (or of the executing set), and the triplet selections tasks share with them. */
#include <stdlib.h>

#include "xmpi_internal.h"

int xmpi_nodes_member(const xmp_rt_nodes_t *n) { return n->comm != MPI_COMM_NULL; }

/* NULL stands for the executing set, of which every caller is a member. */
int xmp_rt_nodes_is_member(const xmp_rt_nodes_t *n) { return n == NULL || xmpi_nodes_member(n); }

int xmpi_triplet_count(long lb, long ub, long st, long *count) {
  if (st == 0)
    return XMPI_E_STEP;
  if (st > 0)
    *count = ub < lb ? 0 : (ub - lb) / st + 1;
  else
    *count = lb < ub ? 0 : (lb - ub) / -st + 1;
  return XMPI_OK;
}

long xmpi_triplet_pos(long lb, long st, long count, long idx) {
  long d = idx - lb;
  if (d % st != 0)
    return -1;
  long k = d / st;
  return k >= 0 && k < count ? k : -1;
}

void xmpi_nodes_select(const xmp_rt_nodes_t *n, const long *lb, const long *ub, const long *st,
                       xmpi_selection_t *sel, const xmp_rt_srcloc_t *where) {
  const char *name = n != NULL ? n->name : "*";
  int rank = n != NULL ? n->rank : 1;
  sel->total = 1;
  sel->pos = n == NULL || xmpi_nodes_member(n) ? 0 : -1;
  for (int d = 0; d < rank; d++) {
    long size = n != NULL ? n->size[d] : xmpi_exec_size(), count;
    if (xmpi_triplet_count(lb[d], ub[d], st[d], &count))
      xmpb_fatal_collective(where, "nodes '%s' dimension %d: triplet step 0", name, d);
    long last = lb[d] + (count - 1) * st[d];
    if (count > 0 && (lb[d] < 0 || lb[d] >= size || last < 0 || last >= size))
      xmpb_fatal_collective(where, "nodes '%s' dimension %d has nodes 0 to %ld, but the "
                            "selection of %ld from %ld by step %ld reaches %ld (C order, "
                            "0-based; in square brackets a triplet is base:length:step)",
                            name, d, size - 1, count, lb[d], st[d], last);
    sel->total *= count;
    if (sel->pos >= 0) {
      long coord = n != NULL ? n->coord[d] : xmpi_exec_rank();
      long k = xmpi_triplet_pos(lb[d], st[d], count, coord);
      /* Row-major position among the selected nodes: the parent's C order. */
      sel->pos = k < 0 ? -1 : sel->pos * count + k;
    }
  }
}

int xmp_rt_nodes_selection_pos(const xmp_rt_nodes_t *n, const long *lb, const long *ub,
                               const long *st, const long *coord, const char *what,
                               const xmp_rt_srcloc_t *where) {
  int rank = n != NULL ? n->rank : 1;
  long pos = 0;
  for (int d = 0; d < rank; d++) {
    long count, k = -1;
    if (xmpi_triplet_count(lb[d], ub[d], st[d], &count))
      xmpb_fatal_collective(where, "nodes '%s' dimension %d: triplet step 0",
                            n != NULL ? n->name : "*", d);
    k = xmpi_triplet_pos(lb[d], st[d], count, coord[d]);
    if (k < 0)
      xmpb_fatal_collective(where, "%s: node coordinate %ld of dimension %d (C order, "
                            "0-based) of '%s' is not among the selected nodes %ld:%ld:%ld",
                            what, coord[d], d, n != NULL ? n->name : "*", lb[d], ub[d], st[d]);
    pos = pos * count + k;
  }
  return (int)pos;
}

/* The rank of n's node at coord in the executing set (MPI_UNDEFINED: not in it). */
static int exec_rank_of(const xmp_rt_nodes_t *n, const int *coords) {
  int in_n, out;
  MPI_Cart_rank(n->comm, coords, &in_n);
  MPI_Group from, to;
  MPI_Comm_group(n->comm, &from);
  MPI_Comm_group(xmpb_exec_comm(), &to);
  MPI_Group_translate_ranks(from, 1, &in_n, to, &out);
  MPI_Group_free(&from);
  MPI_Group_free(&to);
  return out;
}

int xmp_rt_nodes_image(const xmp_rt_nodes_t *n, const long *coord, const xmp_rt_srcloc_t *where) {
  int coords[XMP_RT_MAX_DIMS];
  for (int d = 0; d < n->rank; d++) {
    if (coord[d] < 0 || coord[d] >= n->size[d])
      xmpb_fatal(where, "node coordinate %ld of dimension %d (C order, 0-based) is outside '%s' "
                 "(0..%d)", coord[d], d, n->name, n->size[d] - 1);
    coords[d] = (int)coord[d];
  }
  if (!xmpi_nodes_member(n))
    xmpb_fatal(where, "this node is not one of '%s': name a node of a node array it belongs to",
               n->name);
  int in_n, out;
  MPI_Cart_rank(n->comm, coords, &in_n);
  MPI_Group from, to;
  MPI_Comm_group(n->comm, &from);
  MPI_Comm_group(MPI_COMM_WORLD, &to);
  MPI_Group_translate_ranks(from, 1, &in_n, to, &out);
  MPI_Group_free(&from);
  MPI_Group_free(&to);
  return out;
}

int xmp_rt_nodes_exec_rank(const xmp_rt_nodes_t *n, const long *coord, const char *what,
                           const xmp_rt_srcloc_t *where) {
  int coords[XMP_RT_MAX_DIMS];
  for (int d = 0; d < n->rank; d++) {
    if (coord[d] < 0 || coord[d] >= n->size[d])
      xmpb_fatal_collective(where, "%s: node coordinate %ld of dimension %d (C order, "
                            "0-based) is outside '%s'", what, coord[d], d, n->name);
    coords[d] = (int)coord[d];
  }
  int rank = exec_rank_of(n, coords);
  if (rank == MPI_UNDEFINED)
    xmpb_fatal_collective(where, "%s: that node of '%s' is not among the executing nodes",
                          what, n->name);
  return rank;
}

/* A selection may name a node's own coordinate ('*'), and a node array may itself be such a
 * subset, so different nodes can select different subsets: members of one subset must get one
 * communicator, of different subsets different ones. The rank in the executing set of the
 * subset's first node (at coordinates lb) tells them apart. Called by members only. */
int xmpi_selection_color(const xmp_rt_nodes_t *n, const long *lb) {
  if (n == NULL)
    return (int)lb[0];
  int coords[XMP_RT_MAX_DIMS];
  for (int d = 0; d < n->rank; d++)
    coords[d] = (int)lb[d];
  int color = exec_rank_of(n, coords);
  return color == MPI_UNDEFINED ? 0 : color;
}

static void subset_destroy(xmpi_obj_t *self) {
  xmp_rt_nodes_t *n = (xmp_rt_nodes_t *)self;
  if (n->comm != MPI_COMM_NULL)
    MPI_Comm_free(&n->comm);
  free(n);
}

xmp_rt_nodes_t *xmp_rt_nodes_create_subset(int rank, const long *shape,
                                           const xmp_rt_nodes_t *parent, const long *lb,
                                           const long *ub, const long *st, const char *name,
                                           const xmp_rt_srcloc_t *where) {
  if (name == NULL)
    name = "(unnamed)";
  if (rank < 1 || rank > XMP_RT_MAX_DIMS)
    xmpb_fatal_collective(where, "nodes '%s' has %d dimensions; 1 to %d are supported",
                          name, rank, XMP_RT_MAX_DIMS);
  xmpi_selection_t sel;
  xmpi_nodes_select(parent, lb, ub, st, &sel, where);
  const char *pname = parent != NULL ? parent->name : "*";

  int star;
  long fixed = xmpi_nodes_fixed_extent(rank, shape, name, &star, where);
  if (star >= 0 ? sel.total == 0 || sel.total % fixed != 0 : fixed != sel.total) {
    if (star >= 0)
      xmpb_fatal_collective(where, "nodes '%s' needs a multiple of %ld nodes, but %ld are "
                            "selected from '%s'", name, fixed, sel.total, pname);
    xmpb_fatal_collective(where, "nodes '%s' needs %ld nodes, but %ld are selected from '%s'",
                          name, fixed, sel.total, pname);
  }

  xmp_rt_nodes_t *n = xmpb_calloc_or_die(1, sizeof *n, where);
  n->rank = rank;
  n->name = name;
  n->subset = 1;
  n->parent = parent;
  for (int d = 0; parent != NULL && d < parent->rank; d++) {
    n->sel_lb[d] = lb[d];
    n->sel_ub[d] = ub[d];
    n->sel_st[d] = st[d];
  }
  n->where = xmpb_srcloc_copy(where);
  for (int d = 0; d < rank; d++)
    n->size[d] = d == star ? (int)(sel.total / fixed) : (int)shape[d];
  /* Every executing process takes part in the split; the key orders the members as the
   * selection does, and the Cartesian layout (no reorder) reshapes that order row-major. */
  MPI_Comm split;
  int color = sel.pos >= 0 ? xmpi_selection_color(parent, lb) : MPI_UNDEFINED;
  MPI_Comm_split(xmpb_exec_comm(), color,
                 sel.pos >= 0 ? (int)sel.pos : 0, &split);
  n->comm = MPI_COMM_NULL;
  if (split != MPI_COMM_NULL) {
    int periods[XMP_RT_MAX_DIMS] = {0}, me;
    MPI_Cart_create(split, rank, n->size, periods, 0, &n->comm);
    MPI_Comm_free(&split);
    MPI_Comm_rank(n->comm, &me);
    MPI_Cart_coords(n->comm, me, rank, n->coord);
  } else {
    for (int d = 0; d < rank; d++)
      n->coord[d] = -1; /* not a member: any use as a coordinate is caught */
  }
  xmpi_registry_add(&n->obj, subset_destroy);
  return n;
}
