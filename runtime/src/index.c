/* index.c - pure index arithmetic of distributed dimensions (see xmpi_index.h). */
#include <limits.h>
#include "xmpi_index.h"

#include <stdlib.h>
#include <string.h>

#include "xmp_rt.h"

const char *xmpi_status_str(int status) {
  switch (status) {
  case XMPI_OK: return "no error";
  case XMPI_E_RANGE: return "upper bound is below lower bound";
  case XMPI_E_NPROCS: return "invalid node count or coordinate";
  case XMPI_E_KIND: return "unknown distribution format";
  case XMPI_E_WIDTH: return "cyclic width must be at least 1";
  case XMPI_E_GBLOCK:
    return "gblock sizes must be given, non-negative, and sum to the template extent";
  case XMPI_E_NOMEM: return "out of memory";
  case XMPI_E_STEP: return "loop step must not be 0";
  case XMPI_E_NOT_INTERVAL:
    return "the local part of a block-cyclic dimension is not one interval";
  case XMPI_E_UNSUPPORTED:
    return "a loop over a cyclic(w) dimension with w > 1 is not one progression "
           "(xmp_rt_loop_block_count / xmp_rt_loop_block split it per block)";
  case XMPI_E_HALO:
    return "the shadow reaches past the elements of the neighbouring node";
  case XMPI_E_BLOCK: return "loop block index out of range";
  default: return "unknown error";
  }
}

static long extent(const xmpi_dist_t *d) { return d->upper - d->lower + 1; }

/* ceil(N / P); 0 for an empty dimension, whose nodes then all own nothing. */
static long block_chunk(const xmpi_dist_t *d) { return xmpb_ceil_div(extent(d), d->nprocs); }

int xmpi_dist_init(xmpi_dist_t *d, int kind, intptr_t param, long lower, long upper,
                   int nprocs) {
  d->kind = kind;
  d->lower = lower;
  d->upper = upper;
  d->nprocs = kind == XMP_RT_DIST_NONE ? 1 : nprocs;
  d->width = 1;
  d->gblock_start = NULL;
  if (upper < lower - 1)
    return XMPI_E_RANGE;
  if (d->nprocs < 1)
    return XMPI_E_NPROCS;
  switch (kind) {
  case XMP_RT_DIST_NONE:
  case XMP_RT_DIST_BLOCK:
    return XMPI_OK;
  case XMP_RT_DIST_CYCLIC:
    if (param < 1)
      return XMPI_E_WIDTH;
    d->width = (long)param;
    return XMPI_OK;
  case XMP_RT_DIST_GBLOCK: {
    const int *sizes = (const int *)param;
    if (sizes == NULL)
      return XMPI_E_GBLOCK;
    long *start = malloc(((size_t)nprocs + 1) * sizeof *start);
    if (start == NULL)
      return XMPI_E_NOMEM;
    start[0] = lower;
    for (int p = 0; p < nprocs; p++) {
      if (sizes[p] < 0) {
        free(start);
        return XMPI_E_GBLOCK;
      }
      start[p + 1] = start[p] + sizes[p];
    }
    if (start[nprocs] != upper + 1) {
      free(start);
      return XMPI_E_GBLOCK;
    }
    d->gblock_start = start;
    return XMPI_OK;
  }
  default:
    return XMPI_E_KIND;
  }
}

void xmpi_dist_fini(xmpi_dist_t *d) {
  free(d->gblock_start);
  d->gblock_start = NULL;
}

const char *xmpi_dist_differ(const xmpi_dist_t *a, const xmpi_dist_t *b) {
  if (a->kind != b->kind)
    return "another format";
  if (a->nprocs != b->nprocs)
    return "onto another number of nodes";
  if (a->kind == XMP_RT_DIST_CYCLIC && a->width != b->width)
    return "another cyclic width";
  if (a->kind == XMP_RT_DIST_GBLOCK && (a->gblock_start == NULL) != (b->gblock_start == NULL))
    return "gblock sizes given in one place only";
  if (a->kind == XMP_RT_DIST_GBLOCK && a->gblock_start != NULL &&
      memcmp(a->gblock_start, b->gblock_start, ((size_t)a->nprocs + 1) * sizeof(long)) != 0)
    return "other gblock sizes";
  return NULL;
}

int xmpi_dist_owner(const xmpi_dist_t *d, long idx) {
  if (idx < d->lower || idx > d->upper)
    return -1;
  long rel = idx - d->lower;
  switch (d->kind) {
  case XMP_RT_DIST_BLOCK:
    return (int)(rel / block_chunk(d));
  case XMP_RT_DIST_CYCLIC:
    return (int)((rel / d->width) % d->nprocs);
  case XMP_RT_DIST_GBLOCK: {
    int p = 0;
    while (idx >= d->gblock_start[p + 1])
      p++;
    return p;
  }
  default:
    return 0;
  }
}

int xmpi_dist_local_range(const xmpi_dist_t *d, int coord, long *lo, long *hi) {
  if (coord < 0 || coord >= d->nprocs)
    return XMPI_E_NPROCS;
  switch (d->kind) {
  case XMP_RT_DIST_BLOCK: {
    long chunk = block_chunk(d);
    *lo = d->lower + coord * chunk;
    *hi = *lo + chunk - 1 < d->upper ? *lo + chunk - 1 : d->upper;
    return XMPI_OK;
  }
  case XMP_RT_DIST_GBLOCK:
    *lo = d->gblock_start[coord];
    *hi = d->gblock_start[coord + 1] - 1;
    return XMPI_OK;
  case XMP_RT_DIST_CYCLIC: {
    /* Node coord owns blocks coord, coord + P, ...; with P > 1 other nodes' blocks separate
     * them, so that is one interval only if it has at most one. */
    if (d->nprocs == 1)
      break;
    long nblocks = xmpb_ceil_div(extent(d), d->width);
    long owned = nblocks > coord ? (nblocks - 1 - coord) / d->nprocs + 1 : 0;
    if (owned > 1)
      return XMPI_E_NOT_INTERVAL;
    *lo = d->lower + coord * d->width;
    *hi = owned == 0 ? *lo - 1 : (*lo + d->width - 1 < d->upper ? *lo + d->width - 1 : d->upper);
    return XMPI_OK;
  }
  default:
    break;
  }
  *lo = d->lower;
  *hi = d->upper;
  return XMPI_OK;
}

static long gcd(long a, long b) {
  while (b != 0) {
    long r = a % b;
    a = b;
    b = r;
  }
  return a;
}

int xmpi_dist_loop_bounds(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                          long step, long *llb, long *lub, long *lstep) {
  if (step == 0)
    return XMPI_E_STEP;
  if (coord < 0 || coord >= d->nprocs)
    return XMPI_E_NPROCS;
  *llb = lb;
  *lub = ub;
  *lstep = step;

  /* Window of template indices to intersect with; plain cyclic additionally filters by
   * residue below, every other format owns one interval. A dimension that is not
   * distributed leaves the loop as written (only its last iteration made exact). */
  int residue_filter = d->kind == XMP_RT_DIST_CYCLIC && d->width == 1;
  long wlo = d->lower, whi = d->upper;
  if (d->kind == XMP_RT_DIST_NONE) {
    wlo = LONG_MIN / 4 + offset;
    whi = LONG_MAX / 4 + offset;
  } else if (!residue_filter) {
    int st = xmpi_dist_local_range(d, coord, &wlo, &whi);
    if (st == XMPI_E_NOT_INTERVAL)
      return XMPI_E_UNSUPPORTED;
    if (st)
      return st;
  }
  wlo -= offset; /* now in loop-index space */
  whi -= offset;

  /* Work on the iteration number k of i = lb + k*step: k0..k1 are those inside both the
   * loop's own range and the window. */
  long k0, k1;
  if (step > 0) {
    long a = wlo > lb ? wlo : lb, b = whi < ub ? whi : ub;
    k0 = xmpb_ceil_div(a - lb, step);
    k1 = xmpb_floor_div(b - lb, step);
  } else {
    long a = wlo > ub ? wlo : ub, b = whi < lb ? whi : lb;
    k0 = xmpb_ceil_div(lb - b, -step);
    k1 = xmpb_floor_div(lb - a, -step);
  }

  long kstep = 1;
  if (residue_filter && k0 <= k1) {
    /* Owners advance by step mod P per iteration, so they repeat with period P / gcd. */
    long p = d->nprocs, s = step % p;
    kstep = p / gcd(s < 0 ? -s : s, p);
    long k = k0;
    while (k < k0 + kstep && k <= k1 && xmpi_dist_owner(d, lb + k * step + offset) != coord)
      k++;
    if (k >= k0 + kstep || k > k1)
      k1 = k0 - 1;
    else {
      k0 = k;
      k1 = k0 + (k1 - k0) / kstep * kstep;
    }
  }

  *lstep = step * kstep;
  if (k0 > k1) {
    *llb = 0;
    *lub = step > 0 ? -1 : 1;
    return XMPI_OK;
  }
  *llb = lb + k0 * step;
  *lub = lb + k1 * step;
  return XMPI_OK;
}
