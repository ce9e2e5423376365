/* The clock of the hybrid layer's measuring windows (hybridcomm/choice.c), which the host
 * faces' (exchange.c), the collective steps' (coll.c) and the algorithms' (choice_blocks.c)
 * choices count their executions on:
 *  - a window from the first execution, or (made to wait) from the one after
 *    xmphc_window_open, never a second first window;
 *  - the index of each execution in the window, as counted and as asked afterwards;
 *  - after a decision no window until `recheck` executions later, then a fresh one (the
 *    caller forgets its times) at exactly that execution;
 *  - the shortest time kept per path, "none" (< 0) replaced by the first;
 *  - the decision's rule: the smallest measured time among the candidates, ties to the lower
 *    path, unmeasured ones and non-candidates left out, none measured: -1;
 *  - windows at fixed executions (the device faces', choice_pairs.c): the index of every
 *    execution against its definition, the same window every period, none before 0. */
#include "check.h"
#include "xmphc_internal.h"

enum { LENGTH = 6, RECHECK = 20 };

/* Ticks through one window of LENGTH executions from w's state, checking the indices, and
 * decides at its last execution. */
static void run_window(xmphc_window_t *w, int fresh_first) {
  for (long k = 0; k < LENGTH; k++) {
    int fresh;
    long got = xmphc_window_tick(w, RECHECK, &fresh);
    CHECKF(got == k && xmphc_window_index(w) == k, "window execution %ld: index %ld, asked %ld",
           k, got, xmphc_window_index(w));
    CHECKF(fresh == (k == 0 && fresh_first), "window execution %ld: fresh %d", k, fresh);
  }
  xmphc_window_decided(w);
  CHECKF(xmphc_window_index(w) == -1 && w->decided_at == w->execs - 1,
         "after the decision: index %ld, decided at %ld of %ld", xmphc_window_index(w),
         w->decided_at, w->execs);
}

static void test_from_start(void) {
  xmphc_window_t w;
  xmphc_window_init(&w, 1);
  run_window(&w, 0);
  long decided = w.decided_at;
  /* no window until RECHECK executions after the decision */
  for (long e = decided + 1; e < decided + RECHECK; e++) {
    int fresh;
    long k = xmphc_window_tick(&w, RECHECK, &fresh);
    if (k != -1 || fresh) {
      CHECKF(0, "execution %ld: index %ld, fresh %d before the recheck", e, k, fresh);
      break;
    }
  }
  CHECKF(w.execs == decided + RECHECK, "%ld executions", w.execs);
  run_window(&w, 1); /* the recheck, fresh */
  xmphc_window_open(&w); /* decided: opening starts nothing */
  int fresh;
  CHECKF(xmphc_window_tick(&w, RECHECK, &fresh) == -1 && !fresh, "a window after open");
}

static void test_deferred(void) {
  xmphc_window_t w;
  xmphc_window_init(&w, 0);
  for (int e = 0; e < 3 * RECHECK; e++) { /* waits, with no recheck either */
    int fresh;
    long k = xmphc_window_tick(&w, RECHECK, &fresh);
    if (k != -1 || fresh) {
      CHECKF(0, "execution %d before the open: index %ld, fresh %d", e, k, fresh);
      break;
    }
  }
  xmphc_window_open(&w);
  xmphc_window_open(&w); /* twice: the same start */
  CHECKF(w.start == 3 * RECHECK, "opened at %ld", w.start);
  run_window(&w, 0);
}

static void test_shortest(void) {
  double best[3] = {-1.0, -1.0, 5.0};
  xmphc_keep_shortest(best, 0, 9.0);
  xmphc_keep_shortest(best, 0, 8.0);
  xmphc_keep_shortest(best, 0, 8.5);
  xmphc_keep_shortest(best, 2, 6.0);
  CHECKF(best[0] == 8.0 && best[1] == -1.0 && best[2] == 5.0, "kept %g %g %g", best[0],
         best[1], best[2]);
}

static void test_fastest(void) {
  const double t[4] = {5.0, 3.0, 3.0, -1.0};
  CHECKF(xmphc_fastest(t, 0xf, 4) == 1, "all: %d", xmphc_fastest(t, 0xf, 4));
  CHECKF(xmphc_fastest(t, 0x5, 4) == 2, "0 and 2: %d", xmphc_fastest(t, 0x5, 4));
  CHECKF(xmphc_fastest(t, 0x9, 4) == 0, "0 and the unmeasured 3: %d", xmphc_fastest(t, 0x9, 4));
  CHECKF(xmphc_fastest(t, 0x8, 4) == -1, "the unmeasured alone: %d", xmphc_fastest(t, 0x8, 4));
  CHECKF(xmphc_fastest(t, 0x7, 2) == 1, "within n: %d", xmphc_fastest(t, 0x7, 2));
  const double tie[2] = {2.0, 2.0};
  CHECKF(xmphc_fastest(tie, 0x3, 2) == 0, "a tie: %d", xmphc_fastest(tie, 0x3, 2));
}

static void test_fixed(void) {
  for (long period = 1; period <= 9; period++)
    for (long window = 0; window <= period; window++)
      for (long e = -3; e < 5 * period; e++) {
        long want = e >= 0 && e - (e / period) * period < window ? e - (e / period) * period : -1;
        CHECKF(xmphc_window_fixed(e, window, period) == want,
               "execution %ld, window %ld every %ld: %ld, want %ld", e, window, period,
               xmphc_window_fixed(e, window, period), want);
      }
  CHECK(xmphc_window_fixed(1000, 9, 1000) == 0 && xmphc_window_fixed(1008, 9, 1000) == 8 &&
        xmphc_window_fixed(1009, 9, 1000) == -1);
}

int main(void) {
  test_fixed();
  test_from_start();
  test_fastest();
  test_deferred();
  test_shortest();
  return CHECK_RESULT();
}
