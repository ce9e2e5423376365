/* test_index.c - index arithmetic of xmpi_index.h against hand-computed values and against a
 * brute-force reference that assigns owners by walking the template dimension. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "xmp_rt.h"
#include "xmpi_index.h"

#define MAXN 64

static void hand_computed(void) {
  CHECK(xmpb_floor_div(-7, 2) == -4);
  CHECK(xmpb_floor_div(7, 2) == 3);
  CHECK(xmpb_ceil_div(-7, 2) == -3);
  CHECK(xmpb_ceil_div(7, 2) == 4);
  CHECK(xmpb_ceil_div(0, 3) == 0);

  xmpi_dist_t d;
  long lo, hi, llb, lub, ls;
  /* block: 10 over 4 -> chunk 3: [0,2] [3,5] [6,8] [9,9] */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_BLOCK, 0, 0, 9, 4) == XMPI_OK);
  CHECK(xmpi_dist_local_range(&d, 3, &lo, &hi) == XMPI_OK && lo == 9 && hi == 9);
  CHECK(xmpi_dist_local_range(&d, 1, &lo, &hi) == XMPI_OK && lo == 3 && hi == 5);
  CHECK(xmpi_dist_owner(&d, 5) == 1 && xmpi_dist_owner(&d, 10) == -1);
  /* i = 0..9 step 2 on node 1 (3..5) -> 4..4 */
  CHECK(xmpi_dist_loop_bounds(&d, 1, 0, 0, 9, 2, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 4 && lub == 4 && ls == 2);
  /* i = 9 down to 0 step -2, offset 1 (template i+1), node 1 owns i in 2..4 -> 3..3 */
  CHECK(xmpi_dist_loop_bounds(&d, 1, 1, 9, 0, -2, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 3 && lub == 3 && ls == -2);
  /* empty for node 3: i = 0..8 */
  CHECK(xmpi_dist_loop_bounds(&d, 3, 0, 0, 8, 1, &llb, &lub, &ls) == XMPI_OK && llb > lub);
  CHECK(xmpi_dist_loop_bounds(&d, 3, 0, 8, 0, -1, &llb, &lub, &ls) == XMPI_OK && llb < lub);
  CHECK(xmpi_dist_loop_bounds(&d, 0, 0, 0, 9, 0, &llb, &lub, &ls) == XMPI_E_STEP);
  xmpi_dist_fini(&d);

  /* block: 5 over 4 -> chunk 2: [1,2] [3,4] [5,5] [] for lower 1 */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_BLOCK, 0, 1, 5, 4) == XMPI_OK);
  CHECK(xmpi_dist_local_range(&d, 3, &lo, &hi) == XMPI_OK && lo > hi);
  xmpi_dist_fini(&d);

  /* cyclic: 10 over 3: node 1 owns 1,4,7; loop 0..9 -> 1..7 step 3 */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, 1, 0, 9, 3) == XMPI_OK);
  CHECK(xmpi_dist_local_range(&d, 1, &lo, &hi) == XMPI_E_NOT_INTERVAL);
  CHECK(xmpi_dist_loop_bounds(&d, 1, 0, 0, 9, 1, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 1 && lub == 7 && ls == 3);
  /* step 2 over 3 nodes: iterations 0,2,4,6,8 owners 0,2,1,0,2 -> node 1 gets 4 only */
  CHECK(xmpi_dist_loop_bounds(&d, 1, 0, 0, 9, 2, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 4 && lub == 4 && ls == 6);
  xmpi_dist_fini(&d);

  /* cyclic(2): 10 over 2: node 0 owns 0,1,4,5,8,9 */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, 2, 0, 9, 2) == XMPI_OK);
  CHECK(xmpi_dist_owner(&d, 5) == 0 && xmpi_dist_owner(&d, 7) == 1);
  CHECK(xmpi_dist_loop_bounds(&d, 0, 0, 0, 9, 1, &llb, &lub, &ls) == XMPI_E_UNSUPPORTED);
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, 0, 0, 9, 2) == XMPI_E_WIDTH);

  /* gblock {2,0,5} on [10,16] */
  int sizes[] = {2, 0, 5}, bad[] = {2, 0, 4};
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_GBLOCK, (intptr_t)sizes, 10, 16, 3) == XMPI_OK);
  CHECK(xmpi_dist_local_range(&d, 2, &lo, &hi) == XMPI_OK && lo == 12 && hi == 16);
  CHECK(xmpi_dist_local_range(&d, 1, &lo, &hi) == XMPI_OK && lo > hi);
  CHECK(xmpi_dist_owner(&d, 12) == 2 && xmpi_dist_owner(&d, 11) == 0);
  xmpi_dist_fini(&d);
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_GBLOCK, (intptr_t)bad, 10, 16, 3) == XMPI_E_GBLOCK);
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_GBLOCK, 0, 10, 16, 3) == XMPI_E_GBLOCK);
  CHECK(xmpi_dist_init(&d, 7, 0, 10, 16, 3) == XMPI_E_KIND);
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_BLOCK, 0, 10, 8, 3) == XMPI_E_RANGE);

  /* not distributed: the loop as written, 20, 16, ..., 0, with its last iteration exact */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_NONE, 0, 0, 9, 1) == XMPI_OK);
  CHECK(xmpi_dist_loop_bounds(&d, 0, 5, 20, -3, -4, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 20 && lub == 0 && ls == -4);
}

/* Reference owners, computed by handing out indices in order: independent of index.c. */
static void reference_owners(int kind, long n, int p, long w, const int *sizes, int *owner) {
  long pos = 0;
  if (kind == XMP_RT_DIST_BLOCK) {
    long chunk = 0;
    while (chunk * p < n)
      chunk++;
    for (int c = 0; c < p; c++)
      for (long j = 0; j < chunk && pos < n; j++)
        owner[pos++] = c;
  } else if (kind == XMP_RT_DIST_CYCLIC) {
    for (int c = 0; pos < n; c = (c + 1) % p)
      for (long j = 0; j < w && pos < n; j++)
        owner[pos++] = c;
  } else {
    for (int c = 0; c < p; c++)
      for (int j = 0; j < sizes[c]; j++)
        owner[pos++] = c;
  }
}

static void check_config(int kind, long lower, long n, int p, long w, const int *sizes) {
  int owner[MAXN];
  reference_owners(kind, n, p, w, sizes, owner);
  xmpi_dist_t d;
  intptr_t param = kind == XMP_RT_DIST_CYCLIC ? w : (intptr_t)sizes;
  int st = xmpi_dist_init(&d, kind, param, lower, lower + n - 1, p);
  CHECKF(st == XMPI_OK, "kind %d n %ld p %d", kind, n, p);
  if (st)
    return;

  for (long g = lower - 2; g <= lower + n + 1; g++) {
    int want = g >= lower && g < lower + n ? owner[g - lower] : -1;
    CHECKF(xmpi_dist_owner(&d, g) == want, "owner kind %d n %ld p %d w %ld g %ld", kind, n, p,
           w, g);
  }

  for (int c = 0; c < p; c++) {
    /* The owned set is an interval iff its members are consecutive. */
    long first = -1, last = -2, count = 0;
    for (long j = 0; j < n; j++)
      if (owner[j] == c) {
        if (count == 0)
          first = lower + j;
        last = lower + j;
        count++;
      }
    int interval = count == 0 || last - first + 1 == count;
    long lo, hi;
    st = xmpi_dist_local_range(&d, c, &lo, &hi);
    if (interval) {
      CHECKF(st == XMPI_OK, "range kind %d n %ld p %d w %ld c %d", kind, n, p, w, c);
      CHECKF(count == 0 ? lo > hi : lo == first && hi == last,
             "range kind %d n %ld p %d w %ld c %d: [%ld,%ld]", kind, n, p, w, c, lo, hi);
    } else {
      CHECKF(st == XMPI_E_NOT_INTERVAL, "range kind %d n %ld p %d w %ld c %d", kind, n, p, w, c);
    }
  }

  /* Loops: for each node, the local loop must run exactly the owned original iterations. */
  for (long off = -2; off <= 2; off += 2)
    for (long step = -4; step <= 4; step++) {
      if (step == 0)
        continue;
      for (long lb = lower - 3; lb <= lower + n + 2; lb++)
        for (long ub = lower - 3; ub <= lower + n + 2; ub++)
          for (int c = 0; c < p; c++) {
            long llb, lub, ls;
            st = xmpi_dist_loop_bounds(&d, c, off, lb, ub, step, &llb, &lub, &ls);
            if (kind == XMP_RT_DIST_CYCLIC && w > 1 && st == XMPI_E_UNSUPPORTED)
              continue;
            CHECKF(st == XMPI_OK, "loop kind %d n %ld p %d w %ld", kind, n, p, w);
            if (st)
              return;
            CHECKF(ls != 0 && (ls > 0) == (step > 0), "lstep %ld", ls);
            int ok = 1;
            long i = lb, j = llb;
            int nloc = 0;
            /* Walk the original loop and the local one in lockstep. */
            for (; step > 0 ? i <= ub : i >= ub; i += step) {
              long g = i + off;
              int mine = g >= lower && g < lower + n && owner[g - lower] == c;
              if (!mine)
                continue;
              if (!(ls > 0 ? j <= lub : j >= lub) || j != i)
                ok = 0;
              j += ls;
              nloc++;
            }
            if (ls > 0 ? j <= lub : j >= lub)
              ok = 0; /* the local loop runs further than the owned iterations */
            if (nloc == 0)
              ok = ok && (step > 0 ? llb > lub : llb < lub);
            else
              ok = ok && (llb - lb) % step == 0 && (lub - lb) % step == 0;
            CHECKF(ok, "loop kind %d lower %ld n %ld p %d w %ld c %d off %ld %ld:%ld:%ld -> "
                   "%ld:%ld:%ld", kind, lower, n, p, w, c, off, lb, ub, step, llb, lub, ls);
            if (!ok)
              return;
          }
    }
  xmpi_dist_fini(&d);
}

static void brute_force(void) {
  for (long n = 0; n <= 13; n++)
    for (int p = 1; p <= 5; p++)
      for (long lower = -3; lower <= 2; lower += 5) {
        check_config(XMP_RT_DIST_BLOCK, lower, n, p, 1, NULL);
        for (long w = 1; w <= 3; w++)
          check_config(XMP_RT_DIST_CYCLIC, lower, n, p, w, NULL);
        /* A few gblock splits: pseudo-random, with empty blocks, summing to n. */
        for (int seed = 0; seed < 4; seed++) {
          int sizes[5] = {0};
          long left = n;
          unsigned r = (unsigned)(seed * 7919 + n * 31 + p);
          for (int c = 0; c < p - 1; c++) {
            r = r * 1103515245u + 12345u;
            sizes[c] = (int)((r >> 8) % (unsigned long)(left + 1));
            left -= sizes[c];
          }
          sizes[p - 1] = (int)left;
          check_config(XMP_RT_DIST_GBLOCK, lower, n, p, 1, sizes);
        }
      }
}

int main(void) {
  hand_computed();
  brute_force();
  return CHECK_RESULT();
}
