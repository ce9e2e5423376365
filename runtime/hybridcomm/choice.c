/* choice.c - the measured-choice module's base (pure): the clock of the measuring windows,
 * the shortest time kept per path and the decision rule. The module: this file; choice_blocks.c
 * (blocks of consecutive executions per candidate, medians, the slowest rank's, one
 * allreduce: a device collective's algorithm, MPI's own collective against the steps, a device
 * exchange's order of faces); choice_pairs.c (windows at fixed executions whose two ends of a
 * pair decide together, pruning at rechecks: a device halo face's path). The choices that use
 * the clock and the shortest times directly: a host halo face's path (exchange.c), a host or
 * device collective's step paths (coll.c).
 *
 * A decision takes the path (or algorithm) of smallest time among the candidates measured,
 * ties to the lower one (MPI first): the same function of the same numbers at every end, so
 * the ends agree without a further message.
 *
 * A window is a run of measured executions ending in a decision. The first starts at the
 * first execution (or, for a choice made to wait, at the one after xmphc_window_open), and
 * another `recheck` executions after each decision, in case the machine's load changed. */
#include "xmphc_internal.h"

void xmphc_window_init(xmphc_window_t *w, int start_now) {
  *w = (xmphc_window_t){0, start_now ? 0 : -1, -1};
}

void xmphc_window_open(xmphc_window_t *w) {
  if (w->start < 0 && w->decided_at < 0)
    w->start = w->execs;
}

long xmphc_window_tick(xmphc_window_t *w, long recheck, int *fresh) {
  long e = w->execs++;
  *fresh = w->start < 0 && w->decided_at >= 0 && e - w->decided_at >= recheck;
  if (*fresh)
    w->start = e;
  return w->start >= 0 ? e - w->start : -1;
}

long xmphc_window_fixed(long e, long window, long period) {
  long k = e % period;
  return e >= 0 && k < window ? k : -1;
}

long xmphc_window_index(const xmphc_window_t *w) {
  return w->start >= 0 ? w->execs - 1 - w->start : -1;
}

void xmphc_window_decided(xmphc_window_t *w) {
  w->decided_at = w->execs - 1;
  w->start = -1;
}

void xmphc_keep_shortest(double *best, int path, double t) {
  if (best[path] < 0 || t < best[path])
    best[path] = t;
}

int xmphc_fastest(const double *t, unsigned mask, int n) {
  int chosen = -1;
  for (int p = 0; p < n; p++)
    if ((mask & (1u << p)) && t[p] >= 0 && (chosen < 0 || t[p] < t[chosen]))
      chosen = p;
  return chosen;
}
