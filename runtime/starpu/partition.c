/* partition.c - row partitions of the arrays a device loop writes, and a small cache of them.
 *
 * A written array is cut (StarPU asynchronous partitioning, starpu_vector_filter_list_long)
 * into one child per task holding the rows the task's chunk writes, plus children for the
 * gaps between and around them, so the children cover the whole vector. A partition stays
 * submitted after the loop: the next loop with the same chunks (same weight and bounds) uses
 * the children where they are, without any transfer. Plans are kept per array, the
 * XMPSP_PLAN_CACHE most recently used, so that loops alternating between a few partitions
 * (several loops, or a weight that moves) do not plan and clean each time.
 *
 * Gathering node: in StarPU 1.4.10 starpu_data_unpartition_submit accepts only the home node
 * or -1, and both gather on the home node (the partition codelet's nodes are fixed to it by
 * starpu_data_partition_plan). The home node is the host array (STARPU_MAIN_RAM); we name it. */
#include <stdlib.h>

#include "xmpsp_internal.h"

static unsigned long use_clock; /* LRU stamps */

static void unpartition(xmp_dev_data_t *d) {
  xmpsp_plan_t *p = &d->plans[d->active];
  starpu_data_unpartition_submit(d->handle, p->nchildren, p->children, STARPU_MAIN_RAM);
  d->active = -1;
}

void xmpsp_part_unpartition(xmp_dev_data_t *d) {
  if (d->active >= 0)
    unpartition(d);
}

static void free_plan(xmp_dev_data_t *d, xmpsp_plan_t *p) {
  /* Cleaning an active plan first gathers it on the home node. */
  starpu_data_partition_clean(d->handle, p->nchildren, p->children);
  free(p->len);
  free(p->start);
  free(p->children);
  *p = (xmpsp_plan_t){0};
}

void xmpsp_part_clean_all(xmp_dev_data_t *d) {
  for (int i = 0; i < d->nplans; i++)
    free_plan(d, &d->plans[i]);
  d->nplans = 0;
  d->active = -1;
}

int xmpsp_part_sync_children(xmp_dev_data_t *d, enum starpu_data_access_mode mode,
                             const xmp_rt_srcloc_t *where) {
  if (d->active < 0)
    return 0;
  xmpsp_plan_t *p = &d->plans[d->active];
  /* The children's host copies are slices of the host array itself. */
  for (unsigned i = 0; i < p->nchildren; i++) {
    xmpsp_check(starpu_data_acquire_on_node(p->children[i], STARPU_MAIN_RAM, mode), where,
                "starpu_data_acquire_on_node (partition piece)");
    starpu_data_release_on_node(p->children[i], STARPU_MAIN_RAM);
  }
  return 1;
}

static int find_plan(const xmp_dev_data_t *d, unsigned n, const long *len) {
  for (int i = 0; i < d->nplans; i++) {
    const xmpsp_plan_t *p = &d->plans[i];
    if (p->nchildren != n)
      continue;
    unsigned k = 0;
    while (k < n && p->len[k] == len[k])
      k++;
    if (k == n)
      return i;
  }
  return -1;
}

/* A free slot, cleaning the least recently used inactive plan when the cache is full. */
static int plan_slot(xmp_dev_data_t *d) {
  if (d->nplans < XMPSP_PLAN_CACHE)
    return d->nplans++;
  int victim = -1;
  for (int i = 0; i < d->nplans; i++)
    if (i != d->active && (victim < 0 || d->plans[i].last_use < d->plans[victim].last_use))
      victim = i;
  free_plan(d, &d->plans[victim]);
  return victim;
}

static int new_plan(xmp_dev_data_t *d, unsigned n, long *len, const xmp_rt_srcloc_t *where) {
  int slot = plan_slot(d);
  xmpsp_plan_t *p = &d->plans[slot];
  p->nchildren = n;
  p->len = len;
  p->start = xmpb_calloc_or_die(n, sizeof *p->start, where);
  p->children = xmpb_calloc_or_die(n, sizeof *p->children, where);
  for (unsigned k = 1; k < n; k++)
    p->start[k] = p->start[k - 1] + len[k - 1];
  struct starpu_data_filter f = {
      .filter_func = starpu_vector_filter_list_long,
      .nchildren = n,
      .filter_arg_ptr = len, /* read during the call only */
  };
  starpu_data_partition_plan(d->handle, &f, p->children);
  return slot;
}

void xmpsp_part_use(xmp_dev_data_t *d, int nranges, const long *start, const long *end,
                    starpu_data_handle_t *child, const xmp_rt_srcloc_t *where) {
  /* Ranges in storage order (chunks of a negative-step loop come in decreasing order). */
  int *order = xmpb_calloc_or_die((size_t)nranges, sizeof *order, where);
  for (int i = 0; i < nranges; i++) {
    int j = i;
    for (; j > 0 && start[order[j - 1]] > start[i]; j--)
      order[j] = order[j - 1];
    order[j] = i;
  }
  /* Children: gap before, each range, gaps between, tail; never empty. */
  long *len = xmpb_calloc_or_die((size_t)(2 * nranges + 1), sizeof *len, where);
  unsigned n = 0;
  long pos = 0;
  for (int i = 0; i < nranges; i++) {
    int r = order[i];
    if (start[r] < pos)
      xmpb_fatal(where, "array '%s': the rows written by two tasks overlap (elements %ld..%ld)",
                 d->name, start[r], end[r] - 1);
    if (start[r] > pos)
      len[n++] = start[r] - pos;
    len[n++] = end[r] - start[r];
    pos = end[r];
  }
  if (pos < d->nx)
    len[n++] = d->nx - pos;
  free(order);

  int idx = find_plan(d, n, len);
  if (idx >= 0)
    free(len);
  else
    idx = new_plan(d, n, len, where); /* keeps len */
  xmpsp_plan_t *p = &d->plans[idx];
  if (d->active != idx) {
    if (d->active >= 0)
      unpartition(d);
    starpu_data_partition_submit(d->handle, p->nchildren, p->children);
    d->active = idx;
  }
  p->last_use = ++use_clock;
  for (int r = 0; r < nranges; r++) {
    unsigned lo = 0, hi = p->nchildren - 1; /* the child starting at start[r] */
    while (lo < hi) {
      unsigned mid = (lo + hi + 1) / 2;
      if (p->start[mid] <= start[r])
        lo = mid;
      else
        hi = mid - 1;
    }
    child[r] = p->children[lo];
  }
}
