/* overlap.c - work a higher layer left in flight for the next device loop (XMP_DEV_OVERLAP).
 *
 * `reflect_do ... acc` issues its faces and may leave the last ones arriving (auto: where a
 * host completes one of them; faces ordered on the streams leave nothing to hide)
 * (xmp_dev_overlap_leave, src/reflect.c). The next device loop splits its direct execution:
 * first the iterations whose rows of the array stay off the arriving shadow rows
 * (xmpsp_overlap_interior, pure), then the faces' completion (the stream waits for the peers'
 * signals; the host path unpacks what MPI brought), then the boundary iterations. Every other
 * use of device data or of StarPU completes the faces first (xmp_dev_overlap_finish at the
 * layer's entries: xmpsp_enter_keep, the face views, the data directives), so nothing else
 * ever sees a shadow in flight. While the loop runs its interior part the gate is closed
 * (the holds it takes may enter StarPU). */
#include "xmpb_arith.h"
#include "xmpsp_internal.h"

static xmp_dev_overlap_t left;
static int have_left, suspended;

int xmp_dev_overlap_mode(void) { return xmpsp_config()->overlap; }

void xmp_dev_overlap_leave(const xmp_dev_overlap_t *o) {
  xmp_dev_overlap_finish(); /* one at a time */
  left = *o;
  have_left = 1;
}

const xmp_dev_overlap_t *xmpsp_overlap_left(void) { return have_left ? &left : NULL; }

void xmp_dev_overlap_finish(void) {
  if (!have_left || suspended)
    return;
  have_left = 0; /* first: the completion enters StarPU itself (host unpacks) */
  left.finish(left.ctx);
}

void xmpsp_overlap_suspend(int on) { suspended = on; }

int xmpsp_overlap_interior(const xmp_dev_overlap_t *o, const xmp_dev_arg_t *argv, int nargs,
                           long lb, long st, long first, long count, long *t0, long *t1) {
  long lo = first, hi = first + count - 1; /* iteration numbers: i = lb + t * st */
  for (int k = 0; k < nargs; k++) {
    const xmp_dev_arg_t *a = &argv[k];
    if (a->data != o->data)
      continue;
    if (!a->rows || a->row_dim != o->dim)
      return 0; /* it may read any row of the dimension the faces arrive along */
    /* i + reach_lo - row_origin >= lo_end and i + reach_hi - row_origin < hi_begin */
    long imin = o->lo_end + a->row_origin - a->reach_lo;
    long imax = o->hi_begin - 1 + a->row_origin - a->reach_hi;
    long ta, tb; /* imin <= lb + t * st <= imax */
    if (st > 0) {
      ta = xmpb_ceil_div(imin - lb, st);
      tb = xmpb_floor_div(imax - lb, st);
    } else {
      ta = xmpb_ceil_div(lb - imax, -st);
      tb = xmpb_floor_div(lb - imin, -st);
    }
    lo = ta > lo ? ta : lo;
    hi = tb < hi ? tb : hi;
  }
  if (count <= 0 || lo > hi)
    return 0;
  *t0 = lo;
  *t1 = hi;
  return 1;
}
