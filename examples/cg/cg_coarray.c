/* cg_coarray.c - the conjugate gradient solver of cg_xmp.c (same matrix, same 25 iterations,
 * same check) written in XMP/C's local view: no templates or distributed arrays, only
 * coarrays, coindexed section gets and image control.
 *
 * The matrix: row i has 4 + 0.002 (1 + i mod 7) on the diagonal and -1 at columns i +- 1 and
 * i +- SKIP (mod NA): symmetric, strictly diagonally dominant, so positive definite.
 *
 * Layout: image k (0-based) owns the contiguous rows lo(k) .. lo(k+1)-1, NA/n rows each and
 * one more on the first NA mod n images, and its blocks of x, z, p, q and r, indexed from 0
 * locally. Only p is read by other images, so only p is a coarray; its size is the largest
 * block any image count can give (NA, on one image), since a coarray's shape is fixed at
 * compile time.
 *
 * Product q = A p: row i reads p at columns i-SKIP .. i+SKIP, so each image keeps an
 * extended copy ext[] of p at the global columns lo-SKIP .. hi-1+SKIP (mod NA), its own block
 * in the middle. Only the columns its rows actually use are fetched: below the block the
 * columns lo-SKIP .. min(lo, hi-SKIP)-1 (the i-SKIP neighbours not in the block) and lo-1
 * (the i-1 neighbour), and the mirror ranges above; the ranges are merged, cut where the owner
 * changes (or the index wraps around NA), and each piece is one coindexed section get
 * `ext[e:c] = p[l:c]:[k]`. The plan (pieces and owners) is made once; each product is then
 * xmp_sync_all (every image's p is up to date) and the gets. With NA=1003 on 1-4 images the
 * halo is two ranges of SKIP columns, from the previous and the next image (from this image
 * itself, wrapped around, on one image).
 *
 * Dot products: each image puts its partial sum into every image's part[][me] (element puts),
 * xmp_sync_all, and each image adds part[][0..n-1] in image order, so all images get the
 * same bits. part has two rows used alternately: the next reduction's puts may land while a
 * slower image still reads the current row, but not before every image has passed the next
 * sync_all, after which this row is free again.
 *
 * The program checks itself: the same iterations on the whole matrix in plain C on every
 * image give the reference solution norm and residual, which the distributed run must match
 * to 1e-10 relative to ||z|| and to ||x|| (the sums are taken in another order; the residual
 * itself is near the rounding error, so only its size is compared). Build with -DNA=. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <xmp.h>

#include "cg_problem.h"

#define MAX_IMAGES 256
/* The halo has at most 2 SKIP + 2 columns, each piece at least one. */
#define MAX_PIECES (2 * SKIP + 2)

double p[NA]:[*];
double part[2][MAX_IMAGES]:[*];

static int me, nimg, lo, nloc;
static double x[NA], z[NA], q[NA], r[NA];
/* p at the global columns lo-SKIP .. lo+nloc-1+SKIP (mod NA). */
static double ext[NA + 2 * SKIP];
/* This image's rows in CSR form, with column indices into ext. */
static int rowstr[NA + 1], colidx[NA * NZ_PER_ROW];
static double a[NA * NZ_PER_ROW];
/* The halo's gets: ext[piece_ext : piece_len] = p[piece_src : piece_len]:[piece_img]. */
static int npieces, piece_ext[MAX_PIECES], piece_src[MAX_PIECES], piece_len[MAX_PIECES],
    piece_img[MAX_PIECES];
static int reduction_parity;


/* The block split: image k owns rows block_lo(k) .. block_lo(k+1)-1. */
static int block_lo(int k) { return k * (NA / nimg) + (k < NA % nimg ? k : NA % nimg); }
static int owner(int j) {
  int big = NA / nimg + 1, nbig = NA % nimg;
  return j < nbig * big ? j / big : nbig + (j - nbig * big) / (NA / nimg);
}

/* Adds the gets for ext[e0 .. e1-1], cut by owner and by wrapping around NA. */
static void plan_range(int e0, int e1) {
  for (int e = e0; e < e1;) {
    int j = ((lo - SKIP + e) % NA + NA) % NA, k = owner(j);
    int len = block_lo(k + 1) - j;
    if (len > e1 - e)
      len = e1 - e;
    piece_ext[npieces] = e;
    piece_src[npieces] = j - block_lo(k);
    piece_len[npieces] = len;
    piece_img[npieces++] = k;
    e += len;
  }
}

static void setup(void) {
  me = xmpc_this_image();
  nimg = xmp_num_images();
  lo = block_lo(me);
  nloc = block_lo(me + 1) - lo;
  /* The rows, columns as positions in ext (global column lo - SKIP is ext[0]). */
  int nz = 0;
  for (int il = 0; il < nloc; il++) {
    rowstr[il] = nz;
    for (int k = 0; k < NZ_PER_ROW; k++) {
      colidx[nz] = SKIP + il + cg_offset[k];
      a[nz++] = k == 0 ? diag(lo + il) : -1.0;
    }
  }
  rowstr[nloc] = nz;
  /* The halo's ranges in ext, in increasing order (the block itself is ext[SKIP ..
   * SKIP+nloc-1]): the i-SKIP neighbours, the i-1 neighbour of the first row, the i+1
   * neighbour of the last row, the i+SKIP neighbours. Overlapping or touching ranges are
   * merged (the block lies between the second and the third, which never merge). */
  int span = nloc < SKIP ? nloc : SKIP;
  int range[4][2] = {{0, span},
                     {SKIP - 1, SKIP},
                     {SKIP + nloc, SKIP + nloc + 1},
                     {2 * SKIP + nloc - span, 2 * SKIP + nloc}};
  int cur0 = range[0][0], cur1 = range[0][1];
  for (int t = 1; t < 4; t++) {
    if (range[t][0] <= cur1) {
      if (range[t][1] > cur1)
        cur1 = range[t][1];
    } else {
      plan_range(cur0, cur1);
      cur0 = range[t][0];
      cur1 = range[t][1];
    }
  }
  plan_range(cur0, cur1);
}

/* out = A p on this image's rows. */
static void matvec(double *out) {
  xmp_sync_all(NULL); /* every image's p is final */
  for (int t = 0; t < npieces; t++) {
    int e = piece_ext[t], s = piece_src[t], c = piece_len[t], k = piece_img[t];
    ext[e:c] = p[s:c]:[k];
  }
  memcpy(ext + SKIP, p, nloc * sizeof(double));
  for (int il = 0; il < nloc; il++) {
    double sum = 0.0;
    for (int k = rowstr[il]; k < rowstr[il + 1]; k++)
      sum += a[k] * ext[colidx[k]];
    out[il] = sum;
  }
}

/* The sum over all images of each one's v. */
static double allreduce(double v) {
  int row = reduction_parity;
  reduction_parity ^= 1;
  for (int k = 0; k < nimg; k++)
    part[row][me]:[k] = v;
  xmp_sync_all(NULL);
  double sum = 0.0;
  for (int k = 0; k < nimg; k++)
    sum += part[row][k];
  return sum;
}

static double dot(const double *u, const double *v) {
  double sum = 0.0;
  for (int il = 0; il < nloc; il++)
    sum += u[il] * v[il];
  return allreduce(sum);
}

int main(void) {
  if (xmp_num_images() > MAX_IMAGES || xmp_num_images() > NA) {
    if (xmpc_this_image() == 0)
      printf("cg: FAILED: at most %d images (and NA=%d) supported\n", MAX_IMAGES, NA);
    return 1;
  }
  setup();
  xmp_sync_all(NULL);
  double t0 = xmp_wtime();
  for (int il = 0; il < nloc; il++) {
    x[il] = 1.0;
    z[il] = 0.0;
    r[il] = p[il] = x[il];
  }
  double rho = dot(r, r);
  for (int it = 0; it < ITERS; it++) {
    matvec(q);
    double alpha = rho / dot(p, q), rho0 = rho;
    for (int il = 0; il < nloc; il++) {
      z[il] += alpha * p[il];
      r[il] -= alpha * q[il];
    }
    /* Every image's gets of p for this product are done once it passes the sync_all in the
     * next reduction, so p may then change. */
    rho = dot(r, r);
    double beta = rho / rho0;
    for (int il = 0; il < nloc; il++)
      p[il] = r[il] + beta * p[il];
  }
  /* ||x - A z|| and ||z||: z goes through p, the coarray the product reads (free now, as
   * after each iteration). */
  for (int il = 0; il < nloc; il++)
    p[il] = z[il];
  matvec(q);
  for (int il = 0; il < nloc; il++)
    r[il] = x[il] - q[il];
  double rnorm = sqrt(dot(r, r)), znorm = sqrt(dot(z, z)), seconds = xmp_wtime() - t0;
  if (me == 0) {
    printf("cg: NA=%d, %d iterations on %d images, %.3f s\n", NA, ITERS, nimg, seconds);
    printf("cg: halo of image 0: %d section gets per product\n", npieces);
  }
  return verify(rnorm, znorm, me == 0) ? 0 : 1;
}
