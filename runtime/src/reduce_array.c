/* reduce_array.c - `reduction (op: a) on nodes` of a distributed array: each element of the part
 * this node owns combined with the same element on the other nodes of the set. The nodes must
 * all own the same part (a set along which the array is replicated, as NPB CG's
 * `reduction(+:w) on subproc(:)` names it): checked, a collective error otherwise. The part is
 * packed, reduced as a C array by xmp_rt_reduce (the hybrid layer's collective), and put back. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "xmpi_internal.h"

/* Copies the box between the storage and a dense buffer (pack: storage to buffer). */
static void copy_box(const xmp_rt_array_t *a, const long *lo, const long *hi, char *buf,
                     int pack) {
  int r = a->rank;
  long stride[XMP_RT_MAX_DIMS], idx[XMP_RT_MAX_DIMS];
  stride[r - 1] = 1;
  for (int d = r - 2; d >= 0; d--)
    stride[d] = stride[d + 1] * a->local_extent[d + 1];
  size_t run = (size_t)(hi[r - 1] - lo[r - 1] + 1) * a->elem_size;
  memcpy(idx, lo, (size_t)r * sizeof *idx);
  for (;;) {
    long at = 0;
    for (int d = 0; d < r; d++)
      at += (idx[d] - a->base[d]) * stride[d];
    char *elem = (char *)a->data + (size_t)at * a->elem_size;
    memcpy(pack ? buf : elem, pack ? elem : buf, run);
    buf += run;
    int d = r - 2;
    while (d >= 0 && idx[d] == hi[d]) {
      idx[d] = lo[d];
      d--;
    }
    if (d < 0)
      return;
    idx[d]++;
  }
}

void xmp_rt_reduce_array(xmp_rt_array_t *a, int type, int op, const xmp_rt_template_t *t,
                         const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  if (a->data == NULL)
    xmpb_fatal(where, "reduction of array '%s' before its storage is allocated", a->name);
  long lo[XMP_RT_MAX_DIMS], hi[XMP_RT_MAX_DIMS];
  xmpi_array_owned_box(a, lo, hi, where);
  /* Every node of the set owns the same part: the maximum of each bound and of its negation
   * (the minimum) agree. */
  long bounds[4 * XMP_RT_MAX_DIMS];
  for (int d = 0; d < a->rank; d++) {
    bounds[4 * d] = lo[d];
    bounds[4 * d + 1] = -lo[d];
    bounds[4 * d + 2] = hi[d];
    bounds[4 * d + 3] = -hi[d];
  }
  xmp_rt_reduce(bounds, 4 * a->rank, XMP_RT_LONG, XMP_RT_OP_MAX, t, n, where);
  size_t count = 1;
  for (int d = 0; d < a->rank; d++) {
    if (bounds[4 * d] != -bounds[4 * d + 1] || bounds[4 * d + 2] != -bounds[4 * d + 3])
      xmpb_fatal(where,
                 "reduction of distributed array '%s': the nodes do not all own the same part "
                 "of it (dimension %d: this node owns %ld:%ld, the nodes' first indices go "
                 "from %ld to %ld and their last from %ld to %ld); reduce it 'on' nodes along "
                 "which it is replicated",
                 a->name, d, lo[d], hi[d], -bounds[4 * d + 1], bounds[4 * d],
                 -bounds[4 * d + 3], bounds[4 * d + 2]);
    count *= hi[d] >= lo[d] ? (size_t)(hi[d] - lo[d] + 1) : 0;
  }
  if (count == 0)
    return;
  if (count > (size_t)INT_MAX)
    xmpb_fatal(where, "reduction of array '%s': %zu elements are more than 2^31-1", a->name,
               count);
  char *buf = xmpb_calloc_or_die(count, a->elem_size, where);
  copy_box(a, lo, hi, buf, 1);
  xmp_rt_reduce(buf, (int)count, type, op, t, n, where);
  copy_box(a, lo, hi, buf, 0);
  free(buf);
}
