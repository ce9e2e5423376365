/* ooc_plan.c - the arithmetic of out-of-core device loops (ooc.c), pure so that the unit tests
 * run it on made-up shapes: which storage rows a chunk of iterations touches, how many
 * iterations a chunk takes, in which order the chunks run, and the first-fit allocator of the
 * device memory the chunks' windows live in. */
#include <stdlib.h>
#include <string.h>

#include "xmpsp_internal.h"

long xmpsp_ooc_rows(const xmpsp_ooc_shape_t *a, long vmin, long vmax, long *r0, long *r1) {
  if (!a->rows) {
    *r0 = 0;
    *r1 = a->nrows;
  } else {
    long lo = vmin + a->lo - a->origin, hi = vmax + a->hi - a->origin + 1;
    *r0 = lo < 0 ? 0 : lo > a->nrows ? a->nrows : lo;
    *r1 = hi < *r0 ? *r0 : hi > a->nrows ? a->nrows : hi;
  }
  return *r1 - *r0;
}

size_t xmpsp_ooc_chunk_bytes(const xmpsp_ooc_shape_t *s, int n, long count, long st) {
  long span = (count - 1) * (st < 0 ? -st : st) + 1;
  size_t bytes = 0;
  for (int k = 0; k < n; k++) {
    if (!s[k].rows)
      continue;
    long rows = span + (s[k].hi - s[k].lo);
    if (rows > s[k].nrows)
      rows = s[k].nrows;
    bytes += (size_t)rows * s[k].row_bytes * (size_t)(s[k].planes > 0 ? s[k].planes : 1);
  }
  return bytes;
}

long xmpsp_ooc_chunk_iters(const xmpsp_ooc_shape_t *s, int n, long iters, long st, size_t target) {
  if (iters <= 1 || xmpsp_ooc_chunk_bytes(s, n, iters, st) <= target)
    return iters < 1 ? 1 : iters;
  long lo = 1, hi = iters; /* the bytes grow with the count: the largest count that fits */
  while (lo < hi) {
    long mid = lo + (hi - lo + 1) / 2;
    if (xmpsp_ooc_chunk_bytes(s, n, mid, st) <= target)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

void xmpsp_ooc_order(int nchunks, const double *to_load, int *order) {
  for (int c = 0; c < nchunks; c++) { /* insertion: stable, and chunks come nearly sorted */
    int j = c;
    for (; j > 0 && to_load[order[j - 1]] > to_load[c]; j--)
      order[j] = order[j - 1];
    order[j] = c;
  }
}

/* ---- the pool's allocator: free ranges sorted by offset, merged when they touch ---- */

enum { SLAB_ALIGN = 512 };

int xmpsp_slab_init(xmpsp_slab_t *s, size_t cap) {
  memset(s, 0, sizeof *s);
  s->cap = cap;
  s->max = 16;
  s->ranges = calloc((size_t)s->max, sizeof *s->ranges);
  if (s->ranges == NULL)
    return -1;
  if (cap > 0)
    s->ranges[s->n++] = (xmpsp_range_t){0, cap};
  return 0;
}

void xmpsp_slab_fini(xmpsp_slab_t *s) {
  free(s->ranges);
  memset(s, 0, sizeof *s);
}

static size_t rounded(size_t len) { return (len + SLAB_ALIGN - 1) / SLAB_ALIGN * SLAB_ALIGN; }

int xmpsp_slab_alloc(xmpsp_slab_t *s, size_t len, size_t *off) {
  len = rounded(len > 0 ? len : 1);
  for (int i = 0; i < s->n; i++)
    if (s->ranges[i].len >= len) {
      *off = s->ranges[i].off;
      s->ranges[i].off += len;
      s->ranges[i].len -= len;
      if (s->ranges[i].len == 0) {
        memmove(&s->ranges[i], &s->ranges[i + 1], (size_t)(s->n - i - 1) * sizeof *s->ranges);
        s->n--;
      }
      s->used += len;
      return 0;
    }
  return -1;
}

int xmpsp_slab_free(xmpsp_slab_t *s, size_t off, size_t len) {
  len = rounded(len > 0 ? len : 1);
  int i = 0;
  while (i < s->n && s->ranges[i].off < off)
    i++;
  int join_prev = i > 0 && s->ranges[i - 1].off + s->ranges[i - 1].len == off;
  int join_next = i < s->n && off + len == s->ranges[i].off;
  if ((i > 0 && s->ranges[i - 1].off + s->ranges[i - 1].len > off) ||
      (i < s->n && off + len > s->ranges[i].off) || off + len > s->cap)
    return -1; /* overlaps free space: not an allocation */
  if (join_prev && join_next) {
    s->ranges[i - 1].len += len + s->ranges[i].len;
    memmove(&s->ranges[i], &s->ranges[i + 1], (size_t)(s->n - i - 1) * sizeof *s->ranges);
    s->n--;
  } else if (join_prev) {
    s->ranges[i - 1].len += len;
  } else if (join_next) {
    s->ranges[i].off = off;
    s->ranges[i].len += len;
  } else {
    if (s->n == s->max) {
      xmpsp_range_t *grown = realloc(s->ranges, (size_t)s->max * 2 * sizeof *grown);
      if (grown == NULL)
        return -1;
      s->ranges = grown;
      s->max *= 2;
    }
    memmove(&s->ranges[i + 1], &s->ranges[i], (size_t)(s->n - i) * sizeof *s->ranges);
    s->ranges[i] = (xmpsp_range_t){off, len};
    s->n++;
  }
  s->used -= len;
  return 0;
}
