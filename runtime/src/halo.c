/* halo.c - pure index arithmetic of shadows (see xmpi_halo.h). */
#include "xmpi_halo.h"

static long owned_count(const long *olo, const long *ohi, int k) {
  return ohi[k] >= olo[k] ? ohi[k] - olo[k] + 1 : 0;
}

void xmpi_shadow_layout(long extent, long olo, long ohi, long slo, long shi, int full,
                        long *base, long *local_extent) {
  if (full) {
    *base = 0;
    *local_extent = extent;
    return;
  }
  long owned = ohi >= olo ? ohi - olo + 1 : 0;
  *base = olo - slo;
  *local_extent = owned + slo + shi;
}

int xmpi_halo_neighbor(const long *olo, const long *ohi, int nprocs, int coord, int dir,
                       int periodic) {
  int k = coord;
  for (int step = 0; step < nprocs; step++) {
    k += dir;
    if (k < 0 || k >= nprocs) {
      if (!periodic)
        return -1;
      k = k < 0 ? nprocs - 1 : 0;
    }
    if (owned_count(olo, ohi, k) > 0)
      return k;
  }
  return -1;
}

/* What coord receives into its shadow on side dir (-1 lower, +1 upper) of width w. */
static int recv_side(const long *olo, const long *ohi, int nprocs, long extent, int coord,
                     int dir, long w, int periodic, xmpi_halo_side_t *s) {
  s->peer = -1;
  s->count = 0;
  if (w == 0 || owned_count(olo, ohi, coord) == 0)
    return XMPI_OK;
  /* In-range indices beyond this side; without wrap-around only those are exchanged. */
  long room = dir < 0 ? olo[coord] : extent - 1 - ohi[coord];
  long need = periodic || w < room ? w : room;
  if (need <= 0)
    return XMPI_OK;
  int q = xmpi_halo_neighbor(olo, ohi, nprocs, coord, dir, periodic);
  long edge = dir < 0 ? olo[coord] - 1 : ohi[coord] + 1;
  if (periodic)
    edge = (edge % extent + extent) % extent;
  /* The neighbour must hold the `need` elements adjacent to this node's part: otherwise
   * some belong to a node further away, which this one-hop exchange does not reach. */
  if (q < 0 || (dir < 0 ? ohi[q] : olo[q]) != edge || owned_count(olo, ohi, q) < need)
    return XMPI_E_HALO;
  s->peer = q;
  s->count = need;
  return XMPI_OK;
}

/* What coord sends to its neighbour on side dir: whatever that neighbour receives from it. */
static int send_side(const long *olo, const long *ohi, int nprocs, long extent, int coord,
                     int dir, long w, int periodic, xmpi_halo_side_t *s) {
  s->peer = -1;
  s->count = 0;
  if (w == 0 || owned_count(olo, ohi, coord) == 0)
    return XMPI_OK;
  int q = xmpi_halo_neighbor(olo, ohi, nprocs, coord, dir, periodic);
  if (q < 0)
    return XMPI_OK;
  xmpi_halo_side_t r;
  int st = recv_side(olo, ohi, nprocs, extent, q, -dir, w, periodic, &r);
  if (st)
    return st;
  if (r.peer == coord)
    *s = (xmpi_halo_side_t){q, r.count};
  return XMPI_OK;
}

int xmpi_halo_dim(const long *olo, const long *ohi, int nprocs, long extent, int coord,
                  long wlo, long whi, int periodic, xmpi_halo_dim_t *h, long *short_width) {
  /* The lower shadow of a node is filled by its lower neighbour's send_hi, so both use
   * width wlo; likewise whi. */
  int st;
  if ((st = recv_side(olo, ohi, nprocs, extent, coord, -1, wlo, periodic, &h->recv_lo)) ||
      (st = send_side(olo, ohi, nprocs, extent, coord, +1, wlo, periodic, &h->send_hi))) {
    *short_width = wlo;
    return st;
  }
  if ((st = recv_side(olo, ohi, nprocs, extent, coord, +1, whi, periodic, &h->recv_hi)) ||
      (st = send_side(olo, ohi, nprocs, extent, coord, -1, whi, periodic, &h->send_lo))) {
    *short_width = whi;
    return st;
  }
  return XMPI_OK;
}
