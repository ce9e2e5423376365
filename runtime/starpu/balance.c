/* balance.c - the CPU-weight controller of XMP_BALANCE=auto, one per device loop site.
 *
 * After every execution the loop reports, for each side (CPU part, GPU part), how many
 * iterations it had and when its last task finished (seconds after submission). The
 * controller returns the weight of the next execution.
 *
 * Model. Each side takes t = o + s * n for n > 0 iterations (o: per-execution overhead such as
 * launches and the upload of what it reads; s: seconds per iteration), 0 for n = 0. A side's
 * samples are grouped in bins of nearly equal n (within 2%); a bin's time is the median of its
 * newest three samples, or the mean of two that agree within a factor 1.5 (two that do not are
 * ambiguous: the controller measures once more before acting). One slow (or fast) step is
 * thereby an outlier that moves nothing, and two in a row are a real change (drift) that the
 * median follows. o and s come from the line through the newest bin and the newest bin at
 * least 4% away in n, o shrunk by two standard errors of the measured noise (an overhead
 * extrapolated from noisy times must not make a side look unable to pay for itself); with a
 * single bin, s follows from the last fitted o (0 at first), which overestimates s and so
 * makes first moves cautious ones.
 *
 * Provisional samples. A side's first sample may carry first-touch transfers (the GPU uploads
 * everything the loop reads): when the next one of the same bin is more than 1.15 times cheaper
 * per iteration, the first is dropped, and the controller never acts on a GPU whose only sample
 * is its first. The first execution after a weight change may carry re-partitioning transfers:
 * its samples count until a later one of the same bin replaces them, and their excess over it
 * (beyond the noise) is the measured re-partitioning cost of the side. The loop's first
 * execution's period carries the whole program's first-time costs (the other loops' uploads:
 * 23 ms on a 7 ms nbody step): it only bounds its split's period from above, tells nothing of
 * the rest of a period, and does not count as that end measured (it is measured again, after
 * the probe's proposal).
 *
 * Measurement decides, the model proposes. The model is not the truth: on an H100 the GPU side
 * of nbody is slower whenever the CPU side runs too (shared host thread, transfers of the CPU's
 * rows), so equal finishing times can be slower than GPU only. The objective is the measured
 * period T(w): from the execution's start to the next execution's start of the same loop, so
 * that what a split costs the rest of the program counts (nbody: forces the CPU wrote make the
 * next loop gather and upload the whole array). It is kept per split actually run (a table:
 * median of the last
 * three samples, smaller of two; samples after a weight change corrected by the measured
 * re-partitioning cost). The weight run is the best split measured in the last 2 executions
 * or the chosen one (w_inc); older times may have drifted. A weight the table lacks is only
 * run as a trial, then kept or left by its measurement:
 *   - the model's best weight (an end, or the interior weight that equalises the two sides,
 *     which must beat the better end by 2%: a side that cannot pay for its overhead is left
 *     out, exactly 0 or 1) when its predicted gain over the best measured exceeds every one
 *     of: 2% of the step, 10 us, twice the relative noise of the prediction, the measured
 *     re-partitioning cost over 8 steps, right after a change twice that cost (hysteresis);
 *   - once per epoch each end the model may misjudge: w = 0 when the model puts the loop's
 *     own time there within 2.5x of the best measured split's, w = 1 within 1.25x (periods
 *     less their class's rest), unless a fitted side's work alone (o = 0)
 *     already loses, or its predicted period is over 1.5x the best measured one (TRIAL_MAX:
 *     such a trial costs a step of that length; with 2.5x alone, a loop whose GPU-only split
 *     is 2x its best tried it every epoch) where the model can predict it (the side was
 *     measured beyond a probe). An end measured 10% (or 3 noises) below a fitted model marks the sides as
 *     contended: from that end no interior proposal is tried.
 * A failed trial is remembered: nothing beyond it from w_inc is tried (the step time taken as
 * unimodal), and the next proposal waits 1, 2, 4, ... 64 executions. A trial that looks worse
 * only by a sample with re-partitioning of unknown (or about its estimate's) cost runs once
 * more. An epoch ends when the chosen split measures 10% above its reference 3 times in a
 * row: the table, the tried ends, the failures and the rests are forgotten.
 *
 * Periods from the model. The model fits each side's own time; a proposal's period is its
 * predicted step time plus the measured rest of the period (period - step time: the other
 * loops, the host's part) of its split class: GPU only, both sides, CPU only (median of the
 * newest three of the class, not aged like the table; a class never measured counts
 * as the chosen split's). A probe's execution measures the rest of "both sides".
 *
 * Several loops (xmpsp_balance_begin with one group per program). A loop's experiment changes
 * what the others measure, so a trial waits while another loop's trial is under way (the loop
 * runs its chosen split meanwhile), and a sample whose window (from the previous execution's
 * start to the next one's) saw another loop's experiment start is not kept; a trial so
 * disturbed (by a probe) runs again.
 *
 * Spikes. An execution where every side that has a prediction takes more than twice it
 * (machine noise: 3-10x steps on the H100) is not used and the split runs again; a second one
 * in a row is used (the times really changed).
 *
 * Probes. A side that never ran (start at 0 or 1) is measured with a small share: at least one
 * iteration per chunk and 0.5% of the iterations. Then the model's proposal is tried for any
 * predicted gain, and while the probed side has a single bin its equalising weight is tried
 * unless the model says it loses (its second bin shows the rate an overhead or a contention
 * would otherwise hide). A probe's own cost is mostly what it moves: the loop's arrays to the
 * side that never ran and, for the written ones, back (on an H100, Himeno L's two loops
 * probed the CPU at about 10 steps' cost each, 13% of a 300-step run). The caller estimates
 * it (xmpsp_balance_probe_cost, from the bytes and the bus), and the probe waits until the
 * loop's periods so far add up to PROBE_BUDGET^-1 times that: it costs at most PROBE_BUDGET
 * of the run, and a short run never probes.
 *
 * Without a GPU side (no CUDA worker: the GPU part's chunks run on CPU workers too), the best
 * split is all iterations in the CPU part, spread over every CPU worker: weight 1 from the
 * second execution on. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"

#define BIN_TOL 0.02       /* samples within 2% of each other's n form a bin */
#define FIT_SPREAD 0.04    /* two bins at least 10% apart in n give a line */
#define OUTLIER 1.5        /* two samples of a bin further apart than this disagree */
#define WARM_DROP 1.15     /* first sample this much dearer per iteration: first touch */
#define THETA 0.02         /* relative gain below which nothing changes */
#define ABS_GAIN 10e-6     /* absolute gain (s) below which nothing changes */
#define AMORTIZE 8.0       /* steps a re-partitioning must pay for itself in */
#define PROBE_SHARE 0.005  /* share of the iterations a probe gets at least */
#define NOISE_PRIOR 0.03   /* noise assumed before two samples of one bin compare */
#define NOISE_AVG 4        /* noise: mean of about the last NOISE_AVG observations */
#define SIGMA_PER_DIFF 0.9 /* standard deviation / mean relative difference of two samples */
#define NOISE_MAX 0.4      /* larger relative differences are outliers, not noise */
#define SPIKE 2.0          /* every side this much slower than predicted: a spike */
#define AGE 16             /* measured step times older than this (executions) are stale */
#define RECENT 2           /* the best split is chosen among those measured this lately */
#define NEAR 0.002         /* a proposal this close to a measured split (share) is measured */
#define END_TRY0 2.5       /* measure w = 0 when the model puts it within this factor */
#define END_TRY1 1.25      /* measure w = 1 when the model puts it within this factor */
#define TRIAL_MAX 1.5      /* no trial predicted to take more than this times the best period */
#define DRIFT_UP 0.10      /* the chosen split this much slower ... */
#define DRIFT_STEPS 3      /* ... this many times in a row: a new epoch */
#define BACKOFF_MAX 64     /* most executions between failed model proposals */
#define PROBE_BUDGET 0.03  /* a probe waits until its cost is at most this share of the run */

typedef struct bal_model {
  double o, s;
  int k;   /* samples behind the newest bin's time */
  int fit; /* o was fitted from two bins once (else s is an upper bound: o taken as 0) */
} bal_model_t;

static double dmax(double a, double b) { return a > b ? a : b; }
static double dmin(double a, double b) { return a < b ? a : b; }

void xmpsp_balance_init(xmpsp_balance_t *b, double w0, int gpu_side, long probe_cpu,
                        long probe_gpu) {
  memset(b, 0, sizeof *b);
  b->w = w0;
  b->gpu_side = gpu_side;
  b->side[XMPSP_BAL_CPU].probe = probe_cpu > 0 ? probe_cpu : 1;
  b->side[XMPSP_BAL_GPU].probe = probe_gpu > 0 ? probe_gpu : 1;
  b->w_inc = w0;
  b->backoff = 1;
  b->fail_w[0] = b->fail_w[1] = -1;
}

/* The next execution runs with w (execution index next_index). */
static double set_next(xmpsp_balance_t *b, long next_index, double w) {
  if (w != b->w) {
    b->w = w;
    b->fresh = 1;
    b->steps_to_converge = next_index;
  }
  return b->w;
}

void xmpsp_balance_set(xmpsp_balance_t *b, double w) { set_next(b, b->steps, w); }

int xmpsp_balance_unprobed(const xmpsp_balance_t *b) {
  if (!b->gpu_side)
    return -1;
  if (b->side[XMPSP_BAL_CPU].seen == 0)
    return XMPSP_BAL_CPU;
  return b->side[XMPSP_BAL_GPU].seen == 0 ? XMPSP_BAL_GPU : -1;
}

void xmpsp_balance_probe_cost(xmpsp_balance_t *b, double seconds) {
  b->probe_cost = seconds > 0 ? seconds : 0;
}

/* The experiment b proposed waits: the next execution runs the chosen weight, and the
 * proposal comes again once the other loop's trial is over. */
static void defer(xmpsp_balance_t *b) {
  if (b->trial == 2)
    b->tried[b->w == 1.0] = 0;
  b->trial = 0;
  b->pred[XMPSP_BAL_CPU] = b->pred[XMPSP_BAL_GPU] = 0; /* no spike check against them */
  b->w = b->w_inc;
  b->fresh = b->w != b->w_ran;
  b->steps_to_converge = b->fresh ? b->steps : b->conv_ran;
}

double xmpsp_balance_begin(xmpsp_balance_t *b, xmpsp_bal_group_t *g) {
  if (b->trial && g->holder != NULL && g->holder != b)
    defer(b);
  if (b->trial)
    g->holder = b;
  else if (g->holder == b)
    g->holder = NULL;
  int experiment = b->trial || b->probing;
  b->group = g;
  b->win_prev = b->win_cur;
  b->own_prev = b->own_cur;
  b->win_cur = g->started;
  b->own_cur = experiment;
  g->started += (unsigned long)experiment;
  return b->w;
}

/* Another loop's experiment started between the start of the execution before the one just
 * fed and now (the next one's start): the sample carries what it cost this loop. */
static int disturbed(const xmpsp_balance_t *b) {
  if (b->group == NULL)
    return 0;
  unsigned long own = (unsigned long)(b->own_prev + b->own_cur);
  return b->group->started - b->win_prev > own;
}

static int provisional(const xmpsp_bal_sample_t *s) { return s->warm || s->fresh; }

static int in_bin(long n, long ref) {
  return fabs((double)(n - ref)) <= BIN_TOL * (double)ref;
}

/* Returns WARM_KEPT or WARM_DROPPED when this sample settled the side's first one. */
enum { WARM_OPEN = 0, WARM_KEPT = 1, WARM_DROPPED = 2 };
static int side_add(xmpsp_bal_side_t *sd, long n, double t, int fresh) {
  int res = WARM_OPEN;
  if (!(t >= 0.0) || isinf(t)) /* a clock that went wrong: no information */
    return res;
  if (sd->seen == 1 && sd->count == 1 && sd->hist[0].warm && in_bin(n, sd->hist[0].n)) {
    if (sd->hist[0].t / (double)sd->hist[0].n > WARM_DROP * t / (double)n) {
      sd->count = 0; /* the first sample carried first-touch transfers */
      res = WARM_DROPPED;
    } else {
      sd->hist[0].warm = 0; /* it did not: an ordinary sample */
      res = WARM_KEPT;
    }
  }
  const xmpsp_bal_sample_t *last = sd->count > 0 ? &sd->hist[sd->count - 1] : NULL;
  int paired = !fresh && last != NULL && in_bin(n, last->n), rep_seen = 0;
  if (paired && last->fresh) {
    /* What the previous execution's re-partitioning cost this side, beyond the noise. */
    double noise = sd->npairs > 0 ? sd->noise : NOISE_PRIOR;
    double extra = dmax(last->t - t * (double)last->n / (double)n - 2 * noise * t, 0.0);
    sd->rep = sd->rep_known ? 0.5 * sd->rep + 0.5 * extra : extra;
    sd->rep_known = 1;
    rep_seen = extra > 0;
  }
  if (paired && !rep_seen) {
    /* Relative difference of two samples that should be equal: the side's noise (not when
     * the earlier one carried re-partitioning). Anything beyond NOISE_MAX is an outlier. */
    double d = fabs(t - last->t) / (0.5 * (t + last->t) + 1e-30);
    if (d <= NOISE_MAX) { /* running mean of the first few, then a moving average */
      sd->npairs++;
      sd->noise += (d - sd->noise) / (sd->npairs < NOISE_AVG ? sd->npairs : NOISE_AVG);
    }
  }
  if (sd->count == XMPSP_BAL_HIST) {
    memmove(&sd->hist[0], &sd->hist[1], (XMPSP_BAL_HIST - 1) * sizeof sd->hist[0]);
    sd->count--;
  }
  sd->hist[sd->count++] = (xmpsp_bal_sample_t){n, t, sd->seen == 0, fresh};
  sd->seen++;
  return res;
}

/* Time of side sd at n_ref from its bin (see the top); returns the number of samples it
 * rests on (0: empty bin). Samples are
 * moved to n_ref along the side's fitted overhead. *amb: the newest two disagree and no third
 * decides (the time is then the newest one's). */
static int bin_time(const xmpsp_bal_side_t *sd, long n_ref, double *t, int *amb) {
  int settled = 0;
  for (int i = 0; i < sd->count; i++)
    if (in_bin(sd->hist[i].n, n_ref) && !provisional(&sd->hist[i]))
      settled = 1;
  double v[3];
  int k = 0;
  for (int i = sd->count - 1; i >= 0 && k < 3; i--) {
    const xmpsp_bal_sample_t *s = &sd->hist[i];
    if (!in_bin(s->n, n_ref) || (settled && provisional(s)))
      continue;
    double o = dmin(sd->o_fit, 0.9 * s->t);
    v[k++] = o + (s->t - o) * (double)n_ref / (double)s->n;
  }
  *amb = 0;
  if (k == 0)
    return 0;
  if (k == 1) {
    *t = v[0];
  } else if (k == 2) {
    *amb = dmax(v[0], v[1]) > OUTLIER * dmin(v[0], v[1]);
    *t = *amb ? v[0] : 0.5 * (v[0] + v[1]);
  } else {
    double lo = dmin(v[0], dmin(v[1], v[2])), hi = dmax(v[0], dmax(v[1], v[2]));
    *t = v[0] + v[1] + v[2] - lo - hi;
  }
  return k;
}

/* The side's model from its newest bin and, when there is one, the newest bin far enough from
 * it in n. 0 when the side has no sample. *amb as bin_time for the newest bin. */
static int side_model(xmpsp_bal_side_t *sd, bal_model_t *m, int *amb) {
  *amb = 0;
  if (sd->count == 0)
    return 0;
  long n0 = sd->hist[sd->count - 1].n;
  double t0;
  m->k = bin_time(sd, n0, &t0, amb);
  m->fit = sd->fitted;
  double cap = 0.9 * t0; /* with one bin: the overhead cannot be all of the time */
  for (int i = sd->count - 2; i >= 0; i--) {
    long n1 = sd->hist[i].n;
    if (fabs((double)(n1 - n0)) < FIT_SPREAD * (double)(n0 > n1 ? n0 : n1))
      continue;
    double t1;
    int amb1, k0 = m->k, k1 = bin_time(sd, n1, &t1, &amb1);
    if (amb1 || *amb)
      break;
    double s = (t0 - t1) / (double)(n0 - n1), o = t0 - s * (double)n0;
    /* The overhead is an extrapolation to n = 0: keep only the part of it that stands out of
     * two standard errors of the noise (a side must not look unable to pay for itself
     * because of noise). */
    double noise = sd->npairs > 0 ? sd->noise : NOISE_PRIOR;
    double sd0 = SIGMA_PER_DIFF * noise * t0 * (double)n1 / sqrt((double)k0);
    double sd1 = SIGMA_PER_DIFF * noise * t1 * (double)n0 / sqrt((double)k1);
    o -= 2.0 * sqrt(sd0 * sd0 + sd1 * sd1) / fabs((double)(n0 - n1));
    cap = t0;
    m->fit = sd->fitted = 1;
    if (s > 0) /* a negative overhead (noise, or superlinear): none */
      sd->o_fit = dmax(o, 0.0);
    else /* time does not grow with the iterations: mostly overhead */
      sd->o_fit = 0.9 * dmin(t0, t1);
    break;
  }
  m->o = dmin(sd->o_fit, cap);
  m->s = (t0 - m->o) / (double)n0;
  return 1;
}

static double side_time(const bal_model_t *m, long n) {
  return n > 0 ? m->o + m->s * (double)n : 0.0;
}

static long cpu_iters(double w, long n) {
  long c = llround(w * (double)n);
  return c < 0 ? 0 : (c > n ? n : c);
}

static double predict(const bal_model_t *mc, const bal_model_t *mg, long n, double w) {
  long c = cpu_iters(w, n);
  return dmax(side_time(mc, c), side_time(mg, n - c));
}

/* Splits by what they leave to the rest of the program: GPU only, both sides, CPU only. */
enum { CLASS_GPU, CLASS_BOTH, CLASS_CPU };
static int split_class(long c, long n) { return c == 0 ? CLASS_GPU : c == n ? CLASS_CPU : CLASS_BOTH; }

/* Predicted period of weight w: the model's step time plus the measured rest of the period
 * for w's class (rest[]). */
static double predict_period(const bal_model_t *mc, const bal_model_t *mg, long n, double w,
                             const double *rest) {
  return predict(mc, mg, n, w) + rest[split_class(cpu_iters(w, n), n)];
}

/* The model's best weight: an end, or the interior weight that equalises the sides when it
 * beats the better end by more than THETA; by predicted period. */
static double model_best(const bal_model_t *mc, const bal_model_t *mg, long n,
                         const double *rest, double *t_best, double *w_int, double *t_int) {
  double t0 = predict_period(mc, mg, n, 0.0, rest), t1 = predict_period(mc, mg, n, 1.0, rest);
  double best = t0 <= t1 ? 0.0 : 1.0;
  *t_best = dmin(t0, t1);
  *w_int = -1;
  *t_int = 0;
  double wi = (mg->o - mc->o + mg->s * (double)n) / ((mc->s + mg->s) * (double)n);
  long ci = cpu_iters(wi, n);
  if (ci > 0 && ci < n) {
    *w_int = (double)ci / (double)n;
    *t_int = predict_period(mc, mg, n, *w_int, rest);
    if (*t_int * (1.0 + THETA) < *t_best) {
      best = *w_int;
      *t_best = *t_int;
    }
  }
  return best;
}

/* --- The table of measured step times. --- */

static xmpsp_bal_meas_t *tab_find(xmpsp_balance_t *b, long c) {
  for (int i = 0; i < b->ntab; i++)
    if (b->tab[i].c == c)
      return &b->tab[i];
  return NULL;
}

static void tab_remove(xmpsp_balance_t *b, int i) {
  b->tab[i] = b->tab[--b->ntab];
}

static void tab_add(xmpsp_balance_t *b, long c, double period, long at, unsigned prov,
                    int probe) {
  xmpsp_bal_meas_t *e = tab_find(b, c);
  if (e == NULL) {
    if (b->ntab == XMPSP_BAL_TAB) { /* forget the split measured longest ago, never w_inc's */
      long keep = cpu_iters(b->w_inc, b->tab_n);
      int old = -1;
      for (int i = 0; i < b->ntab; i++)
        if (b->tab[i].c != keep &&
            (old < 0 || b->tab[i].at[b->tab[i].count - 1] < b->tab[old].at[b->tab[old].count - 1]))
          old = i;
      tab_remove(b, old);
    }
    e = &b->tab[b->ntab++];
    memset(e, 0, sizeof *e);
    e->c = c;
  }
  if (e->count == XMPSP_BAL_TK) {
    memmove(&e->p[0], &e->p[1], (XMPSP_BAL_TK - 1) * sizeof e->p[0]);
    memmove(&e->at[0], &e->at[1], (XMPSP_BAL_TK - 1) * sizeof e->at[0]);
    memmove(&e->prov[0], &e->prov[1], (XMPSP_BAL_TK - 1) * sizeof e->prov[0]);
    e->count--;
  }
  e->p[e->count] = period;
  e->at[e->count] = at;
  e->prov[e->count] = prov;
  e->count++;
  e->probe = probe;
}

/* A side's first sample was settled: its samples are ordinary ones, or dropped. */
static void tab_settle(xmpsp_balance_t *b, unsigned bit, int res) {
  if (res == WARM_OPEN)
    return;
  for (int i = b->ntab - 1; i >= 0; i--) {
    xmpsp_bal_meas_t *e = &b->tab[i];
    int k = 0;
    for (int j = 0; j < e->count; j++) {
      if (res == WARM_DROPPED && (e->prov[j] & bit))
        continue;
      e->p[k] = e->p[j];
      e->at[k] = e->at[j];
      e->prov[k++] = e->prov[j] & ~bit;
    }
    e->count = k;
    if (k == 0)
      tab_remove(b, i);
  }
}

/* Measured period of e at execution `now`: of its samples of the last AGE
 * executions, the settled ones when there are any (a provisional one only bounds the time
 * from above; one just after a weight change is corrected by the measured re-partitioning
 * cost); median of three, smaller of two (machine noise only slows steps down). Returns the
 * number of samples (0: none). */
static int tab_time(const xmpsp_balance_t *b, const xmpsp_bal_meas_t *e, long now, double *t) {
  int settled = 0;
  for (int i = 0; i < e->count; i++)
    if (now - e->at[i] <= AGE && !e->prov[i])
      settled = 1;
  double rep = dmax(b->side[XMPSP_BAL_CPU].rep, b->side[XMPSP_BAL_GPU].rep);
  double v[XMPSP_BAL_TK];
  int k = 0;
  for (int i = e->count - 1; i >= 0; i--) {
    if (now - e->at[i] > AGE || (settled && e->prov[i]))
      continue;
    double x = e->p[i];
    if (e->prov[i] & XMPSP_BAL_PROV_FRESH)
      x -= dmin(rep, 0.5 * x);
    v[k++] = x;
  }
  if (k == 1)
    *t = v[0];
  else if (k == 2)
    *t = dmin(v[0], v[1]);
  else if (k == 3)
    *t = v[0] + v[1] + v[2] - dmin(v[0], dmin(v[1], v[2])) - dmax(v[0], dmax(v[1], v[2]));
  return k;
}

/* Notes the rest of an execution's period (period - step time: other loops, what this split
 * costs them, the host's part) for its split class. Not aged like the table: a class left
 * long ago costs what it cost then, until a new epoch. */
static void rest_add(xmpsp_balance_t *b, long c, double r, int one_time) {
  int cl = split_class(c, b->tab_n);
  r = dmax(r, 0.0);
  if (one_time) {
    b->rest_once[cl] = b->once_seen[cl]++ ? dmin(b->rest_once[cl], r) : r;
    return;
  }
  if (b->nrest[cl] == XMPSP_BAL_TK) {
    memmove(&b->rest[cl][0], &b->rest[cl][1], (XMPSP_BAL_TK - 1) * sizeof b->rest[cl][0]);
    b->nrest[cl]--;
  }
  b->rest[cl][b->nrest[cl]++] = r;
}

static void rest_clear(xmpsp_balance_t *b) {
  memset(b->nrest, 0, sizeof b->nrest);
  memset(b->once_seen, 0, sizeof b->once_seen);
}

/* The rest per split class: median of the newest three (smaller of two), else the one-time
 * ones' smallest; for a class never measured, that of the chosen split's class (0 when
 * unknown). */
static void rests(const xmpsp_balance_t *b, double rest[3]) {
  int known[3];
  for (int cl = 0; cl < 3; cl++) {
    const double *v = b->rest[cl];
    int k = b->nrest[cl];
    known[cl] = k > 0 || b->once_seen[cl];
    if (k == 3)
      rest[cl] = v[0] + v[1] + v[2] - dmin(v[0], dmin(v[1], v[2])) - dmax(v[0], dmax(v[1], v[2]));
    else if (k == 2)
      rest[cl] = dmin(v[0], v[1]);
    else
      rest[cl] = k == 1 ? v[0] : b->rest_once[cl];
  }
  int inc = split_class(cpu_iters(b->w_inc, b->tab_n), b->tab_n);
  for (int cl = 0; cl < 3; cl++)
    if (!known[cl])
      rest[cl] = known[inc] ? rest[inc] : 0.0;
}

/* A proposal w not worth measuring: a split near it was measured no better than the best
 * (period t_m), a trial between it and w_inc failed (the step time is taken as unimodal), or w_inc
 * is an end the model was found to misjudge by contention. */
static int blocked(xmpsp_balance_t *b, double w, long k, double t_m) {
  long c = cpu_iters(w, b->tab_n);
  for (int i = 0; i < b->ntab; i++) {
    double t;
    if (labs(b->tab[i].c - c) <= (long)(NEAR * (double)b->tab_n) &&
        tab_time(b, &b->tab[i], k, &t) > 0 && t >= t_m)
      return 1;
  }
  if (w > 0 && w < 1 && (b->contended & (1 << (b->w_inc == 1.0))) &&
      (b->w_inc == 0.0 || b->w_inc == 1.0))
    return 1;
  int up = w > b->w_inc;
  return b->fail_w[up] >= 0 && fabs(w - b->w_inc) >= fabs(b->fail_w[up] - b->w_inc);
}

/* w, the best measured, becomes the chosen split. The one chosen before, if measured, was
 * slower: beyond it from w is no better (the step time taken as unimodal), so a model that
 * once proposed it does not go further that way; the same split confirmed keeps what failed
 * (H100 nbody-8192: 0.018 failed, GPU only measured again, then 0.278 was proposed). */
static void choose(xmpsp_balance_t *b, double w, long n) {
  double old = b->w_inc;
  if (old == w) /* confirmed (an end measured again): what failed beyond it still does */
    return;
  b->fail_w[0] = b->fail_w[1] = -1;
  if (tab_find(b, cpu_iters(old, n)) != NULL)
    b->fail_w[old > w] = old;
  b->w_inc = w;
}

/* The next execution runs with w; pred: what the model expects of each side there. */
static double go(xmpsp_balance_t *b, long k, double w, const bal_model_t *mc,
                 const bal_model_t *mg, long n) {
  long c = cpu_iters(w, n);
  b->pred[XMPSP_BAL_CPU] = mc != NULL ? side_time(mc, c) : 0.0;
  b->pred[XMPSP_BAL_GPU] = mg != NULL ? side_time(mg, n - c) : 0.0;
  b->pred_fit[XMPSP_BAL_CPU] = mc != NULL && mc->fit;
  b->pred_fit[XMPSP_BAL_GPU] = mg != NULL && mg->fit;
  return set_next(b, k + 1, w);
}

double xmpsp_balance_next(xmpsp_balance_t *b, long n_cpu, long n_gpu, double t_cpu,
                          double t_gpu, double period) {
  long k = b->steps++;
  int fresh = b->fresh;
  b->fresh = 0;
  b->w_ran = b->w;
  b->conv_ran = b->steps_to_converge;
  int other = disturbed(b);
  xmpsp_bal_side_t *cs = &b->side[XMPSP_BAL_CPU], *gs = &b->side[XMPSP_BAL_GPU];
  if (!b->gpu_side) {
    if (n_cpu > 0)
      side_add(cs, n_cpu, t_cpu, fresh);
    return set_next(b, k + 1, 1.0);
  }
  long n = n_cpu + n_gpu;
  if (n <= 0)
    return b->w;

  /* A spike: every side that has a prediction far slower than it (machine noise, 3-10x).
   * Such an execution is not used; a second one in a row is (the times really changed). Not
   * for a probe: a side that starts running may well slow the other one down. */
  int checked = 0, slow = !b->probing;
  if (n_cpu > 0 && b->pred[XMPSP_BAL_CPU] > 0) {
    checked = 1;
    slow &= t_cpu > SPIKE * b->pred[XMPSP_BAL_CPU];
  }
  if (n_gpu > 0 && b->pred[XMPSP_BAL_GPU] > 0) {
    checked = 1;
    slow &= t_gpu > SPIKE * b->pred[XMPSP_BAL_GPU];
  }
  if (checked && slow && !b->spiked) {
    b->spiked = 1;
    return b->w;
  }
  b->spiked = 0;
  /* A trial whose period saw another loop's probe start: measured again. */
  if (other && b->trial)
    return b->w;

  unsigned prov = fresh ? XMPSP_BAL_PROV_FRESH : 0;
  int res_c = WARM_OPEN, res_g = WARM_OPEN, valid = 1;
  double t_step = 0;
  if (n_cpu > 0) {
    prov |= cs->seen == 0 ? XMPSP_BAL_PROV_CPU : 0;
    res_c = side_add(cs, n_cpu, t_cpu, fresh);
    valid &= t_cpu >= 0.0 && !isinf(t_cpu);
    t_step = dmax(t_step, t_cpu);
  }
  if (n_gpu > 0) {
    prov |= gs->seen == 0 ? XMPSP_BAL_PROV_GPU : 0;
    res_g = side_add(gs, n_gpu, t_gpu, fresh);
    valid &= t_gpu >= 0.0 && !isinf(t_gpu);
    t_step = dmax(t_step, t_gpu);
  }
  if (n != b->tab_n) { /* another trip count: the measured splits are another loop's */
    b->ntab = 0;
    b->tab_n = n;
    rest_clear(b);
  }
  if (valid && !other) {
    int has_period = period > 0 && !isinf(period);
    double p = has_period ? dmax(period, t_step) : t_step;
    b->elapsed += p;
    /* The first execution's period is no measure of its split's (nor of the rest of a
     * period): the split is measured again before it is judged (nbody: 30 ms against 7). */
    int first = k == 0 && has_period;
    tab_add(b, n_cpu, p, k, prov | (first ? XMPSP_BAL_PROV_FIRST : 0), b->probing);
    if (!first)
      rest_add(b, n_cpu, p - t_step, k == 0 || fresh);
  }
  tab_settle(b, XMPSP_BAL_PROV_CPU, res_c);
  tab_settle(b, XMPSP_BAL_PROV_GPU, res_g);

  bal_model_t mc, mg;
  int amb_c, amb_g;
  int have_c = side_model(cs, &mc, &amb_c), have_g = side_model(gs, &mg, &amb_g);
  /* A side that never ran: measure it with a probe share, once the run is long enough to
   * pay for what the probe moves. */
  if (!have_c || !have_g) {
    if (b->probe_cost > PROBE_BUDGET * b->elapsed)
      return go(b, k, b->w, have_c ? &mc : NULL, have_g ? &mg : NULL, n);
    long p = b->side[have_c ? XMPSP_BAL_GPU : XMPSP_BAL_CPU].probe;
    long share = (long)ceil(PROBE_SHARE * (double)n);
    p = p > share ? p : share;
    p = p < n / 2 ? p : n / 2;
    if (p < 1)
      return b->w;
    b->probing = 1;
    return go(b, k, have_c ? (double)(n - p) / (double)n : (double)p / (double)n,
              have_c ? &mc : NULL, have_g ? &mg : NULL, n);
  }
  /* Measure again before acting on an ambiguous bin or on a GPU's first sample. */
  if ((n_cpu > 0 && amb_c) || (n_gpu > 0 && (amb_g || (gs->count == 1 && gs->hist[0].warm))))
    return go(b, k, b->w, &mc, &mg, n);

  int probing = b->probing, trial = b->trial;
  /* An end measured well below what the fitted model said: the model (fitted where both
   * sides run) carries a slow-down that only the other side's presence causes. */
  if (trial == 2 && (n_cpu == 0 || n_gpu == 0)) {
    int e = n_gpu == 0, sd = e ? XMPSP_BAL_CPU : XMPSP_BAL_GPU;
    double tol = dmax(0.1, 3.0 * b->side[sd].noise), t = e ? t_cpu : t_gpu;
    if (b->pred_fit[sd] && t < (1.0 - tol) * b->pred[sd])
      b->contended |= 1 << e;
  }
  b->probing = 0;
  b->trial = 0;
  /* The best split measured lately, or the chosen one (older times may have drifted; a probe
   * share is no place to stay), by period: t_m. */
  const xmpsp_bal_meas_t *m = NULL;
  double t_m = 0;
  for (int i = 0; i < b->ntab; i++) {
    double t;
    const xmpsp_bal_meas_t *e = &b->tab[i];
    int inc = e->c == cpu_iters(b->w_inc, n), recent = k - e->at[e->count - 1] <= RECENT;
    if (e->probe || !(recent || inc) || tab_time(b, e, k, &t) == 0)
      continue;
    /* Against a trial (one sample), w_inc's newest sample counts when higher: its median
     * lags behind a drift, and spikes are dropped before they get here. */
    if (inc && trial == 1 && !e->prov[e->count - 1])
      t = dmax(t, e->p[e->count - 1]);
    if (m == NULL || t < t_m) {
      m = e;
      t_m = t;
    }
  }
  double t_now = 0;
  const xmpsp_bal_meas_t *cur = valid ? tab_find(b, n_cpu) : NULL;
  int have_now = cur != NULL && tab_time(b, cur, k, &t_now) > 0;
  if (m == NULL) /* nothing measured but probes (or disturbed, or a wrong clock) */
    return go(b, k, b->w_inc, &mc, &mg, n);
  /* The model predicts the loop's own step time; with the measured rest of the period per
   * split class it predicts periods, which are weighed against m's. */
  double rest[3];
  rests(b, rest);

  /* Gains within the noise of the measured times are no gains: twice the estimated relative
   * error of the prediction (each side's noise over the samples behind it). */
  double t_cur = predict(&mc, &mg, n, b->w);
  double err = 0;
  if (n_cpu > 0)
    err += cs->noise * cs->noise / mc.k;
  if (n_gpu > 0)
    err += gs->noise * gs->noise / mg.k;
  double rel = dmax(THETA, 2.0 * sqrt(err));
  double threshold = dmax(dmax(rel * t_cur, ABS_GAIN), dmax(cs->rep, gs->rep) / AMORTIZE);
  /* Right after a change the times may carry re-partitioning, up to what it was measured to
   * cost: a gain within twice that is no reason to move again. */
  if (fresh)
    threshold = dmax(threshold, 2.0 * dmax(cs->rep, gs->rep));

  /* Drift: the chosen split measured more than 10% slower DRIFT_STEPS times in a row. What
   * was measured elsewhere is then out of date: a new epoch measures again. */
  int at_inc = !trial && !probing && b->w == b->w_inc && have_now;
  if (at_inc && !fresh) {
    if (b->t_ref > 0.0 && t_now > (1.0 + DRIFT_UP) * b->t_ref) {
      if (++b->up >= DRIFT_STEPS) {
        for (int i = b->ntab - 1; i >= 0; i--)
          if (&b->tab[i] != cur)
            tab_remove(b, i);
        b->tried[0] = b->tried[1] = 0;
        b->fail_w[0] = b->fail_w[1] = -1;
        b->contended = 0;
        rest_clear(b);
        b->backoff = 1;
        b->next_trial = 0;
        b->up = 0;
        b->t_ref = t_now;
        return go(b, k, b->w, &mc, &mg, n);
      }
    } else { /* 0: the chosen split never changed yet, this is its first reference */
      b->up = 0;
      b->t_ref = b->t_ref > 0.0 ? dmin(b->t_ref, t_now) : t_now;
    }
  }

  /* A trial that looks worse only by a sample carrying re-partitioning of unknown cost (or
   * by less than its estimate's uncertainty, about the cost): one more execution tells. */
  int settled_now = 0;
  for (int j = 0; have_now && j < cur->count; j++)
    settled_now |= !cur->prov[j];
  int rep_open = (n_cpu > 0 && !cs->rep_known) || (n_gpu > 0 && !gs->rep_known);
  if (trial && have_now && !settled_now && t_now > t_m &&
      (rep_open || t_now - t_m < dmax(cs->rep, gs->rep))) {
    b->trial = trial;
    return go(b, k, b->w, &mc, &mg, n);
  }
  /* A trial measured: the best now (chosen), or remembered as a failure (beyond it from
   * w_inc is no better). */
  double w_m = (double)m->c / (double)n;
  if (trial && w_m == b->w) {
    if (trial == 1)
      b->backoff = 1;
    choose(b, b->w, n);
    b->t_ref = t_m;
    b->up = 0;
  } else if (trial == 1) {
    int up = b->w > b->w_inc;
    if (b->fail_w[up] < 0 || fabs(b->w - b->w_inc) < fabs(b->fail_w[up] - b->w_inc))
      b->fail_w[up] = b->w;
    b->next_trial = k + 1 + b->backoff;
    b->backoff = b->backoff * 2 < BACKOFF_MAX ? b->backoff * 2 : BACKOFF_MAX;
  }

  /* An end the model may misjudge (the other side slows this one down when both run: a
   * shared host thread, its rows' transfers): measured once per epoch when the model puts
   * the loop's own time there within END_TRY of the best measured split's (the period less
   * its class's rest), the rests' difference added: a factor on the whole period would let a
   * small loop in a long step try an end 15 times slower for it (nbody's update loop). */
  double own_m = dmax(t_m - rest[split_class(m->c, n)], 1e-9);
  for (int e = 0; e < 2; e++) {
    if (b->tried[e])
      continue;
    const xmpsp_bal_meas_t *me = tab_find(b, e ? n : 0);
    int known = 0, first = 0;
    for (int j = 0; me != NULL && j < me->count; j++) {
      known |= k - me->at[j] <= AGE && !me->prov[j];
      first |= (me->prov[j] & XMPSP_BAL_PROV_FIRST) != 0;
    }
    if (known) {
      b->tried[e] = 1;
      continue;
    }
    /* Known only by the first execution (an upper bound): right after the probe the model's
     * proposal goes first, and is measured against that bound; the end comes after. */
    if (first && probing)
      continue;
    /* Fitted from two bins, the end's time is at least the side's work alone (whatever its
     * overhead hides): an end that cannot beat the best even so is not worth a step. */
    const bal_model_t *ms = e ? &mc : &mg;
    double rest_e = rest[e ? CLASS_CPU : CLASS_GPU];
    if (ms->fit && ms->s * (double)n + rest_e >= (1.0 - THETA) * t_m)
      continue;
    double extra = rest_e - rest[split_class(m->c, n)], t_e = predict(&mc, &mg, n, (double)e);
    /* Never a trial whose predicted period is over TRIAL_MAX times the best measured one's:
     * the execution that measures it costs that much. Except where the end's side is known
     * from a probe only (no fit, its bin far below n): extrapolated with no overhead, its
     * prediction is only an upper bound, many times the truth for a GPU with a launch
     * overhead, and END_TRY judges it as before. */
    const xmpsp_bal_side_t *se = &b->side[e ? XMPSP_BAL_CPU : XMPSP_BAL_GPU];
    int probed_only = !ms->fit && se->count > 0 && n > 4 * se->hist[se->count - 1].n;
    if (t_e + extra <= (e ? END_TRY1 : END_TRY0) * own_m &&
        (probed_only || t_e + rest_e <= TRIAL_MAX * t_m)) {
      b->tried[e] = 1;
      b->trial = 2;
      return go(b, k, (double)e, &mc, &mg, n);
    }
  }
  /* The model's proposal, measured before it is adopted. After a failed one the next waits
   * (doubling), so that a model the measurements contradict costs little. */
  double t_p, w_int, t_int = 0, wp = model_best(&mc, &mg, n, rest, &t_p, &w_int, &t_int);
  /* After a probe the probed side's one bin (o taken as 0) overestimates it: the interior
   * split is measured unless the model says it loses, so that the side gets a second bin
   * (without it an overhead such as contention hides the side's rate for good). */
  const bal_model_t *mp = b->side[XMPSP_BAL_CPU].count > 0 && cs->seen <= 2 ? &mc : &mg;
  if (probing && !mp->fit && w_int > 0 && t_int <= t_m) {
    wp = w_int;
    t_p = dmin(t_int, t_m);
  }
  if (k + 1 >= b->next_trial && !blocked(b, wp, k, t_m) &&
      t_m - t_p > (probing ? 0.0 : threshold)) {
    b->trial = 1;
    return go(b, k, wp, &mc, &mg, n);
  }

  /* The best measured split; from the chosen one only for a gain beyond the threshold. */
  if (w_m != b->w && (trial || probing || b->w != b->w_inc || !have_now ||
                      t_now - t_m > threshold)) {
    if (w_m != b->w_inc)
      choose(b, w_m, n);
    b->t_ref = t_m;
    b->up = 0;
    return go(b, k, w_m, &mc, &mg, n);
  }
  if (b->w != b->w_inc) {
    choose(b, b->w, n);
    b->t_ref = t_now;
    b->up = 0;
  }
  return go(b, k, b->w, &mc, &mg, n);
}
