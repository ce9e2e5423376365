/* choice_pairs.c - the measured-choice module's per-pair windows: a device halo face's path
 * (device_exchange.c), chosen by the two ends of each pair together (pure).
 *
 * Windows at fixed executions (xmphc_window_fixed: the first XMPHC_DEV_WINDOW of every
 * XMPHC_DEV_RECHECK), so that both ends, which count executions alike, know them without a
 * message. In a window every receiver asks for each path in turn: one untimed round (first
 * uses: the IPC mapping, the kernel's module load), then XMPHC_DEV_REPS timed ones, each
 * keeping its shortest time (xmphc_keep_shortest). At the window's end both ends of a pair
 * fold the times of the faces they received, swap them, and take per path the slower end's,
 * then the fastest path (xmphc_fastest): the same numbers at both ends, the same path. A
 * recheck leaves out the paths that lost by far (xmphc_dev_prune). */
#include <string.h>

#include "xmphc_internal.h"

xmphc_dev_step_t xmphc_dev_schedule(long e, int kernel_ok) {
  xmphc_dev_step_t s = {-1, 0, 0, 0};
  long k = xmphc_window_fixed(e, XMPHC_DEV_WINDOW, XMPHC_DEV_RECHECK);
  if (k < 0)
    return s;
  s.path = (int)(k % XMPHC_DEV_NPATHS);
  if (s.path == XMPHC_DEV_KERNEL && !kernel_ok)
    s.path = XMPHC_DEV_DIRECT;
  s.timed = k >= XMPHC_DEV_NPATHS;
  s.sync = s.timed;
  s.decide = k == XMPHC_DEV_WINDOW - 1;
  return s;
}

void xmphc_dev_fold(double *acc, const double *best) {
  for (int p = 0; p < XMPHC_DEV_NPATHS; p++)
    acc[p] = acc[p] < 0 || best[p] < 0 ? -1.0 : acc[p] > best[p] ? acc[p] : best[p];
}

int xmphc_dev_choose(const double *mine, const double *peer, double *joint) {
  memcpy(joint, mine, XMPHC_DEV_NPATHS * sizeof *joint);
  xmphc_dev_fold(joint, peer);
  int chosen = xmphc_fastest(joint, (1u << XMPHC_DEV_NPATHS) - 1, XMPHC_DEV_NPATHS);
  return chosen < 0 ? XMPHC_DEV_MPI : chosen;
}

unsigned xmphc_dev_prune(const double *joint, int chosen) {
  unsigned skip = 0;
  if (chosen < 0 || chosen >= XMPHC_DEV_NPATHS || joint[chosen] < 0)
    return 0;
  for (int p = 0; p < XMPHC_DEV_NPATHS; p++)
    if (joint[p] > XMPHC_DEV_PRUNE * joint[chosen])
      skip |= 1u << p;
  return skip;
}

int xmphc_dev_ask(const xmphc_dev_step_t *step, unsigned skip, int chosen) {
  if (step->path < 0 || (skip >> step->path & 1u))
    return chosen;
  return step->path;
}
