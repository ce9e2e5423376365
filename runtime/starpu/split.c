/* split.c - cutting a device loop's iterations into GPU and CPU chunks by the CPU weight. */
#include <math.h>

#include "xmpsp_internal.h"

long xmpsp_iter_count(long lb, long ub, long st) {
  if (st == 0)
    return -1;
  if (st > 0)
    return lb <= ub ? (ub - lb) / st + 1 : 0;
  return lb >= ub ? (lb - ub) / -st + 1 : 0;
}

/* Cuts count iterations starting at first into nchunks nearly equal chunks (the first
 * count % nchunks get one more), appending the non-empty ones to out. */
static int cut(long first, long count, int nchunks, int gpu, xmpsp_chunk_t *out) {
  if (nchunks <= 0 || count <= 0)
    return 0;
  int n = 0;
  long base = count / nchunks, extra = count % nchunks;
  for (int c = 0; c < nchunks; c++) {
    long len = base + (c < extra ? 1 : 0);
    if (len == 0)
      continue;
    out[n].first = first;
    out[n].count = len;
    out[n].gpu = gpu;
    first += len;
    n++;
  }
  return n;
}

int xmpsp_split(long n, double weight, int ngpu, int ncpu, xmpsp_chunk_t *out) {
  if (n <= 0 || ngpu <= 0)
    return 0;
  long cpu = ncpu > 0 ? llround(weight * (double)n) : 0; /* no CPU chunk: GPU only */
  if (cpu > n) /* weight is in [0, 1]; guards rounding only */
    cpu = n;
  /* The GPU part comes first in iteration order: with a block distribution it is the lower
   * rows, so the GPU and CPU parts of consecutive loops with the same weight stay stable. */
  int k = cut(0, n - cpu, ngpu, 1, out);
  return k + cut(n - cpu, cpu, ncpu, 0, out + k);
}
