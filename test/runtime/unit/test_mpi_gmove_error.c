/* test_mpi_gmove_error.c MODE - each mode makes one user error of gmove; the runtime must
 * report it once, naming the directive, and fail. */
#include <string.h>

#include "xmp_rt.h"

static const xmp_rt_srcloc_t where = {"err.c", 5, "gmove"};

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  const char *mode = argc > 1 ? argv[1] : "";
  long star = -1, lo = 0, hi = 9, ext = 10, off = 0;
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &where);
  xmp_rt_template_t *t = xmp_rt_template_create(1, &lo, &hi, "t", &where);
  int kind = XMP_RT_DIST_BLOCK, tdim = 0;
  intptr_t param = 0;
  xmp_rt_template_distribute(t, &kind, &param, p, &where);
  xmp_rt_array_t *a = xmp_rt_array_create(1, &ext, sizeof(long), t, &tdim, &off, "a", &where);
  xmp_rt_layout_t lay;
  xmp_rt_array_allocate(a, &lay);
  long b[10] = {0};
  /* a[0:5] = b[0:4] (shape), a[8:5] (bounds), b[0:5:0] (step), int elements (size). */
  xmp_rt_section_t dst = {a, lay.addr, sizeof(long), 1, {10}, {0}, {5}, {1}, {0}};
  xmp_rt_section_t src = {NULL, b, sizeof(long), 1, {10}, {0}, {5}, {1}, {0}};
  if (strcmp(mode, "shape") == 0)
    src.len[0] = 4;
  if (strcmp(mode, "bounds") == 0)
    dst.lb[0] = 8;
  if (strcmp(mode, "step") == 0)
    src.step[0] = 0;
  if (strcmp(mode, "size") == 0) {
    src.elem_size = sizeof(int);
    src.extent[0] = 20;
  }
  xmp_rt_gmove(&dst, &src, &where);
  return xmp_rt_finalize(0); /* not reached */
}
