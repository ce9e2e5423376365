/* laplace.h - what the Laplace versions share: the grid and iteration count
 * (compile-time -DXSIZE, -DYSIZE, -DNITER), the boundary kind, the initial
 * field and the bits behind the checksum.
 *
 * Default: fixed values on the edges, zero inside; the sweeps update the
 * interior. With -DPERIODIC the grid wraps around in both dimensions and
 * every point is updated: the serial version wraps its indices, the directive
 * versions read the neighbours across an edge from shadows that a reflect
 * with /periodic/ widths fills. */
#ifndef LAPLACE_H
#define LAPLACE_H
#include <string.h>

#ifndef XSIZE
#define XSIZE 67
#endif
#ifndef YSIZE
#define YSIZE 45
#endif
#ifndef NITER
#define NITER 100
#endif

#ifdef PERIODIC
#define LAPLACE_FIRST 0 /* first and last updated index: LAPLACE_FIRST, size - 1 - LAPLACE_FIRST */
#define LAPLACE_KIND " periodic"
static inline double laplace_initial(int x, int y) { return ((x * 7 + y * 13) % 17) * 0.125; }
#else
#define LAPLACE_FIRST 1
#define LAPLACE_KIND ""
static inline double laplace_initial(int x, int y) {
  int edge = x == 0 || x == XSIZE - 1 || y == 0 || y == YSIZE - 1;
  return edge ? 1.0 + 0.01 * x + 0.02 * y : 0.0;
}
#endif

/* Integer sums are exact in any order: equal checksums of the bits of every element mean
 * bit-identical fields, whatever the decomposition. */
static inline unsigned long long laplace_bits(double v) {
  unsigned long long b;
  memcpy(&b, &v, sizeof b);
  return b;
}
#endif
