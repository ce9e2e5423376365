/* loop_cyclic.c - loops on block-cyclic dimensions as one progression per owned block (see
 * xmpi_loop_cyclic.h), and the ABI entry points xmp_rt_loop_block_count / xmp_rt_loop_block. */
#include "xmpi_loop_cyclic.h"

#include "xmpi_internal.h"

#ifndef __SIZEOF_INT128__
#error "loop_cyclic.c needs a 128-bit integer type"
#endif
/* A block count times a step can pass 2^63; for long inputs 128 bits always hold it. */
__extension__ typedef unsigned __int128 u128;

/* sum_{u=0}^{n-1} floor((a*u + b) / m) for m > 0, in O(log m) steps of Euclid's algorithm
 * (the classic floor-sum recursion). Every term is non-negative and bounded by the sum,
 * which stays below 2^128 for the counts below, so nothing wraps. */
static u128 floor_sum(u128 n, u128 m, u128 a, u128 b) {
  u128 sum = 0;
  for (;;) {
    if (a >= m) {
      sum += n * (n - 1) / 2 * (a / m);
      a %= m;
    }
    if (b >= m) {
      sum += n * (b / m);
      b %= m;
    }
    u128 y = a * n + b;
    if (y < m)
      return sum;
    n = y / m;
    b = y % m;
    u128 t = m;
    m = a;
    a = t;
  }
}

/* A loop seen as a walk upwards along the dimension: position = template index - lower, or
 * for step < 0 its mirror nb*w - 1 - position (nb blocks), which keeps block borders at
 * multiples of w and turns the descending block order into an ascending one. Iteration k
 * (i = lb + k*step) sits at x0 + k*s. */
typedef struct walk {
  long lb, step;
  long x0, s;   /* s = |step| */
  long ka, kb;  /* the iterations inside the template */
  long w, p, c; /* width, nodes, residue of this node's block numbers along the walk */
  long j0, nj;  /* this node's blocks c + j*p for j0 <= j < j0 + nj meet iterations ka..kb */
  long a0, a;   /* s > w: block j0 + u holds an iteration iff (a0 + u*a) mod s < w */
} walk_t;

/* Number of u in [0, n) whose block holds an iteration, for s > w. Block bs..bs+w-1 holds
 * the one iteration x0 + k*s with k in ka..kb that can lie there iff (x - bs) mod s < w, x
 * being the first iteration: blocks between the first and the last iteration's contain
 * every member of the progression in them, and those two blocks contain exactly the first /
 * last iteration (two members of one block would be closer than s). With y = a0 + u*a,
 * [y mod s < w] = floor((y + s) / s) - floor((y + s - w) / s). */
static long walk_nonempty(const walk_t *q, long n) {
  u128 s = (u128)q->s, a = (u128)q->a, a0 = (u128)q->a0;
  return (long)(floor_sum((u128)n, s, a, a0 + s) - floor_sum((u128)n, s, a, a0 + s - (u128)q->w));
}

/* Fills *q for a cyclic(w) dimension (w > 1, p > 1) and returns the number of non-empty
 * progressions of node coord. */
static long walk_init(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                      long step, walk_t *q) {
  long n = d->upper - d->lower + 1, w = d->width, p = d->nprocs;
  long nb = xmpb_ceil_div(n, w);
  long start = lb + offset - d->lower;
  long iters = step > 0 ? (ub < lb ? 0 : (ub - lb) / step + 1)
                        : (ub > lb ? 0 : (lb - ub) / -step + 1);
  long lo, hi; /* the template along the walk */
  q->lb = lb;
  q->step = step;
  q->w = w;
  q->p = p;
  if (step > 0) {
    q->x0 = start;
    q->s = step;
    q->c = coord;
    lo = 0;
    hi = n - 1;
  } else {
    /* Mirrored block b is block nb - 1 - b, owned by node (nb - 1 - b) mod p. */
    q->x0 = nb * w - 1 - start;
    q->s = -step;
    q->c = ((nb - 1 - coord) % p + p) % p;
    lo = nb * w - n;
    hi = nb * w - 1;
  }
  long s = q->s;
  q->ka = q->x0 >= lo ? 0 : xmpb_ceil_div(lo - q->x0, s);
  q->kb = xmpb_floor_div(hi - q->x0, s);
  if (q->kb > iters - 1)
    q->kb = iters - 1;
  if (q->ka > q->kb)
    return 0;
  long x = q->x0 + q->ka * s, y = q->x0 + q->kb * s; /* both >= lo >= 0 */
  q->j0 = xmpb_ceil_div(x / w - q->c, p);
  q->nj = xmpb_floor_div(y / w - q->c, p) - q->j0 + 1;
  if (q->nj <= 0)
    return 0;
  /* With s <= w no owned block between the first and the last iteration can be skipped
   * over, and the first / last such block holds the first / last iteration or is whole. */
  if (s <= w)
    return q->nj;
  q->a0 = (x - (q->c + q->j0 * p) * w) % s;
  if (q->a0 < 0)
    q->a0 += s;
  long m = p * w % s; /* successive owned blocks lie p*w apart */
  q->a = m == 0 ? 0 : s - m;
  return walk_nonempty(q, q->nj);
}

/* Iterations of the walk that owned block j holds, as a loop. */
static void walk_block(const walk_t *q, long j, long *llb, long *lub) {
  long bs = (q->c + j * q->p) * q->w, be = bs + q->w - 1;
  long k0 = xmpb_ceil_div(bs - q->x0, q->s), k1 = xmpb_floor_div(be - q->x0, q->s);
  if (k0 < q->ka)
    k0 = q->ka;
  if (k1 > q->kb)
    k1 = q->kb;
  *llb = q->lb + k0 * q->step;
  *lub = q->lb + k1 * q->step;
}

/* Formats whose local iterations form one progression, given by xmpi_dist_loop_bounds. */
static int single_progression(const xmpi_dist_t *d) {
  return d->kind != XMP_RT_DIST_CYCLIC || d->width == 1 || d->nprocs == 1;
}

int xmpi_dist_loop_block_count(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                               long step, long *count) {
  if (step == 0)
    return XMPI_E_STEP;
  if (coord < 0 || coord >= d->nprocs)
    return XMPI_E_NPROCS;
  if (single_progression(d)) {
    long llb, lub, ls;
    int st = xmpi_dist_loop_bounds(d, coord, offset, lb, ub, step, &llb, &lub, &ls);
    if (st)
      return st;
    *count = step > 0 ? llb <= lub : llb >= lub;
    return XMPI_OK;
  }
  walk_t q;
  *count = walk_init(d, coord, offset, lb, ub, step, &q);
  return XMPI_OK;
}

int xmpi_dist_loop_block(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                         long step, long block, long *llb, long *lub, long *lstep) {
  if (step == 0)
    return XMPI_E_STEP;
  if (coord < 0 || coord >= d->nprocs)
    return XMPI_E_NPROCS;
  if (single_progression(d)) {
    int st = xmpi_dist_loop_bounds(d, coord, offset, lb, ub, step, llb, lub, lstep);
    if (st)
      return st;
    return block == 0 && (step > 0 ? *llb <= *lub : *llb >= *lub) ? XMPI_OK : XMPI_E_BLOCK;
  }
  walk_t q;
  long count = walk_init(d, coord, offset, lb, ub, step, &q);
  if (block < 0 || block >= count)
    return XMPI_E_BLOCK;
  long u = block;
  if (q.s > q.w) {
    /* The block-th non-empty one: the fewest leading blocks holding block + 1 of them. */
    long lo = 1, hi = q.nj;
    while (lo < hi) {
      long mid = lo + (hi - lo) / 2;
      if (walk_nonempty(&q, mid) > block)
        hi = mid;
      else
        lo = mid + 1;
    }
    u = lo - 1;
  }
  walk_block(&q, q.j0 + u, llb, lub);
  *lstep = step;
  return XMPI_OK;
}

/* ---- ABI ---- */

long xmp_rt_loop_block_count(const xmp_rt_template_t *t, int tdim, long offset, long lb,
                             long ub, long step) {
  if (!xmpi_loop_check(t, tdim))
    return 0; /* not one of the template's nodes: no block, no iteration */
  long count;
  int st = xmpi_dist_loop_block_count(&t->dist[tdim], xmpi_template_coord(t, tdim), offset,
                                      lb, ub, step, &count);
  if (st)
    xmpb_fatal(&t->where, "loop on template '%s' dimension %d: %s", t->name, tdim,
               xmpi_status_str(st));
  return count;
}

void xmp_rt_loop_block(const xmp_rt_template_t *t, int tdim, long offset, long lb, long ub,
                       long step, long block, long *llb, long *lub, long *lstep) {
  (void)xmpi_loop_check(t, tdim);
  int st = xmpi_dist_loop_block(&t->dist[tdim], xmpi_template_coord(t, tdim), offset, lb, ub,
                                step, block, llb, lub, lstep);
  if (st)
    xmpb_fatal(&t->where, "loop on template '%s' dimension %d, block %ld: %s", t->name, tdim,
               block, xmpi_status_str(st));
}
