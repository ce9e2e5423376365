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
 * least 10% away in n, o shrunk by two standard errors of the measured noise (an overhead
 * extrapolated from noisy times must not make a side look unable to pay for itself); with a
 * single bin, s follows from the last fitted o (0 at first), which overestimates s and so
 * makes first moves cautious ones.
 *
 * Provisional samples. A side's first sample may carry first-touch transfers (the GPU uploads
 * everything the loop reads): when the next one of the same bin is more than 1.3 times cheaper
 * per iteration, the first is dropped, and the controller never acts on a GPU whose only sample
 * is its first. The first execution after a weight change may carry re-partitioning transfers:
 * its samples count until a later one of the same bin replaces them, and their excess over it
 * (beyond the noise) is the measured re-partitioning cost of the side.
 *
 * Decision. The predicted step time at weight w is max(t_cpu(w), t_gpu(w)), so an end (w = 0
 * or 1) pays no overhead for the side it leaves out. The candidates are both ends and the
 * interior weight that equalises the two sides' times; an interior weight must beat the better
 * end by more than 2%, else the end wins (a CPU share that would gain less than that, as in a
 * launch-bound kernel or a GPU-bound matmul, is not worth the other side's overhead). The
 * weight changes only when the predicted gain exceeds every one of: 2% of the step, 10 us,
 * twice the relative noise of the prediction (the sides' noise over the samples behind them),
 * the measured re-partitioning cost spread over 8 steps, and, right after a change, twice that
 * cost (the times just measured may carry it). This hysteresis keeps noise and small gains
 * from re-partitioning the arrays for nothing. Weights are multiples of 1/n (whole
 * iterations), so an unchanged split keeps its partition.
 *
 * Probes. A side that never ran (start at 0 or 1) is measured with a small share: at least one
 * iteration per chunk and 0.5% of the iterations. Then the model decides, without hysteresis
 * (the probe share is no weight to keep).
 *
 * Without a GPU side (no CUDA worker: the GPU part's chunks run on CPU workers too), the best
 * split is all iterations in the CPU part, spread over every CPU worker: weight 1 from the
 * second execution on. */
#include <math.h>
#include <string.h>

#include "balance.h"

#define BIN_TOL 0.02       /* samples within 2% of each other's n form a bin */
#define FIT_SPREAD 0.10    /* two bins at least 10% apart in n give a line */
#define OUTLIER 1.5        /* two samples of a bin further apart than this disagree */
#define WARM_DROP 1.3      /* first sample this much dearer per iteration: first touch */
#define THETA 0.02         /* relative gain below which nothing changes */
#define ABS_GAIN 10e-6     /* absolute gain (s) below which nothing changes */
#define AMORTIZE 8.0       /* steps a re-partitioning must pay for itself in */
#define PROBE_SHARE 0.005  /* share of the iterations a probe gets at least */
#define NOISE_PRIOR 0.03   /* noise assumed before two samples of one bin compare */
#define NOISE_AVG 4        /* noise: mean of about the last NOISE_AVG observations */
#define SIGMA_PER_DIFF 0.9 /* standard deviation / mean relative difference of two samples */
#define NOISE_MAX 0.4      /* larger relative differences are outliers, not noise */

typedef struct bal_model {
  double o, s;
  int k; /* samples behind the newest bin's time */
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

static int provisional(const xmpsp_bal_sample_t *s) { return s->warm || s->fresh; }

static int in_bin(long n, long ref) {
  return fabs((double)(n - ref)) <= BIN_TOL * (double)ref;
}

static void side_add(xmpsp_bal_side_t *sd, long n, double t, int fresh) {
  if (!(t >= 0.0) || isinf(t)) /* a clock that went wrong: no information */
    return;
  if (sd->seen == 1 && sd->count == 1 && sd->hist[0].warm && in_bin(n, sd->hist[0].n)) {
    if (sd->hist[0].t / (double)sd->hist[0].n > WARM_DROP * t / (double)n)
      sd->count = 0; /* the first sample carried first-touch transfers */
    else
      sd->hist[0].warm = 0; /* it did not: an ordinary sample */
  }
  const xmpsp_bal_sample_t *last = sd->count > 0 ? &sd->hist[sd->count - 1] : NULL;
  if (!fresh && last != NULL && in_bin(n, last->n)) {
    /* Relative difference of two samples that should be equal: the side's noise (a larger
     * one when the earlier carried re-partitioning: caution). Anything beyond NOISE_MAX is
     * an outlier, not noise. */
    double d = fabs(t - last->t) / (0.5 * (t + last->t) + 1e-30);
    if (d <= NOISE_MAX) { /* running mean of the first few, then a moving average */
      sd->npairs++;
      sd->noise += (d - sd->noise) / (sd->npairs < NOISE_AVG ? sd->npairs : NOISE_AVG);
    }
  }
  if (!fresh && last != NULL && last->fresh && in_bin(n, last->n)) {
    /* What the previous execution's re-partitioning cost this side, beyond the noise. */
    double extra = dmax(last->t - t * (double)last->n / (double)n - 2 * sd->noise * t, 0.0);
    sd->rep = sd->rep_known ? 0.5 * sd->rep + 0.5 * extra : extra;
    sd->rep_known = 1;
  }
  if (sd->count == XMPSP_BAL_HIST) {
    memmove(&sd->hist[0], &sd->hist[1], (XMPSP_BAL_HIST - 1) * sizeof sd->hist[0]);
    sd->count--;
  }
  sd->hist[sd->count++] = (xmpsp_bal_sample_t){n, t, sd->seen == 0, fresh};
  sd->seen++;
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

double xmpsp_balance_next(xmpsp_balance_t *b, long n_cpu, long n_gpu, double t_cpu,
                          double t_gpu) {
  long k = b->steps++;
  int fresh = b->fresh;
  b->fresh = 0;
  xmpsp_bal_side_t *cs = &b->side[XMPSP_BAL_CPU], *gs = &b->side[XMPSP_BAL_GPU];
  if (n_cpu > 0)
    side_add(cs, n_cpu, t_cpu, fresh);
  if (n_gpu > 0)
    side_add(gs, n_gpu, t_gpu, fresh);

  if (!b->gpu_side)
    return set_next(b, k + 1, 1.0);
  long n = n_cpu + n_gpu;
  if (n <= 0)
    return b->w;

  bal_model_t mc, mg;
  int amb_c, amb_g;
  int have_c = side_model(cs, &mc, &amb_c), have_g = side_model(gs, &mg, &amb_g);
  /* A side that never ran: measure it with a probe share. */
  if (!have_c || !have_g) {
    long p = b->side[have_c ? XMPSP_BAL_GPU : XMPSP_BAL_CPU].probe;
    long share = (long)ceil(PROBE_SHARE * (double)n);
    p = p > share ? p : share;
    p = p < n / 2 ? p : n / 2;
    if (p < 1)
      return b->w;
    b->probing = 1;
    return set_next(b, k + 1, have_c ? (double)(n - p) / (double)n : (double)p / (double)n);
  }
  /* Measure again before acting on an ambiguous bin or on a GPU's first sample. */
  if ((n_cpu > 0 && amb_c) || (n_gpu > 0 && (amb_g || (gs->count == 1 && gs->hist[0].warm))))
    return b->w;

  double t_cur = predict(&mc, &mg, n, b->w);
  double t0 = predict(&mc, &mg, n, 0.0), t1 = predict(&mc, &mg, n, 1.0);
  double best = t0 <= t1 ? 0.0 : 1.0, t_best = dmin(t0, t1);
  double wi = (mg.o - mc.o + mg.s * (double)n) / ((mc.s + mg.s) * (double)n);
  long ci = cpu_iters(wi, n);
  if (ci > 0 && ci < n) {
    double w = (double)ci / (double)n, t = predict(&mc, &mg, n, w);
    if (t * (1.0 + THETA) < t_best) {
      best = w;
      t_best = t;
    }
  }
  /* Gains within the noise of the measured times are no gains: twice the estimated relative
   * error of the prediction (each side's noise over the samples behind it). */
  double err = 0;
  if (n_cpu > 0)
    err += cs->noise * cs->noise / mc.k;
  if (n_gpu > 0)
    err += gs->noise * gs->noise / mg.k;
  double rel = dmax(THETA, 2.0 * sqrt(err));
  double threshold = dmax(dmax(rel * t_cur, ABS_GAIN), dmax(cs->rep, gs->rep) / AMORTIZE);
  if (b->probing) { /* a probe share is no place to stay */
    b->probing = 0;
    return set_next(b, k + 1, best);
  }
  /* Right after a change the times may carry re-partitioning, up to what it was measured to
   * cost: a gain within twice that is no reason to move again. */
  if (fresh)
    threshold = dmax(threshold, 2.0 * dmax(cs->rep, gs->rep));
  if (t_cur - t_best <= threshold)
    return b->w;
  return set_next(b, k + 1, best);
}
