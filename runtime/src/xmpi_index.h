/* xmpi_index.h - pure index arithmetic of one distributed template dimension (no MPI).
 *
 * A dimension [lower, upper] is split over nprocs nodes by one format of xmp_rt_dist_kind.
 * Everything here is deterministic and side-effect free apart from the gblock table, so the
 * unit tests can check it against brute-force enumeration without running MPI. */
#ifndef XMPI_INDEX_H
#define XMPI_INDEX_H

#include <stdint.h>

#include "xmpb_arith.h" /* xmpb_floor_div, xmpb_ceil_div */

/* Status codes of internal functions; XMPI_OK is 0 so callers can test `if (st)`. */
enum xmpi_status {
  XMPI_OK = 0,
  XMPI_E_RANGE,         /* upper < lower - 1 */
  XMPI_E_NPROCS,        /* node count < 1 or coordinate out of range */
  XMPI_E_KIND,          /* unknown distribution format */
  XMPI_E_WIDTH,         /* cyclic width < 1 */
  XMPI_E_GBLOCK,        /* gblock sizes missing, negative, or not summing to the extent */
  XMPI_E_NOMEM,
  XMPI_E_STEP,          /* loop step 0 */
  XMPI_E_NOT_INTERVAL,  /* the local part is not one interval (block-cyclic) */
  XMPI_E_UNSUPPORTED,   /* loop over a block-cyclic (w > 1) dimension */
  XMPI_E_HALO,          /* a shadow needs elements its neighbour does not own */
  XMPI_E_BLOCK          /* loop block index outside 0..block count - 1 */
};

/* Human-readable text of a status, for error messages. */
const char *xmpi_status_str(int status);

typedef struct xmpi_dist {
  int kind;           /* enum xmp_rt_dist_kind */
  long lower, upper;  /* template dimension, inclusive */
  int nprocs;         /* nodes along the mapped node dimension (1 for NONE) */
  long width;         /* cyclic block width */
  long *gblock_start; /* gblock: nprocs + 1 entries, node p owns [start[p], start[p+1]-1] */
} xmpi_dist_t;

/* param: cyclic width, or for gblock an `const int *` of nprocs sizes cast to intptr_t
 * (copied, so the caller's array need not outlive the call). */
int xmpi_dist_init(xmpi_dist_t *d, int kind, intptr_t param, long lower, long upper, int nprocs);
void xmpi_dist_fini(xmpi_dist_t *d);
/* What differs between two distributions of a dimension (format, node count, width, gblock
 * sizes; bounds are the caller's to compare), or NULL. */
const char *xmpi_dist_differ(const xmpi_dist_t *a, const xmpi_dist_t *b);


/* Coordinate of the node owning template index idx; -1 outside [lower, upper]. Every node
 * holds a non-distributed dimension, which reports 0. */
int xmpi_dist_owner(const xmpi_dist_t *d, long idx);

/* The part of the dimension owned by node coord as one interval [*lo, *hi] (empty when
 * *lo > *hi); XMPI_E_NOT_INTERVAL when block-cyclic gives that node several blocks. */
int xmpi_dist_local_range(const xmpi_dist_t *d, int coord, long *lo, long *hi);

/* Iterations of `for (i = lb; step > 0 ? i <= ub : i >= ub; i += step)` whose template index
 * i + offset node coord owns, as a loop of the same form. The result is exact: *llb and *lub
 * are both members of the iteration set, or the loop is empty (*llb > *lub for step > 0,
 * *llb < *lub for step < 0). A non-distributed dimension leaves the loop unchanged. */
int xmpi_dist_loop_bounds(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                          long step, long *llb, long *lub, long *lstep);

#endif /* XMPI_INDEX_H */
