/* xmpb_arith.h - integer division rounded down and up (C's `/` truncates toward zero), for
 * index arithmetic in every layer: template distributions (runtime/src), a device loop's
 * interior rows (runtime/starpu/overlap.c). */
#ifndef XMPB_ARITH_H
#define XMPB_ARITH_H

/* floor(a / b) and ceil(a / b) for b > 0. */
static inline long xmpb_floor_div(long a, long b) {
  long q = a / b;
  if (a % b != 0 && a < 0)
    q--;
  return q;
}
static inline long xmpb_ceil_div(long a, long b) { return -xmpb_floor_div(-a, b); }

#endif
