/* balance.h - the CPU-weight controller of `XMP_BALANCE=auto` (balance.c): pure arithmetic on
 * the iteration counts and finishing times of a device loop's executions (no StarPU, no MPI, no
 * clock), so that the unit tests can drive it with synthetic timings. */
#ifndef XMPSP_BALANCE_H
#define XMPSP_BALANCE_H

#define XMPSP_BAL_HIST 8 /* samples kept per side */

typedef struct xmpsp_bal_sample {
  long n;    /* iterations the side had */
  double t;  /* its finishing time (s) */
  int warm;  /* first sample of the side (may carry first-touch transfers) */
  int fresh; /* first execution after a weight change (may carry re-partitioning) */
} xmpsp_bal_sample_t;

typedef struct xmpsp_bal_side {
  xmpsp_bal_sample_t hist[XMPSP_BAL_HIST]; /* oldest first */
  int count;
  long seen;     /* samples ever */
  double o_fit;  /* overhead from the latest two-point fit (s), 0 before one */
  int fitted;    /* o_fit comes from a fit */
  long probe;    /* iterations of a probe of this side (at least one per chunk) */
  double rep;    /* measured extra time of the first execution after a weight change (s) */
  int rep_known;
  double noise;  /* mean relative difference of consecutive samples of one bin */
  long npairs;   /* such differences seen */
} xmpsp_bal_side_t;

enum { XMPSP_BAL_CPU = 0, XMPSP_BAL_GPU = 1 };

#define XMPSP_BAL_TAB 8 /* weights whose measured step time is kept */
#define XMPSP_BAL_TK 3  /* samples kept per weight */

/* Measured periods of one split: from an execution's start to the next execution's start of
 * the same loop, which also holds what the split costs the rest of the program (another
 * loop's transfers of the rows this split left on the other side). */
typedef struct xmpsp_bal_meas {
  long c;                       /* CPU iterations of the split */
  double p[XMPSP_BAL_TK];       /* oldest first */
  long at[XMPSP_BAL_TK];        /* execution index of each */
  unsigned prov[XMPSP_BAL_TK];  /* XMPSP_BAL_PROV_* bits: a provisional sample */
  int count;
  int probe;                    /* a probe share: measured, never kept */
} xmpsp_bal_meas_t;

/* CPU / GPU: the side's first sample (first-touch transfers); FRESH: just after a weight
 * change (re-partitioning); FIRST: the loop's first execution, whose period carries every other
 * loop's first-time costs (uploads, allocations) and so only bounds the split's from above. */
enum {
  XMPSP_BAL_PROV_CPU = 1,
  XMPSP_BAL_PROV_GPU = 2,
  XMPSP_BAL_PROV_FRESH = 4,
  XMPSP_BAL_PROV_FIRST = 8
};

struct xmpsp_bal_group;

typedef struct xmpsp_balance {
  double w;                /* CPU weight of the next execution */
  int gpu_side;            /* 0: no CUDA worker runs the GPU part (it runs on CPU workers) */
  long steps;              /* executions fed to xmpsp_balance_next */
  long steps_to_converge;  /* index of the first execution run with the current weight */
  int fresh;               /* the next execution runs with a new weight */
  int probing;             /* the next execution measures a side that never ran */
  xmpsp_bal_side_t side[2];
  long tab_n;              /* iterations of the loop the table is for */
  int ntab;
  xmpsp_bal_meas_t tab[XMPSP_BAL_TAB];
  double pred[2];          /* model time of each side in the next execution (0: none) */
  int pred_fit[2];         /* ... from a fitted model */
  int contended;           /* bit e: the end w = e measured well below a fitted model's time
                            * (the sides slow each other down: the model misjudges interior
                            * splits) */
  int spiked;              /* the last execution was dropped as a spike */
  int trial;               /* the next execution measures a weight the table lacks */
  double w_inc;            /* the weight chosen by measurement (a failed trial returns to it) */
  int tried[2];            /* end w = 0 / w = 1 measured in this epoch */
  long next_trial;         /* first execution index a model proposal may be tried at */
  long backoff;            /* executions between model proposals after a failed one */
  double fail_w[2];        /* nearest failed trial below / above w_inc (-1: none) */
  double rest[3][XMPSP_BAL_TK]; /* per split class (GPU only, both, CPU only): the newest
                                * periods' rest (period - step time), oldest first */
  int nrest[3];
  double rest_once[3];     /* ... the smallest of those carrying one-time transfers (first
                            * execution, first after a weight change) */
  int once_seen[3];
  double t_ref;            /* measured step time at w_inc when chosen */
  /* Run with the loops of one program (xmpsp_balance_begin): */
  struct xmpsp_bal_group *group;
  double w_ran;            /* weight of the execution fed last */
  long conv_ran;           /* steps_to_converge before that feed */
  unsigned long win_prev, win_cur; /* experiments started before the previous / this execution */
  int own_prev, own_cur;   /* whether those two executions were experiments themselves */
  int up;                  /* consecutive executions at w_inc more than 10% above t_ref */
  double probe_cost;       /* estimated cost of probing the side that never ran (s) */
  double elapsed;          /* the periods fed so far (s) */
} xmpsp_balance_t;

/* The loops of one program: their experiments (trials of a weight, probes) change what the
 * others measure (one loop's split costs another transfers), so a trial runs only while no
 * other loop's trial does, and a loop's sample whose period saw another loop's experiment
 * start does not count. */
typedef struct xmpsp_bal_group {
  const struct xmpsp_balance *holder; /* the loop whose trial is under way, or NULL */
  unsigned long started;              /* experiments started so far */
} xmpsp_bal_group_t;

/* Starts a controller at weight w0 in [0, 1]. gpu_side: whether CUDA workers run the GPU part
 * (without them auto gives everything to the CPU part, spread over all CPU workers).
 * probe_cpu / probe_gpu: fewest iterations worth measuring a side with (one per chunk). */
void xmpsp_balance_init(xmpsp_balance_t *b, double w0, int gpu_side, long probe_cpu,
                        long probe_gpu);
/* Feeds the latest execution (run with weight b->w): each side's iterations and finishing
 * time (s; ignored for a side without iterations), and the period from its start to the start
 * of the next execution of the loop (s; 0 or less when unknown: the step time stands in).
 * Returns the weight of the next execution (also left in b->w). */
double xmpsp_balance_next(xmpsp_balance_t *b, long n_cpu, long n_gpu, double t_cpu,
                          double t_gpu, double period);
/* At the start of an execution of b's loop (before reading b->w), in group g: a trial b wants
 * runs only when no other loop's trial is under way; else this execution runs b's chosen
 * weight and b proposes again later. Returns the weight to run. */
double xmpsp_balance_begin(xmpsp_balance_t *b, xmpsp_bal_group_t *g);
/* The program set the weight (reset_weight): the next execution runs with w, and the
 * controller continues from there with what it has measured. */
void xmpsp_balance_set(xmpsp_balance_t *b, double w);
/* The side (XMPSP_BAL_CPU / _GPU) that never ran, which the controller will probe, or -1. */
int xmpsp_balance_unprobed(const xmpsp_balance_t *b);
/* What a probe of that side would cost the run (s; the data it moves there and back): the
 * probe waits until the loop's periods add up to 1/0.03 times that (0: at once). */
void xmpsp_balance_probe_cost(xmpsp_balance_t *b, double seconds);

#endif /* XMPSP_BALANCE_H */
