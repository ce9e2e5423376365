/* shadow.c - the `shadow` directive: declared halo widths of a distributed array. */
#include "xmpi_internal.h"

/* Every node declares the same shadows, so every error here is found by all of them. */
static void check_dim(const xmp_rt_array_t *a, int d, long lo, long hi, int full,
                      const xmp_rt_srcloc_t *where) {
  if (lo < 0 || hi < 0)
    xmpb_fatal_collective(where, "array '%s' dimension %d: negative shadow width %ld:%ld",
                          a->name, d, lo, hi);
  if (lo == 0 && hi == 0 && !full)
    return;
  int td = a->align_tdim[d];
  if (td < 0)
    xmpb_fatal_collective(where, "array '%s' dimension %d is not distributed: its shadow "
                          "must be 0", a->name, d);
  /* A full shadow holds the whole dimension, whatever the owned elements look like. */
  if (a->tmpl->dist[td].kind == XMP_RT_DIST_CYCLIC && !full)
    xmpb_fatal_collective(where, "array '%s' dimension %d is aligned with a cyclic dimension "
                          "of template '%s': shadows of a width need block or gblock (a full "
                          "shadow '*' is allowed)", a->name, d, a->tmpl->name);
}

void xmp_rt_array_shadow(xmp_rt_array_t *a, const long *lo, const long *hi, const int *full,
                         const xmp_rt_srcloc_t *where) {
  /* The layout is fixed by the allocation, so the shadow must come first. */
  if (a->data != NULL)
    xmpb_fatal_collective(where, "shadow of array '%s' declared after it was allocated",
                          a->name);
  for (int d = 0; d < a->rank; d++) {
    long l = lo != NULL ? lo[d] : 0, h = hi != NULL ? hi[d] : 0;
    int f = full != NULL && full[d] != 0;
    check_dim(a, d, l, h, f, where);
    /* A full shadow already holds every index, so widths add nothing there. */
    a->shadow_full[d] = f;
    a->shadow_lo[d] = f ? 0 : l;
    a->shadow_hi[d] = f ? 0 : h;
  }
}
