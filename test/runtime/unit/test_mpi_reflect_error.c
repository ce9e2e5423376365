/* test_mpi_reflect_error.c MODE - each mode makes one user error of shadow / reflect / bcast;
 * the runtime must report it once, naming the directive, and fail. */
#include <string.h>

#include "xmp_rt.h"

static const xmp_rt_srcloc_t where = {"err.c", 3, "reflect (a)"};

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  const char *mode = argc > 1 ? argv[1] : "";
  long star = -1, lo = 1, hi = 10, ext[] = {10, 4}, off[] = {1, 0};
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &where);
  xmp_rt_template_t *t = xmp_rt_template_create(1, &lo, &hi, "t", &where);
  int kind = strcmp(mode, "cyclic") == 0 ? XMP_RT_DIST_CYCLIC : XMP_RT_DIST_BLOCK;
  intptr_t param = 1;
  xmp_rt_template_distribute(t, &kind, &param, p, &where);
  int tdim[] = {0, -1};
  xmp_rt_array_t *a = xmp_rt_array_create(2, ext, sizeof(int), t, tdim, off, "a", &where);
  long slo[] = {2, 0}, shi[] = {2, strcmp(mode, "collapsed") == 0};
  xmp_rt_array_shadow(a, slo, shi, NULL, &where);
  xmp_rt_layout_t lay;
  xmp_rt_array_allocate(a, &lay);
  if (strcmp(mode, "declared") == 0) {
    long w[] = {3, 0};
    xmp_rt_reflect(a, w, NULL, NULL, 0, -1, &where);
  }
  if (strcmp(mode, "width") == 0) { /* 10 over 4 nodes: the last owns 1 < 2 */
    int per[] = {1, 0};
    xmp_rt_reflect(a, NULL, NULL, per, 0, -1, &where);
  }
  if (strcmp(mode, "after") == 0)
    xmp_rt_array_shadow(a, slo, shi, NULL, &where);
  if (strcmp(mode, "bcast") == 0) {
    int root = 5;
    xmp_rt_bcast(&lo, sizeof lo, p, &root, &where);
  }
  return xmp_rt_finalize(0); /* not reached */
}
