/* loop.c - local bounds of loops distributed by `loop on t(...)`. */
#include <limits.h>

#include "xmpi_internal.h"

int xmpi_loop_check(const xmp_rt_template_t *t, int tdim) {
  if (tdim < 0 || tdim >= t->rank)
    xmpb_fatal(&t->where, "loop on template '%s' dimension %d, which does not exist", t->name,
               tdim);
  xmpi_template_check_fixed(t, NULL);
  /* Distributed onto nodes this process is not one of: it owns no iteration. */
  return !(t->distributed && !xmpi_nodes_member(t->nodes));
}

void xmp_rt_loop_bounds(const xmp_rt_template_t *t, int tdim, long offset, long lb, long ub,
                        long step, long *llb, long *lub, long *lstep) {
  if (!xmpi_loop_check(t, tdim)) {
    *llb = 0;
    *lub = step > 0 ? -1 : 1;
    *lstep = step != 0 ? step : 1;
    return;
  }
  /* An undistributed template reads as '*' everywhere: all nodes run every iteration. */
  int st = xmpi_dist_loop_bounds(&t->dist[tdim], xmpi_template_coord(t, tdim), offset, lb, ub,
                                 step, llb, lub, lstep);
  if (st)
    xmpb_fatal(&t->where, "loop on template '%s' dimension %d: %s", t->name, tdim,
               xmpi_status_str(st));
}

void xmp_rt_loop_bounds_all(long lb, long ub, long step, long *llb, long *lub, long *lstep,
                            const xmp_rt_srcloc_t *where) {
  /* A dimension distributed nowhere: the loop as written, its last iteration made exact. */
  xmpi_dist_t all = {.kind = XMP_RT_DIST_NONE, .lower = LONG_MIN / 4, .upper = LONG_MAX / 4,
                     .nprocs = 1};
  int st = xmpi_dist_loop_bounds(&all, 0, 0, lb, ub, step, llb, lub, lstep);
  if (st)
    xmpb_fatal(where, "loop bounds: %s", xmpi_status_str(st));
}

void xmp_rt_loop_bounds_nest(const xmp_rt_template_t *t, int n, const int tdim[],
                             const long offset[], const long lb[], const long ub[],
                             const long step[], long out[]) {
  for (int k = 0; k < n; ++k)
    xmp_rt_loop_bounds(t, tdim[k], offset[k], lb[k], ub[k], step[k], &out[3 * k], &out[3 * k + 1],
                       &out[3 * k + 2]);
}

void xmp_rt_loop_bounds_nodes(const xmp_rt_nodes_t *n, int ndim, long offset, long lb, long ub,
                              long step, long *llb, long *lub, long *lstep) {
  /* Iteration i runs on the node whose coordinate along ndim is i + offset: at most one. */
  *lstep = step != 0 ? step : 1;
  *llb = 0;
  *lub = *lstep > 0 ? -1 : 1; /* empty */
  if (step == 0 || !xmp_rt_nodes_is_member(n))
    return;
  long i = (long)xmp_rt_nodes_coord(n, ndim) - offset;
  int inside = step > 0 ? (i >= lb && i <= ub) : (i <= lb && i >= ub);
  if (inside && (i - lb) % step == 0)
    *llb = *lub = i;
}
