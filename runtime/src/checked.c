/* Checked mode (xmpcc -fxmp-check): the address of an element of a distributed array
 * that host code accesses, or, when this node holds no such element (neither in its block
 * nor in its shadow), a stop naming the access's place, the array, the global index and
 * the node. */
#include "xmpi_internal.h"

#include <stdio.h>

void *xmp_rt_checked_elem(xmp_rt_array_t *a, const long *g, const char *file, int line) {
  xmp_rt_srcloc_t where = {file, line, NULL};
  if (a == NULL || a->data == NULL)
    xmpb_fatal(&where, "checked mode: access to a distributed array that has no storage yet "
                       "(before its allocation)");
  size_t offset = 0;
  for (int d = 0; d < a->rank; d++) {
    long lo = a->base[d], hi = a->base[d] + a->local_extent[d] - 1;
    if (g[d] < lo || g[d] > hi) {
      int node = 0;
      MPI_Comm_rank(MPI_COMM_WORLD, &node);
      char index[32 * XMP_RT_MAX_DIMS] = "", *p = index;
      for (int k = 0; k < a->rank; k++)
        p += snprintf(p, sizeof index - (size_t)(p - index), "[%ld]", g[k]);
      if (lo > hi)
        xmpb_fatal(&where,
                   "checked mode: %s%s is not on node %d (of MPI_COMM_WORLD), which holds no "
                   "element of dimension %d",
                   a->name, index, node, d);
      xmpb_fatal(&where,
                 "checked mode: %s%s is not on node %d (of MPI_COMM_WORLD): it holds %ld:%ld "
                 "of dimension %d, shadow included",
                 a->name, index, node, lo, hi, d);
    }
    offset = offset * (size_t)a->local_extent[d] + (size_t)(g[d] - lo);
  }
  return (char *)a->data + offset * a->elem_size;
}
