/* choice_blocks.c - the measured-choice module's blocks (choice.c): a choice among a few
 * candidates: a device collective's algorithm
 * (coll_device.c, one record per kind and size class), a host collective's steps or MPI's
 * own (coll.c), a device exchange's order of faces (device_exchange.c). Pure but for
 * xmphc_algo_measured, which ends a window with one allreduce: the callers time the
 * executions.
 *
 * A window runs each candidate in a block of XMPHC_ALGO_BLOCK consecutive executions (the
 * first XMPHC_ALGO_SKIP untimed) and keeps the median of each one's timed executions; the
 * decision takes the smallest of the slowest ranks' medians. Windows (choice.c's clock) start
 * at the first execution and again XMPHC_ALGO_RECHECK executions after each decision. */
#include "xmphc_internal.h"

static void forget_window(xmphc_algo_choice_t *ch) {
  for (int a = 0; a < XMPHC_ALGO_MAX; a++) {
    ch->best[a] = -1.0;
    ch->nsamples[a] = 0;
  }
}

void xmphc_algo_init(xmphc_algo_choice_t *ch, int start_now) {
  *ch = (xmphc_algo_choice_t){.chosen = -1};
  xmphc_window_init(&ch->w, start_now);
  forget_window(ch);
  for (int a = 0; a < XMPHC_ALGO_MAX; a++)
    ch->decided[a] = -1.0;
}

void xmphc_algo_start(xmphc_algo_choice_t *ch) { xmphc_window_open(&ch->w); }

/* The candidates of mask in increasing order into cand; returns their number. */
static int candidates(unsigned mask, int *cand) {
  int n = 0;
  for (int a = 0; a < XMPHC_ALGO_MAX; a++)
    if (mask & (1u << a))
      cand[n++] = a;
  return n;
}

int xmphc_algo_pick(xmphc_algo_choice_t *ch, unsigned mask, int comm, int *measure) {
  int cand[XMPHC_ALGO_MAX], n = candidates(mask, cand);
  *measure = 0;
  if (comm == XMPHC_COMM_MPI)
    return 0;
  if (n == 1 || comm == XMPHC_COMM_DIRECT)
    return cand[n - 1];
  int fresh;
  long k = xmphc_window_tick(&ch->w, XMPHC_ALGO_RECHECK, &fresh);
  if (fresh)
    forget_window(ch);
  if (k >= 0 && k < (long)n * XMPHC_ALGO_BLOCK) {
    *measure = k % XMPHC_ALGO_BLOCK >= XMPHC_ALGO_SKIP;
    return cand[k / XMPHC_ALGO_BLOCK];
  }
  if (ch->chosen >= 0 && (mask & (1u << ch->chosen)))
    return ch->chosen;
  /* The size class's choice is not a candidate of this call (decided on a type with a
   * reduction kernel, then one without, say): its fastest candidate by the decision's times,
   * else the first. */
  int a = cand[0];
  for (int b = 0; b < n; b++) {
    double t = ch->decided[cand[b]];
    if (t >= 0 && (ch->decided[a] < 0 || t < ch->decided[a]))
      a = cand[b];
  }
  return a;
}

/* The median of n times (the lower middle one for even n). */
static double median(const double *t, int n) {
  double s[XMPHC_ALGO_REPS];
  for (int i = 0; i < n; i++) { /* insertion sort: n <= XMPHC_ALGO_REPS */
    int j = i;
    for (; j > 0 && s[j - 1] > t[i]; j--)
      s[j] = s[j - 1];
    s[j] = t[i];
  }
  return s[(n - 1) / 2];
}

int xmphc_algo_record(xmphc_algo_choice_t *ch, unsigned mask, int a, double t) {
  if (ch->nsamples[a] < XMPHC_ALGO_REPS)
    ch->samples[a][ch->nsamples[a]++] = t;
  ch->best[a] = median(ch->samples[a], ch->nsamples[a]);
  int cand[XMPHC_ALGO_MAX], n = candidates(mask, cand);
  return xmphc_window_index(&ch->w) == (long)n * XMPHC_ALGO_BLOCK - 1;
}

int xmphc_algo_measured(xmphc_algo_choice_t *ch, unsigned mask, int a, double t, MPI_Comm comm,
                        double *worst) {
  if (!xmphc_algo_record(ch, mask, a, t))
    return 0;
  MPI_Allreduce(ch->best, worst, XMPHC_ALGO_MAX, MPI_DOUBLE, MPI_MAX, comm);
  int before = xmphc_algo_decide(ch, mask, worst);
  return before != ch->chosen && ch->chosen >= 0;
}

int xmphc_algo_decide(xmphc_algo_choice_t *ch, unsigned mask, const double *worst) {
  int before = ch->w.decided_at < 0 ? -1 : ch->chosen;
  for (int b = 0; b < XMPHC_ALGO_MAX; b++)
    ch->decided[b] = worst[b];
  ch->chosen = xmphc_fastest(worst, mask, XMPHC_ALGO_MAX);
  xmphc_window_decided(&ch->w);
  return before;
}
