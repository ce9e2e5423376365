/* test_loop_cyclic.c - block-cyclic loops as one progression per owned block
 * (xmpi_loop_cyclic.h) against a brute-force walk of the original loop, whose owners are
 * handed out block by block independently of the runtime's arithmetic. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "xmp_rt.h"
#include "xmpi_loop_cyclic.h"

#define MAXN 32
#define MAXIT 256

/* Owner of each template position 0..n-1 of cyclic(w) over p nodes, by dealing blocks. */
static void reference_owners(long n, int p, long w, int *owner) {
  long pos = 0;
  for (int c = 0; pos < n; c = (c + 1) % p)
    for (long j = 0; j < w && pos < n; j++)
      owner[pos++] = c;
}

static void hand_computed(void) {
  xmpi_dist_t d;
  long cnt, llb, lub, ls;
  /* cyclic(2) on [0,9] over 2 nodes: node 0 owns {0,1}, {4,5}, {8,9}. */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, 2, 0, 9, 2) == XMPI_OK);
  CHECK(xmpi_dist_loop_block_count(&d, 0, 0, 0, 9, 1, &cnt) == XMPI_OK && cnt == 3);
  CHECK(xmpi_dist_loop_block(&d, 0, 0, 0, 9, 1, 1, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 4 && lub == 5 && ls == 1);
  /* Descending 9..0 step -3 (9,6,3,0): node 0 gets 9 then 0, blocks {8,9} then {0,1}. */
  CHECK(xmpi_dist_loop_block_count(&d, 0, 0, 9, 0, -3, &cnt) == XMPI_OK && cnt == 2);
  CHECK(xmpi_dist_loop_block(&d, 0, 0, 9, 0, -3, 0, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 9 && lub == 9 && ls == -3);
  CHECK(xmpi_dist_loop_block(&d, 0, 0, 9, 0, -3, 1, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 0 && lub == 0 && ls == -3);
  CHECK(xmpi_dist_loop_block(&d, 0, 0, 9, 0, -3, 2, &llb, &lub, &ls) == XMPI_E_BLOCK);
  CHECK(xmpi_dist_loop_block(&d, 0, 0, 9, 0, -3, -1, &llb, &lub, &ls) == XMPI_E_BLOCK);
  CHECK(xmpi_dist_loop_block_count(&d, 0, 0, 9, 0, 0, &cnt) == XMPI_E_STEP);
  CHECK(xmpi_dist_loop_block_count(&d, 2, 0, 9, 0, 1, &cnt) == XMPI_E_NPROCS);
  /* Offset 1: i = 0..8 addresses 1..9; node 1 owns {2,3} and {6,7} -> i 1..2, 5..6. */
  CHECK(xmpi_dist_loop_block_count(&d, 1, 1, 0, 8, 1, &cnt) == XMPI_OK && cnt == 2);
  CHECK(xmpi_dist_loop_block(&d, 1, 1, 0, 8, 1, 1, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 5 && lub == 6);
  xmpi_dist_fini(&d);

  /* block: one progression equal to xmpi_dist_loop_bounds, none when empty. */
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_BLOCK, 0, 0, 9, 4) == XMPI_OK);
  CHECK(xmpi_dist_loop_block_count(&d, 1, 0, 0, 9, 2, &cnt) == XMPI_OK && cnt == 1);
  CHECK(xmpi_dist_loop_block(&d, 1, 0, 0, 9, 2, 0, &llb, &lub, &ls) == XMPI_OK);
  CHECK(llb == 4 && lub == 4 && ls == 2);
  CHECK(xmpi_dist_loop_block_count(&d, 3, 0, 0, 8, 1, &cnt) == XMPI_OK && cnt == 0);
  CHECK(xmpi_dist_loop_block(&d, 3, 0, 0, 8, 1, 0, &llb, &lub, &ls) == XMPI_E_BLOCK);
  CHECK(xmpi_dist_loop_block(&d, 1, 0, 0, 9, 2, 1, &llb, &lub, &ls) == XMPI_E_BLOCK);
  xmpi_dist_fini(&d);
}

/* One loop on one dimension: every node's progressions, concatenated, are exactly its
 * owned iterations in loop order, and the nodes together run each in-template iteration. */
static int check_loop(const xmpi_dist_t *d, const int *owner, long off, long lb, long ub,
                      long step) {
  long n = d->upper - d->lower + 1, w = d->width;
  int p = d->nprocs;
  int per_block = d->kind == XMP_RT_DIST_CYCLIC && w > 1 && p > 1;
  long iters[MAXIT];
  int nit = 0;
  /* A dimension that is not distributed leaves the loop as written (every node runs
   * every iteration); otherwise only iterations inside the template are owned. */
  int whole = d->kind == XMP_RT_DIST_NONE;
  for (long i = lb; step > 0 ? i <= ub : i >= ub; i += step) {
    long g = i + off - d->lower;
    if (whole || (g >= 0 && g < n))
      iters[nit++] = i;
  }
  int total = 0;
  for (int c = 0; c < p; c++) {
    long want[MAXIT], got[MAXIT];
    int nwant = 0, ngot = 0, ok = 1;
    for (int k = 0; k < nit; k++)
      if (whole || owner[iters[k] + off - d->lower] == c)
        want[nwant++] = iters[k];
    long cnt;
    int st = xmpi_dist_loop_block_count(d, c, off, lb, ub, step, &cnt);
    ok = st == XMPI_OK && cnt >= 0 && cnt <= nwant && (per_block || cnt <= 1);
    long prev_block = 0;
    for (long b = 0; ok && b < cnt; b++) {
      long llb, lub, ls;
      st = xmpi_dist_loop_block(d, c, off, lb, ub, step, b, &llb, &lub, &ls);
      ok = st == XMPI_OK && ls != 0 && (ls > 0) == (step > 0) && (!per_block || ls == step);
      ok = ok && (step > 0 ? llb <= lub : llb >= lub) && (llb - lb) % step == 0 &&
           (lub - llb) % ls == 0;
      for (long i = llb; ok && (ls > 0 ? i <= lub : i >= lub); i += ls) {
        if (ngot == MAXIT) {
          ok = 0;
          break;
        }
        got[ngot++] = i;
        if (per_block) {
          /* All of one progression in one block; blocks strictly in the loop's order. */
          long blk = (i + off - d->lower) / w;
          if (i == llb)
            ok = b == 0 || (step > 0 ? blk > prev_block : blk < prev_block);
          else
            ok = blk == prev_block;
          prev_block = blk;
        }
      }
      if (!per_block && ok) {
        long rlb, rub, rls;
        ok = xmpi_dist_loop_bounds(d, c, off, lb, ub, step, &rlb, &rub, &rls) == XMPI_OK &&
             rlb == llb && rub == lub && rls == ls;
      }
    }
    long llb, lub, ls;
    ok = ok && xmpi_dist_loop_block(d, c, off, lb, ub, step, cnt, &llb, &lub, &ls) ==
                   XMPI_E_BLOCK;
    ok = ok && ngot == nwant;
    for (int k = 0; ok && k < nwant; k++)
      ok = got[k] == want[k];
    total += ngot;
    CHECKF(ok, "kind %d [%ld,%ld] p %d w %ld c %d off %ld loop %ld:%ld:%ld: count %ld, "
           "%d iterations for %d owned", d->kind, d->lower, d->upper, p, w, c, off, lb, ub,
           step, cnt, ngot, nwant);
    if (!ok)
      return 0;
  }
  CHECKF(total == nit, "partition: %d of %d iterations", total, nit);
  return total == nit;
}

static void brute_force(void) {
  int owner[MAXN];
  for (long n = 1; n <= 23; n++)
    for (int p = 1; p <= 5; p++)
      for (long w = 1; w <= 4; w++)
        for (long lower = 0; lower <= 3; lower += 3) {
          reference_owners(n, p, w, owner);
          xmpi_dist_t d;
          CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, w, lower, lower + n - 1, p) == XMPI_OK);
          /* Bounds every other index (all of them for small n) keep the run short. */
          long stride = n <= 8 ? 1 : 2;
          int ok = 1;
          for (long off = -2; ok && off <= 2; off++)
            for (long step = -6; ok && step <= 6; step++) {
              if (step == 0)
                continue;
              for (long lb = lower - 3; ok && lb <= lower + n + 2; lb += stride)
                for (long ub = lower - 3; ok && ub <= lower + n + 2; ub += stride)
                  ok = check_loop(&d, owner, off, lb, ub, step);
            }
          xmpi_dist_fini(&d);
        }

  /* Block and '*': one progression, the one of xmpi_dist_loop_bounds. */
  for (long n = 1; n <= 13; n++)
    for (int p = 1; p <= 4; p++) {
      xmpi_dist_t d;
      CHECK(xmpi_dist_init(&d, XMP_RT_DIST_BLOCK, 0, 1, n, p) == XMPI_OK);
      long chunk = (n + p - 1) / p;
      for (long g = 0; g < n; g++)
        owner[g] = (int)(g / chunk);
      for (long step = -3; step <= 3; step++)
        for (long lb = -1; step != 0 && lb <= n + 2; lb++)
          for (long ub = -1; ub <= n + 2; ub++)
            check_loop(&d, owner, 1, lb, ub, step);
      xmpi_dist_fini(&d);
    }
  xmpi_dist_t d;
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_NONE, 0, 0, 9, 1) == XMPI_OK);
  for (int g = 0; g < 10; g++)
    owner[g] = 0;
  check_loop(&d, owner, 0, 12, -3, -2);
  check_loop(&d, owner, -1, 0, 9, 1);
}

/* A loop over a large template, run block by block: sequential calls must stay cheap, and
 * the walk matches the owners computed directly. */
static void medium(void) {
  const long n = 200000, w = 3;
  const int p = 4;
  xmpi_dist_t d;
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, w, 5, 5 + n - 1, p) == XMPI_OK);
  long steps[] = {7, 2, -5, -13, 12};
  for (int si = 0; si < 5; si++) {
    long step = steps[si], lb = step > 0 ? 3 : n + 7, ub = step > 0 ? n + 7 : 3;
    long owned[4] = {0};
    for (long i = lb; step > 0 ? i <= ub : i >= ub; i += step)
      if (i >= 5 && i < 5 + n)
        owned[((i - 5) / w) % p]++;
    for (int c = 0; c < p; c++) {
      long cnt, seen = 0, last = 0;
      int ok = xmpi_dist_loop_block_count(&d, c, 0, lb, ub, step, &cnt) == XMPI_OK;
      for (long b = 0; ok && b < cnt; b++) {
        long llb, lub, ls;
        ok = xmpi_dist_loop_block(&d, c, 0, lb, ub, step, b, &llb, &lub, &ls) == XMPI_OK;
        for (long i = llb; ok && (ls > 0 ? i <= lub : i >= lub); i += ls) {
          ok = ((i - 5) / w) % p == c && (seen == 0 || (step > 0 ? i > last : i < last)) &&
               (i - lb) % step == 0;
          last = i;
          seen++;
        }
      }
      CHECKF(ok && seen == owned[c], "medium step %ld c %d: %ld of %ld", step, c, seen,
             owned[c]);
    }
  }
  xmpi_dist_fini(&d);
}

/* Near the range of long: the count (one iteration per block, since step > w) against the
 * owners' period in the iteration number, p*w / gcd(step, p*w). */
static void huge(void) {
  const long lower = -1000, upper = 4000000000000000000L, w = 5, step = 1000000007L;
  const int p = 3;
  xmpi_dist_t d;
  CHECK(xmpi_dist_init(&d, XMP_RT_DIST_CYCLIC, w, lower, upper, p) == XMPI_OK);
  long lb = lower + 11, ub = upper - 2;
  long iters = (ub - lb) / step + 1, period = p * w; /* a multiple of the period */
  for (int c = 0; c < p; c++) {
    long per = 0, rest = 0;
    for (long k = 0; k < period; k++) {
      int mine = ((lb + k * step - lower) / w) % p == c;
      per += mine;
      rest += mine && k < iters % period;
    }
    long want = iters / period * per + rest, cnt;
    CHECK(xmpi_dist_loop_block_count(&d, c, 0, lb, ub, step, &cnt) == XMPI_OK);
    CHECKF(cnt == want, "huge c %d: count %ld, want %ld", c, cnt, want);
    long probes[] = {0, cnt / 3, cnt / 2, cnt - 1};
    for (int k = 0; k < 4; k++) {
      long llb, lub, ls;
      CHECK(xmpi_dist_loop_block(&d, c, 0, lb, ub, step, probes[k], &llb, &lub, &ls) ==
            XMPI_OK);
      CHECKF(llb == lub && (llb - lb) % step == 0 && llb <= ub &&
                 ((llb - lower) / w) % p == c,
             "huge c %d block %ld: %ld..%ld", c, probes[k], llb, lub);
    }
    /* The last block holds the last owned iteration. */
    long last = lb + (iters - 1) * step, llb, lub, ls;
    while (((last - lower) / w) % p != c)
      last -= step;
    CHECK(xmpi_dist_loop_block(&d, c, 0, lb, ub, step, cnt - 1, &llb, &lub, &ls) == XMPI_OK &&
          llb == last);
  }
  xmpi_dist_fini(&d);
}

int main(void) {
  hand_computed();
  brute_force();
  medium();
  huge();
  return CHECK_RESULT();
}
