/* xmpi_gmove.h - one side of a gmove assignment as this process sees it: the section, where
 * its elements live locally, and which nodes hold each element. Shared by the collective form
 * (gmove.c) and the one-sided `in` / `out` forms (gmove_onesided.c).
 *
 * Ownership: an element of a distributed array is held by the nodes whose coordinate, along
 * each node dimension that an aligned array dimension is distributed over, is the owner of
 * the element's index there; along the other node dimensions (the array is replicated over
 * them) every coordinate holds a copy. A replicated side (plain C data, or an array on an
 * undistributed template) is held whole by every executing node. */
#ifndef XMPI_GMOVE_H
#define XMPI_GMOVE_H

#include "xmpi_internal.h"

#define XMPI_GMOVE_MAXD XMP_RT_MAX_DIMS

typedef struct xmpi_gside {
  const xmp_rt_section_t *sec;
  const xmp_rt_array_t *a; /* NULL for plain replicated data */
  const char *role;        /* "destination" / "source", for messages */
  char *data;              /* this process's storage of the side */
  long base[XMPI_GMOVE_MAXD], stride[XMPI_GMOVE_MAXD]; /* element g at data[sum (g[d] - base[d]) * stride[d]] */
  long len[XMPI_GMOVE_MAXD]; /* the section's lengths, 1 for a single index, "to the end" counted */
  int shape_dim[XMPI_GMOVE_MAXD]; /* array dimension of each shape (non-scalar) dimension */
  int nshape;
  long shape[XMPI_GMOVE_MAXD];
  /* Distribution; nodes NULL when every node holds everything. */
  const xmp_rt_nodes_t *nodes;
  int node_dim[XMPI_GMOVE_MAXD]; /* node dimension array dim d is distributed over, -1 if none */
  /* Filled by xmpi_gside_map (collective over the executing set): */
  int *exec_of; /* node (row-major coordinates) -> executing rank, -1 if not executing */
  int *coords;  /* executing rank r -> its coordinates at r * MAXD (-1: not a member) */
  long *pos[XMPI_GMOVE_MAXD]; /* shape positions whose element this process holds, per shape dim */
  long npos[XMPI_GMOVE_MAXD];
  int holds; /* 0 when a single-index subscript selects elements held elsewhere */
} xmpi_gside_t;

/* Checks one section against its storage and fills layout, shape and distribution; every
 * process sees the same arguments, so errors are collective. */
void xmpi_gside_init(xmpi_gside_t *s, const xmp_rt_section_t *sec, const char *role,
                     const xmp_rt_srcloc_t *where);
/* The sections' shapes (non-scalar lengths, in order) must match, or the source be a single
 * element (no shape dimension: it goes to every destination element), and element sizes
 * agree; returns 0 when the section is empty (nothing to move on any node). */
int xmpi_gside_check_pair(const xmpi_gside_t *dst, const xmpi_gside_t *src,
                          const xmp_rt_srcloc_t *where);
/* Node tables of a distributed side over the executing set (collective over comm). */
void xmpi_gside_map(xmpi_gside_t *s, MPI_Comm comm, int nexec, const xmp_rt_srcloc_t *where);
/* This process's coordinates in the side's node array (all -1 when it is not a member). */
void xmpi_gside_my_coords(const xmpi_gside_t *s, int *my);
/* Lists, per shape dimension, the positions whose element the node with coordinates `my`
 * holds (my NULL: all of them, a replicated side). An index outside the template is a
 * collective error (every process visits every index). */
void xmpi_gside_positions(xmpi_gside_t *s, const int *my, const xmp_rt_srcloc_t *where);
/* Lists every position of the section, wherever its element is held. */
void xmpi_gside_positions_all(xmpi_gside_t *s, const xmp_rt_srcloc_t *where);
/* Owner coordinate of index g of array dim d along its node dimension (-1: outside). */
int xmpi_gside_dim_owner(const xmpi_gside_t *s, int d, long g);
/* fixed[nd]: the coordinate along node dim nd holding element g, or -1 along node dims the
 * array is replicated over. */
void xmpi_gside_owner_coords(const xmpi_gside_t *s, const long *g, int *fixed);
/* Whether executing rank r holds the element at fixed (needs xmpi_gside_map). */
int xmpi_gside_is_holder(const xmpi_gside_t *s, const int *fixed, int r);
/* Number of nodes holding the element at fixed (nexec for a replicated side), and the
 * row-major node index of the i-th of them. */
long xmpi_gside_holder_count(const xmpi_gside_t *s, const int *fixed, int nexec);
size_t xmpi_gside_holder_node(const xmpi_gside_t *s, const int *fixed, long i);
/* Global index of the element at shape position p. */
void xmpi_gside_global_index(const xmpi_gside_t *s, const long *p, long *g);
/* Element offset of global index g in this process's storage. */
long xmpi_gside_offset(const xmpi_gside_t *s, const long *g);
/* Calls visit(ctx, p) for every shape position p this node holds of side s, in row-major
 * section order (nothing when it holds none). */
void xmpi_gside_walk(const xmpi_gside_t *s, void (*visit)(void *ctx, const long *p), void *ctx);
void xmpi_gside_free(xmpi_gside_t *s);

#endif /* XMPI_GMOVE_H */
