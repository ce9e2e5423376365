/* halo_faces.c - what the two shadow exchanges share: reflect (owners -> shadows) and
 * reduce_shadow (shadows -> owners, added). Widths are checked the same way, the same node
 * pairs exchange the same element counts (xmpi_halo_dim), only the direction differs. */
#include <stdlib.h>

#include "xmpi_internal.h"

MPI_Comm xmpi_halo_comm(const xmp_rt_array_t *a) {
  return a->tmpl != NULL && a->tmpl->distributed ? a->tmpl->nodes->comm : MPI_COMM_SELF;
}

int xmpi_halo_peer_rank(const xmp_rt_array_t *a, int d, int coord) {
  if (xmpi_halo_comm(a) == MPI_COMM_SELF)
    return 0;
  const xmp_rt_nodes_t *n = a->tmpl->nodes;
  int coords[XMP_RT_MAX_DIMS];
  for (int k = 0; k < n->rank; k++)
    coords[k] = n->coord[k];
  int nd = a->tmpl->node_dim[a->align_tdim[d]];
  if (nd >= 0)
    coords[nd] = coord;
  int r;
  MPI_Cart_rank(n->comm, coords, &r);
  return r;
}

long *xmpi_halo_owned_ranges(const xmp_rt_array_t *a, int d, int nprocs,
                             const xmp_rt_srcloc_t *where) {
  long *r = xmpb_calloc_or_die(2 * (size_t)nprocs, sizeof *r, where);
  for (int k = 0; k < nprocs; k++) {
    int st = xmpi_array_owned_range(a, d, k, &r[k], &r[nprocs + k]);
    if (st)
      xmpb_fatal_collective(where, "array '%s' dimension %d: %s", a->name, d,
                            xmpi_status_str(st));
  }
  return r;
}

void xmpi_halo_widths(const xmp_rt_array_t *a, const long *lo, const long *hi,
                      const int *periodic, const char *directive, long *klo, long *khi,
                      int *kperiodic, const xmp_rt_srcloc_t *where) {
  for (int d = 0; d < a->rank; d++) {
    long l = lo != NULL ? lo[d] : -1, h = hi != NULL ? hi[d] : -1;
    if (a->shadow_full[d]) {
      /* The whole dimension takes part unless both sides are turned off. */
      if (l < -1 || h < -1)
        xmpb_fatal_collective(where, "array '%s' dimension %d: negative %s width %ld:%ld",
                              a->name, d, directive, l, h);
      klo[d] = khi[d] = l != 0 || h != 0;
      kperiodic[d] = 0;
      continue;
    }
    l = l == -1 ? a->shadow_lo[d] : l;
    h = h == -1 ? a->shadow_hi[d] : h;
    if (l < 0 || h < 0 || l > a->shadow_lo[d] || h > a->shadow_hi[d])
      xmpb_fatal_collective(where, "array '%s' dimension %d: %s width %ld:%ld is not "
                            "within the declared shadow %ld:%ld", a->name, d, directive, l, h,
                            a->shadow_lo[d], a->shadow_hi[d]);
    klo[d] = l;
    khi[d] = h;
    kperiodic[d] = periodic != NULL && periodic[d] != 0 && (l != 0 || h != 0);
  }
}

static long halo_sides(const xmp_rt_array_t *a, int d, long lo, long hi, int periodic,
                       xmpi_halo_dim_t *mine, const xmp_rt_srcloc_t *where) {
  int nprocs = xmpi_array_nprocs(a, d), me = xmpi_array_coord(a, d);
  long *olo = xmpi_halo_owned_ranges(a, d, nprocs, where), *ohi = olo + nprocs;
  /* Checked for every node, not only this one, so that all report a bad width together. */
  *mine = (xmpi_halo_dim_t){{-1, 0}, {-1, 0}, {-1, 0}, {-1, 0}};
  for (int k = 0; k < nprocs; k++) {
    xmpi_halo_dim_t h;
    long w;
    int st = xmpi_halo_dim(olo, ohi, nprocs, a->extent[d], k, lo, hi, periodic, &h, &w);
    if (st)
      xmpb_fatal_collective(where, "array '%s' dimension %d, shadow width %ld: %s", a->name,
                            d, w, xmpi_status_str(st));
    if (k == me)
      *mine = h;
  }
  long own = ohi[me] >= olo[me] ? ohi[me] - olo[me] + 1 : 0;
  free(olo);
  return own;
}

void xmpi_halo_faces(const xmp_rt_array_t *a, int d, long lo, long hi, int periodic,
                     xmpi_halo_face_t faces[XMPI_HALO_FACES], const xmp_rt_srcloc_t *where) {
  xmpi_halo_dim_t m;
  long own = halo_sides(a, d, lo, hi, periodic, &m, where), slo = a->shadow_lo[d];
  faces[0] = (xmpi_halo_face_t){m.recv_lo.peer, slo - m.recv_lo.count, m.recv_lo.count, 0, 1};
  faces[1] = (xmpi_halo_face_t){m.recv_hi.peer, slo + own, m.recv_hi.count, 0, 0};
  faces[2] = (xmpi_halo_face_t){m.send_lo.peer, slo, m.send_lo.count, 1, 0};
  faces[3] = (xmpi_halo_face_t){m.send_hi.peer, slo + own - m.send_hi.count, m.send_hi.count,
                                1, 1};
}

MPI_Datatype xmpi_halo_face_type(const xmp_rt_array_t *a, MPI_Datatype elem, const long *start,
                                 const long *count) {
  int sizes[XMP_RT_MAX_DIMS], subs[XMP_RT_MAX_DIMS], starts[XMP_RT_MAX_DIMS];
  for (int e = 0; e < a->rank; e++) {
    sizes[e] = (int)a->local_extent[e];
    subs[e] = (int)count[e];
    starts[e] = (int)start[e];
  }
  MPI_Datatype t;
  MPI_Type_create_subarray(a->rank, sizes, subs, starts, MPI_ORDER_C, elem, &t);
  MPI_Type_commit(&t);
  return t;
}

int xmpi_halo_full_comm(const xmp_rt_array_t *a, int d, MPI_Comm *sub) {
  int nd = xmpi_halo_comm(a) == MPI_COMM_SELF ? -1 : a->tmpl->node_dim[a->align_tdim[d]];
  if (nd < 0)
    return 0;
  int remain[XMP_RT_MAX_DIMS] = {0};
  remain[nd] = 1;
  MPI_Cart_sub(a->tmpl->nodes->comm, remain, sub);
  return 1;
}
