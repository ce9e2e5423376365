/* The measured choice of a device collective's algorithm (hybridcomm/choice_blocks.c) on
 * synthetic timings, no GPU needed:
 *  - the window: each candidate in a block of consecutive executions (XMPHC_ALGO_SKIP
 *    untimed, then XMPHC_ALGO_REPS timed), the decision at its last execution, the choice
 *    until XMPHC_ALGO_RECHECK executions after it, then a new window;
 *  - a window that waits for xmphc_algo_start (the host collectives' choice between the
 *    steps and MPI's own collective waits for the steps' paths);
 *  - each candidate's time is the median of its timed executions (one lucky or unlucky
 *    execution does not decide);
 *  - the decision: the smallest time of the candidates, ties to the lower algorithm,
 *    unmeasured ones left out;
 *  - a call whose candidates lack the size class's choice (decided on a type with a reduction
 *    kernel, then a call on one without: on 4 x H100 it ran the kernel path anyway and the
 *    program stopped) takes its fastest decided candidate;
 *  - XMP_COMM=mpi takes algorithm 0 (host-staged), direct the highest candidate. */
#include "check.h"
#include "xmphc_internal.h"

enum { HOST, STEPS, ONESHOT, SIGNAL };
#define BIT(a) (1u << (a))

static double times_of(int a) { /* synthetic: SIGNAL fastest, then HOST, ONESHOT, STEPS */
  static const double t[] = {[HOST] = 9e-6, [STEPS] = 30e-6, [ONESHOT] = 20e-6, [SIGNAL] = 5e-6};
  return t[a];
}

/* Runs one window on ch with mask: each timed execution at time(a, i) (i: the algorithm's
 * timed executions so far), the untimed ones checked to be the first of their block; returns
 * the execution that ended it. */
static long run_window_with(xmphc_algo_choice_t *ch, unsigned mask, int n,
                            double (*time)(int a, int i)) {
  int timed[XMPHC_ALGO_MAX] = {0}, untimed[XMPHC_ALGO_MAX] = {0}, prev = -1;
  for (long e = 0; e < 10 * n * XMPHC_ALGO_BLOCK; e++) {
    int measure, a = xmphc_algo_pick(ch, mask, XMPHC_COMM_AUTO, &measure);
    CHECKF(mask & BIT(a), "execution %ld: algorithm %d is no candidate", e, a);
    /* blocks: an algorithm's executions follow each other, the first untimed */
    CHECKF(a == prev || (timed[a] == 0 && untimed[a] == 0), "execution %ld: algorithm %d "
           "again after %d", e, a, prev);
    CHECKF(measure == (untimed[a] >= XMPHC_ALGO_SKIP), "execution %ld: algorithm %d measured "
           "%d after %d untimed", e, a, measure, untimed[a]);
    prev = a;
    if (!measure) {
      untimed[a]++;
      continue;
    }
    if (xmphc_algo_record(ch, mask, a, time(a, timed[a]++))) {
      double worst[XMPHC_ALGO_MAX];
      for (int b = 0; b < XMPHC_ALGO_MAX; b++)
        worst[b] = ch->best[b];
      xmphc_algo_decide(ch, mask, worst);
      for (int b = 0; b < XMPHC_ALGO_MAX; b++)
        CHECKF(timed[b] == ((mask & BIT(b)) ? XMPHC_ALGO_REPS : 0), "algorithm %d timed %d "
               "times", b, timed[b]);
      return e;
    }
  }
  CHECK(!"the window did not end");
  return -1;
}

static double steady(int a, int i) {
  (void)i;
  return times_of(a);
}

/* The first timed execution of each algorithm 1 ms slow (one outlier: the median ignores it). */
static double slow_first(int a, int i) { return times_of(a) + (i == 0 ? 1e-3 : 0); }

static long run_window(xmphc_algo_choice_t *ch, unsigned mask, int n) {
  return run_window_with(ch, mask, n, steady);
}

static void test_window(void) {
  xmphc_algo_choice_t ch;
  xmphc_algo_init(&ch, 1);
  unsigned mask = BIT(HOST) | BIT(STEPS) | BIT(SIGNAL);
  long end = run_window_with(&ch, mask, 3, slow_first);
  CHECKF(end == 3 * XMPHC_ALGO_BLOCK - 1, "window ended at %ld", end);
  CHECKF(ch.chosen == SIGNAL, "chose %d", ch.chosen);
  /* the choice, unmeasured, until the recheck */
  for (long e = end + 1; e < end + XMPHC_ALGO_RECHECK; e++) {
    int measure, a = xmphc_algo_pick(&ch, mask, XMPHC_COMM_AUTO, &measure);
    if (a != SIGNAL || measure) {
      CHECKF(0, "execution %ld: algorithm %d measured %d", e, a, measure);
      break;
    }
  }
  int measure, a = xmphc_algo_pick(&ch, mask, XMPHC_COMM_AUTO, &measure);
  CHECKF(!measure && a == HOST, "the recheck starts with the first candidate, untimed: %d %d", a,
         measure);
}

/* The signalled kernel fast once and slow otherwise (4 x H100: a lucky execution), the
 * host-staged path steady: the median takes the host-staged path (the shortest time would
 * take the kernel). */
static double lucky_kernel(int a, int i) {
  if (a == SIGNAL)
    return i == 1 ? 4e-6 : 25e-6;
  return times_of(a);
}

static void test_median(void) {
  xmphc_algo_choice_t ch;
  xmphc_algo_init(&ch, 1);
  run_window_with(&ch, BIT(HOST) | BIT(SIGNAL), 2, lucky_kernel);
  CHECKF(ch.chosen == HOST, "chose %d (signalled: %g s)", ch.chosen, ch.best[SIGNAL]);
  CHECKF(ch.best[SIGNAL] == 25e-6 && ch.best[HOST] == 9e-6, "medians %g %g", ch.best[HOST],
         ch.best[SIGNAL]);
}

static void test_decide(void) {
  xmphc_algo_choice_t ch;
  xmphc_algo_init(&ch, 1);
  ch.w.execs = 1; /* as after a window's execution */
  double tie[XMPHC_ALGO_MAX] = {[HOST] = 2e-6, [STEPS] = 2e-6, [ONESHOT] = -1, [SIGNAL] = 3e-6};
  for (int b = SIGNAL + 1; b < XMPHC_ALGO_MAX; b++)
    tie[b] = -1;
  CHECK(xmphc_algo_decide(&ch, BIT(HOST) | BIT(STEPS) | BIT(SIGNAL), tie) == -1);
  CHECKF(ch.chosen == HOST, "a tie goes to the lower algorithm: %d", ch.chosen);
  /* a candidate outside the mask is not chosen, however fast */
  double fast[XMPHC_ALGO_MAX] = {[HOST] = 9e-6, [STEPS] = 8e-6, [ONESHOT] = 1e-6, [SIGNAL] = -1};
  for (int b = SIGNAL + 1; b < XMPHC_ALGO_MAX; b++)
    fast[b] = -1;
  CHECK(xmphc_algo_decide(&ch, BIT(HOST) | BIT(STEPS), fast) == HOST);
  CHECKF(ch.chosen == STEPS, "chose %d", ch.chosen);
  /* nothing measured: no choice, and a pick then takes the first candidate */
  double none[XMPHC_ALGO_MAX];
  for (int b = 0; b < XMPHC_ALGO_MAX; b++)
    none[b] = -1;
  xmphc_algo_init(&ch, 1);
  xmphc_algo_decide(&ch, BIT(HOST) | BIT(SIGNAL), none);
  CHECK(ch.chosen == -1);
  int measure, a = xmphc_algo_pick(&ch, BIT(HOST) | BIT(SIGNAL), XMPHC_COMM_AUTO, &measure);
  CHECKF(a == HOST && !measure, "no choice: %d %d", a, measure);
}

static void test_not_a_candidate(void) {
  xmphc_algo_choice_t ch;
  xmphc_algo_init(&ch, 1);
  /* decided on a type with a kernel: every algorithm */
  run_window(&ch, BIT(HOST) | BIT(STEPS) | BIT(ONESHOT) | BIT(SIGNAL), 4);
  CHECKF(ch.chosen == SIGNAL, "chose %d", ch.chosen);
  /* then long double: host-staged and one-shot only; host-staged decided faster */
  int measure, a = xmphc_algo_pick(&ch, BIT(HOST) | BIT(ONESHOT), XMPHC_COMM_AUTO, &measure);
  CHECKF(a == HOST && !measure, "took %d (measured %d)", a, measure);
  /* a candidate never measured is not preferred to a measured one */
  a = xmphc_algo_pick(&ch, BIT(ONESHOT) | BIT(5), XMPHC_COMM_AUTO, &measure);
  CHECKF(a == ONESHOT, "took %d", a);
  /* the kernel's type again: the choice */
  a = xmphc_algo_pick(&ch, BIT(HOST) | BIT(STEPS) | BIT(ONESHOT) | BIT(SIGNAL), XMPHC_COMM_AUTO,
                      &measure);
  CHECKF(a == SIGNAL, "took %d", a);
}

static void test_forced(void) {
  xmphc_algo_choice_t ch;
  xmphc_algo_init(&ch, 1);
  unsigned mask = BIT(HOST) | BIT(STEPS) | BIT(SIGNAL);
  for (int e = 0; e < 20; e++) {
    int measure, a = xmphc_algo_pick(&ch, mask, XMPHC_COMM_MPI, &measure);
    CHECKF(a == HOST && !measure, "mpi: %d", a);
    a = xmphc_algo_pick(&ch, mask, XMPHC_COMM_DIRECT, &measure);
    CHECKF(a == SIGNAL && !measure, "direct: %d", a);
    a = xmphc_algo_pick(&ch, BIT(HOST) | BIT(STEPS), XMPHC_COMM_DIRECT, &measure);
    CHECKF(a == STEPS && !measure, "direct without the kernel: %d", a);
  }
  CHECKF(ch.w.execs == 0, "forced picks count no executions: %ld", ch.w.execs);
}

/* A choice made to wait (host collectives: until the steps' paths are chosen) runs its first
 * candidate unmeasured; xmphc_algo_start begins its window at the next execution, once. */
static void test_deferred(void) {
  xmphc_algo_choice_t ch;
  xmphc_algo_init(&ch, 0);
  unsigned mask = BIT(HOST) | BIT(ONESHOT);
  for (int e = 0; e < 50; e++) {
    int measure, a = xmphc_algo_pick(&ch, mask, XMPHC_COMM_AUTO, &measure);
    if (a != HOST || measure) {
      CHECKF(0, "execution %d before the start: %d measured %d", e, a, measure);
      break;
    }
  }
  xmphc_algo_start(&ch);
  long end = run_window(&ch, mask, 2);
  CHECKF(end == 2 * XMPHC_ALGO_BLOCK - 1 && ch.chosen == HOST, "window ended at %ld, chose %d",
         end, ch.chosen);
  xmphc_algo_start(&ch); /* decided: no second window before the recheck */
  int measure, a = xmphc_algo_pick(&ch, mask, XMPHC_COMM_AUTO, &measure);
  CHECKF(a == HOST && !measure, "after the decision: %d measured %d", a, measure);
}

int main(void) {
  test_window();
  test_deferred();
  test_median();
  test_decide();
  test_not_a_candidate();
  test_forced();
  return CHECK_RESULT();
}
