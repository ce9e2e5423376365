/* xmpi_halo.h - pure index arithmetic of shadows (halos) along one array dimension (no MPI).
 *
 * Inputs are the owned global index intervals [olo[k], ohi[k]] of the nodes k = 0..nprocs-1
 * along the node dimension the array dimension is distributed over (empty when
 * olo[k] > ohi[k]) and the array's global bounds [0, extent). */
#ifndef XMPI_HALO_H
#define XMPI_HALO_H

#include "xmpi_index.h"

/* Local storage of one dimension owning [olo, ohi] with shadow widths slo, shi: element g
 * lives at local position g - *base, 0 <= position < *local_extent. A full shadow stores
 * the whole dimension (base 0), so owned elements sit at their global position. */
void xmpi_shadow_layout(long extent, long olo, long ohi, long slo, long shi, int full,
                        long *base, long *local_extent);

/* Nearest node from coord in direction dir (-1 or +1) that owns elements; empty nodes are
 * skipped. Without periodic, -1 past the ends; with it the search wraps (and may come back
 * to coord itself). */
int xmpi_halo_neighbor(const long *olo, const long *ohi, int nprocs, int coord, int dir,
                       int periodic);

/* One transfer: node coordinate peer (-1: none) and the number of elements. */
typedef struct xmpi_halo_side {
  int peer;
  long count;
} xmpi_halo_side_t;

/* Node coord's part of a halo exchange with widths wlo, whi. recv_lo fills the innermost
 * count elements of its lower shadow from the peer's last owned ones; recv_hi its upper
 * shadow from the peer's first ones. send_lo / send_hi are the matching transfers of its own
 * first / last owned elements to the neighbours' upper / lower shadows. Without periodic,
 * shadow elements beyond the global bounds are not transferred (counts shrink there); with
 * it they wrap. A node owning nothing takes no part. XMPI_E_HALO when an element that coord
 * receives or sends is not owned by the adjacent node (it owns fewer than the width);
 * *short_width then is the width that did not fit. */
typedef struct xmpi_halo_dim {
  xmpi_halo_side_t recv_lo, recv_hi, send_lo, send_hi;
} xmpi_halo_dim_t;
int xmpi_halo_dim(const long *olo, const long *ohi, int nprocs, long extent, int coord,
                  long wlo, long whi, int periodic, xmpi_halo_dim_t *h, long *short_width);

#endif /* XMPI_HALO_H */
