/* loop_extent.c - local bounds of loops with `expand`, `margin` or `peel_and_wait` (XMP 1.4).
 *
 * Per loop dimension, L is this node's local range (as xmp_rt_loop_bounds gives it) and E the
 * changed range: L grown by `below` / `above` iterations (shrunk by negative widths), cut to the
 * loop's global bounds unless `unbound`; an empty L gives an empty E. With I = L n E and O the
 * smallest range holding L and E, the margin is O x O x ... minus I x I x ..., cut into 2n
 * disjoint boxes: box p spans I in the dimensions before p/2, the part of O below I (p even) or
 * above I (p odd) in dimension p/2, and O in the dimensions after it. expand runs E,
 * margin the boxes, peel_and_wait E and, after its wait, the boxes. */
#include "xmpi_internal.h"

typedef struct {
  long lo, hi; /* ascending, empty when lo > hi */
} range_t;

static range_t range_make(long lo, long hi) {
  range_t r = {lo, hi};
  return r;
}
static int range_empty(range_t r) { return r.lo > r.hi; }
static long min_l(long a, long b) { return a < b ? a : b; }
static long max_l(long a, long b) { return a > b ? a : b; }

void xmp_rt_loop_bounds_extent(const xmp_rt_template_t *t, int tdim, long offset, long lb,
                               long ub, long step, long below, long above, int unbound,
                               int piece, int k, long *llb, long *lub, long *lstep,
                               const xmp_rt_srcloc_t *where) {
  if (step != 1 && step != -1)
    xmpb_fatal(where, "expand, margin and peel_and_wait need loops that step by 1 or -1; "
                      "loop %d steps by %ld", k, step);
  if (tdim >= 0 && tdim < t->rank && t->dist[tdim].kind == XMP_RT_DIST_CYCLIC)
    xmpb_fatal(where, "expand, margin and peel_and_wait do not apply to template '%s' "
                      "dimension %d, which is distributed cyclic", t->name, tdim);
  long first, last, st;
  xmp_rt_loop_bounds(t, tdim, offset, lb, ub, step, &first, &last, &st);
  range_t global = step > 0 ? range_make(lb, ub) : range_make(ub, lb);
  range_t local = step > 0 ? range_make(first, last) : range_make(last, first);
  range_t changed = range_make(1, 0);
  if (!range_empty(local)) {
    changed = range_make(local.lo - below, local.hi + above);
    if (!unbound)
      changed = range_make(max_l(changed.lo, global.lo), min_l(changed.hi, global.hi));
  }
  range_t inner = range_make(max_l(local.lo, changed.lo), min_l(local.hi, changed.hi));
  range_t outer = range_empty(changed)
                      ? local
                      : range_make(min_l(local.lo, changed.lo), max_l(local.hi, changed.hi));
  range_t r;
  if (piece < 0)
    r = changed;
  else if (k < piece / 2)
    r = inner;
  else if (k > piece / 2)
    r = outer;
  else if (range_empty(inner))
    r = piece % 2 == 0 ? outer : range_make(1, 0);
  else
    r = piece % 2 == 0 ? range_make(outer.lo, inner.lo - 1) : range_make(inner.hi + 1, outer.hi);
  *lstep = step;
  *llb = step > 0 ? r.lo : r.hi;
  *lub = step > 0 ? r.hi : r.lo;
}
