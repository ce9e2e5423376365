/* test_halo.c - shadow layout and neighbour arithmetic of xmpi_halo.h against hand-computed
 * values and a brute-force reference that looks up the owner of every shadow element. */
#include <stdlib.h>

#include "check.h"
#include "xmpi_halo.h"

#define MAXN 16
#define MAXP 5

static void hand_computed(void) {
  long base, ext;
  xmpi_shadow_layout(10, 3, 5, 1, 2, 0, &base, &ext);
  CHECK(base == 2 && ext == 6);
  xmpi_shadow_layout(10, 3, 5, 1, 2, 1, &base, &ext); /* full: the whole dimension */
  CHECK(base == 0 && ext == 10);
  xmpi_shadow_layout(3, 4, 3, 1, 1, 0, &base, &ext); /* owns nothing: shadows only */
  CHECK(base == 3 && ext == 2);

  /* 3 over 4 nodes, block: [0,0] [1,1] [2,2] [] */
  long olo[] = {0, 1, 2, 4}, ohi[] = {0, 1, 2, 3};
  CHECK(xmpi_halo_neighbor(olo, ohi, 4, 2, +1, 0) == -1);
  CHECK(xmpi_halo_neighbor(olo, ohi, 4, 2, +1, 1) == 0);  /* skips the empty node 3 */
  CHECK(xmpi_halo_neighbor(olo, ohi, 4, 0, -1, 1) == 2);
  CHECK(xmpi_halo_neighbor(olo, ohi, 4, 1, -1, 0) == 0);
  xmpi_halo_dim_t h;
  long w = 0;
  CHECK(xmpi_halo_dim(olo, ohi, 4, 3, 2, 1, 1, 1, &h, &w) == XMPI_OK);
  CHECK(h.recv_lo.peer == 1 && h.recv_lo.count == 1 && h.recv_hi.peer == 0);
  CHECK(h.send_hi.peer == 0 && h.send_lo.peer == 1 && h.send_lo.count == 1);
  CHECK(xmpi_halo_dim(olo, ohi, 4, 3, 3, 1, 1, 1, &h, &w) == XMPI_OK);
  CHECK(h.recv_lo.peer == -1 && h.recv_hi.peer == -1 && h.send_lo.peer == -1);

  /* 10 over 4, block: 3 3 3 1. Width 2 upwards is fine at the global end without wrap-around
   * (only index 9 exists), but not with it (index 0 lies two nodes away). */
  long blo[] = {0, 3, 6, 9}, bhi[] = {2, 5, 8, 9};
  CHECK(xmpi_halo_dim(blo, bhi, 4, 10, 2, 0, 2, 0, &h, &w) == XMPI_OK);
  CHECK(h.recv_hi.peer == 3 && h.recv_hi.count == 1);
  CHECK(xmpi_halo_dim(blo, bhi, 4, 10, 2, 0, 2, 1, &h, &w) == XMPI_E_HALO && w == 2);
  /* Node 3 itself cannot send the two elements node 2 needs. */
  CHECK(xmpi_halo_dim(blo, bhi, 4, 10, 3, 0, 2, 1, &h, &w) == XMPI_E_HALO);
}

typedef struct {
  int ok, peer;
  long count;
} ref_side_t;

static long mod(long a, long n) { return (a % n + n) % n; }

/* Node c's shadow on side dir of width w: every in-range (or wrapped) element must be owned
 * by one node, which holds at least as many distinct elements. */
static ref_side_t ref_recv(const int *owner, long n, const long *olo, const long *ohi, int c,
                           int dir, long w, int periodic) {
  ref_side_t r = {1, -1, 0};
  if (ohi[c] < olo[c])
    return r;
  for (long j = 1; j <= w; j++) {
    long g = dir < 0 ? olo[c] - j : ohi[c] + j;
    if (periodic)
      g = mod(g, n);
    else if (g < 0 || g >= n)
      continue;
    if (r.count > 0 && owner[g] != r.peer)
      r.ok = 0;
    r.peer = owner[g];
    r.count++;
  }
  if (r.count > 0 && ohi[r.peer] - olo[r.peer] + 1 < r.count)
    r.ok = 0;
  return r;
}

static void check_split(const int *owner, long n, int p) {
  long olo[MAXP], ohi[MAXP];
  for (int c = 0; c < p; c++) {
    olo[c] = n + 1;
    ohi[c] = n;
    for (long g = 0; g < n; g++)
      if (owner[g] == c) {
        if (olo[c] > n)
          olo[c] = g;
        ohi[c] = g;
      }
  }
  for (long wlo = 0; wlo <= 3; wlo++)
    for (long whi = 0; whi <= 3; whi++)
      for (int per = 0; per <= 1; per++) {
        ref_side_t rlo[MAXP], rhi[MAXP];
        int all_ok = 1;
        for (int c = 0; c < p; c++) {
          rlo[c] = ref_recv(owner, n, olo, ohi, c, -1, wlo, per);
          rhi[c] = ref_recv(owner, n, olo, ohi, c, +1, whi, per);
          all_ok &= rlo[c].ok && rhi[c].ok;
        }
        int any_err = 0;
        for (int c = 0; c < p; c++) {
          xmpi_halo_dim_t h;
          long w;
          int st = xmpi_halo_dim(olo, ohi, p, n, c, wlo, whi, per, &h, &w);
          any_err |= st != XMPI_OK;
          if (st || !all_ok)
            continue;
          CHECKF(h.recv_lo.peer == rlo[c].peer && h.recv_lo.count == rlo[c].count &&
                 h.recv_hi.peer == rhi[c].peer && h.recv_hi.count == rhi[c].count,
                 "recv n %ld p %d c %d w %ld:%ld per %d", n, p, c, wlo, whi, per);
          /* Sends mirror the receives of the nodes this one fills. */
          long up = 0, down = 0;
          int up_peer = -1, down_peer = -1;
          for (int q = 0; q < p; q++) {
            if (rlo[q].peer == c && rlo[q].count > 0) {
              up_peer = q;
              up = rlo[q].count;
            }
            if (rhi[q].peer == c && rhi[q].count > 0) {
              down_peer = q;
              down = rhi[q].count;
            }
          }
          CHECKF(h.send_hi.peer == up_peer && h.send_hi.count == up && h.send_lo.peer ==
                 down_peer && h.send_lo.count == down, "send n %ld p %d c %d w %ld:%ld per %d",
                 n, p, c, wlo, whi, per);
        }
        CHECKF(any_err == !all_ok, "status n %ld p %d w %ld:%ld per %d: ref ok %d", n, p, wlo,
               whi, per, all_ok);
      }
}

static void brute_force(void) {
  int owner[MAXN];
  for (long n = 1; n <= 13; n++)
    for (int p = 1; p <= MAXP; p++) {
      /* Block as ceil(n / p) chunks (trailing nodes may own nothing). */
      long chunk = (n + p - 1) / p;
      for (long g = 0; g < n; g++)
        owner[g] = (int)(g / chunk);
      check_split(owner, n, p);
      /* Pseudo-random gblock-like splits with empty nodes anywhere. */
      for (int seed = 0; seed < 6; seed++) {
        unsigned r = (unsigned)(seed * 7919 + n * 31 + p);
        long pos = 0;
        for (int c = 0; c < p; c++) {
          r = r * 1103515245u + 12345u;
          long size = c == p - 1 ? n - pos : (long)((r >> 8) % (unsigned long)(n - pos + 1));
          for (long j = 0; j < size; j++)
            owner[pos++] = c;
        }
        check_split(owner, n, p);
      }
    }
}

int main(void) {
  hand_computed();
  brute_force();
  return CHECK_RESULT();
}
