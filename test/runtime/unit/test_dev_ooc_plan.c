/* test_dev_ooc_plan.c - the arithmetic of out-of-core device loops (ooc_plan.c) against its
 * definition, on made-up shapes:
 *   rows          a chunk's rows with the stencil's reach, clamped to the storage, any row for
 *                 an array read whole, negative steps
 *   chunk bytes   rows times planes times row size, arrays read whole not counted
 *   chunk iters   the largest count whose bytes fit (checked against every count), at least 1
 *   order         fewest bytes to load first, stable among equals
 *   slab          first fit, merging of neighbours, the used count, refusals (double free, an
 *                 allocation that does not fit), checked against a byte map over random runs */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmpsp_internal.h"

static void rows(void) {
  xmpsp_ooc_shape_t s = {10, 80, 1, 800, 1, 1, -1, 1}; /* rows 0..9 for index 1..10 */
  long r0, r1;
  CHECK(xmpsp_ooc_rows(&s, 4, 6, &r0, &r1) == 5 && r0 == 2 && r1 == 7);
  CHECK(xmpsp_ooc_rows(&s, 1, 2, &r0, &r1) == 3 && r0 == 0 && r1 == 3);   /* clamped below */
  CHECK(xmpsp_ooc_rows(&s, 9, 10, &r0, &r1) == 3 && r0 == 7 && r1 == 10); /* and above */
  CHECK(xmpsp_ooc_rows(&s, 40, 50, &r0, &r1) == 0 && r0 == 10 && r1 == 10);
  xmpsp_ooc_shape_t whole = s;
  whole.rows = 0;
  CHECK(xmpsp_ooc_rows(&whole, 4, 6, &r0, &r1) == 10 && r0 == 0 && r1 == 10);
}

static void chunk_bytes(void) {
  xmpsp_ooc_shape_t s[3] = {{100, 8, 1, 800, 0, 1, -1, 1},  /* stencil: 2 more rows */
                            {100, 16, 4, 1600, 0, 1, 0, 0}, /* 4 planes */
                            {100, 8, 1, 800, 0, 0, 0, 0}};  /* read whole: not counted */
  CHECK(xmpsp_ooc_chunk_bytes(s, 3, 1, 1) == 3 * 8 + 4 * 16);
  CHECK(xmpsp_ooc_chunk_bytes(s, 3, 10, 1) == 12 * 8 + 4 * 10 * 16);
  CHECK(xmpsp_ooc_chunk_bytes(s, 3, 10, -2) == 21 * 8 + 4 * 19 * 16);    /* every other row */
  CHECK(xmpsp_ooc_chunk_bytes(s, 3, 1000, 1) == 100 * 8 + 4 * 100 * 16); /* the storage */
  for (size_t target = 0; target < 3000; target += 37)
    for (long st = 1; st <= 3; st++) {
      long n = 60, k = xmpsp_ooc_chunk_iters(s, 3, n, st, target);
      long best = 1;
      for (long c = 1; c <= n; c++)
        if (xmpsp_ooc_chunk_bytes(s, 3, c, st) <= target)
          best = c;
      CHECKF(k == best, "target %zu step %ld: %ld, not %ld", target, st, k, best);
    }
  CHECK(xmpsp_ooc_chunk_iters(s, 3, 0, 1, 10) == 1);
}

static void order(void) {
  double load[7] = {5, 0, 3, 0, 5, 1, 0};
  int o[7];
  xmpsp_ooc_order(7, load, o);
  int want[7] = {1, 3, 6, 5, 2, 0, 4};
  CHECK(memcmp(o, want, sizeof want) == 0);
}

static void slab(void) {
  xmpsp_slab_t s;
  CHECK(xmpsp_slab_init(&s, 4096) == 0);
  size_t a, b, c, d;
  CHECK(xmpsp_slab_alloc(&s, 1000, &a) == 0 && a == 0); /* rounded up to 1024 */
  CHECK(xmpsp_slab_alloc(&s, 512, &b) == 0 && b == 1024);
  CHECK(xmpsp_slab_alloc(&s, 2048, &c) == 0 && c == 1536);
  CHECK(xmpsp_slab_alloc(&s, 1024, &d) != 0); /* 512 left */
  CHECK(s.used == 3584);
  CHECK(xmpsp_slab_free(&s, b, 512) == 0 && xmpsp_slab_free(&s, b, 512) != 0);
  CHECK(xmpsp_slab_free(&s, a, 1000) == 0 && s.n == 2); /* merged with b's range */
  CHECK(xmpsp_slab_alloc(&s, 1536, &d) == 0 && d == 0);
  CHECK(xmpsp_slab_free(&s, c, 2048) == 0 && s.n == 1); /* merged with the tail */
  CHECK(xmpsp_slab_free(&s, d, 1536) == 0 && s.n == 1 && s.ranges[0].len == 4096 && s.used == 0);
  xmpsp_slab_fini(&s);

  /* random runs against a map of which 512-byte units are taken */
  enum { UNITS = 64 };
  CHECK(xmpsp_slab_init(&s, UNITS * 512) == 0);
  unsigned char map[UNITS] = {0};
  size_t off[200], len[200];
  int live = 0, bad = 0;
  srand(7);
  for (int step = 0; step < 5000 && !bad; step++) {
    if (live > 0 && (rand() % 2 || live == 200)) {
      int i = rand() % live;
      bad |= xmpsp_slab_free(&s, off[i], len[i]) != 0;
      for (size_t u = off[i] / 512; u < (off[i] + len[i]) / 512; u++)
        map[u] = 0;
      off[i] = off[live - 1], len[i] = len[live - 1], live--;
    } else {
      size_t want = (size_t)(rand() % 6 + 1) * 512, at;
      /* first fit by the map */
      long first = -1;
      for (long u = 0; u + (long)want / 512 <= UNITS && first < 0; u++) {
        long k = 0;
        while (k < (long)want / 512 && !map[u + k])
          k++;
        if (k == (long)want / 512)
          first = u;
      }
      int got = xmpsp_slab_alloc(&s, want, &at) == 0;
      bad |= got != (first >= 0) || (got && at != (size_t)first * 512);
      if (got) {
        for (size_t u = at / 512; u < (at + want) / 512; u++)
          map[u] = 1;
        off[live] = at, len[live] = want, live++;
      }
    }
    size_t used = 0;
    for (int u = 0; u < UNITS; u++)
      used += map[u] * 512u;
    bad |= used != s.used;
  }
  CHECK(!bad);
  xmpsp_slab_fini(&s);
}

int main(void) {
  rows();
  chunk_bytes();
  order();
  slab();
  return CHECK_RESULT();
}
