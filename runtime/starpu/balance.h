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
  long probe;    /* iterations of a probe of this side (at least one per chunk) */
  double rep;    /* measured extra time of the first execution after a weight change (s) */
  int rep_known;
  double noise;  /* mean relative difference of consecutive samples of one bin */
  long npairs;   /* such differences seen */
} xmpsp_bal_side_t;

enum { XMPSP_BAL_CPU = 0, XMPSP_BAL_GPU = 1 };

typedef struct xmpsp_balance {
  double w;                /* CPU weight of the next execution */
  int gpu_side;            /* 0: no CUDA worker runs the GPU part (it runs on CPU workers) */
  long steps;              /* executions fed to xmpsp_balance_next */
  long steps_to_converge;  /* index of the first execution run with the current weight */
  int fresh;               /* the next execution runs with a new weight */
  int probing;             /* the next execution measures a side that never ran */
  xmpsp_bal_side_t side[2];
} xmpsp_balance_t;

/* Starts a controller at weight w0 in [0, 1]. gpu_side: whether CUDA workers run the GPU part
 * (without them auto gives everything to the CPU part, spread over all CPU workers).
 * probe_cpu / probe_gpu: fewest iterations worth measuring a side with (one per chunk). */
void xmpsp_balance_init(xmpsp_balance_t *b, double w0, int gpu_side, long probe_cpu,
                        long probe_gpu);
/* Feeds the execution just finished (run with weight b->w): each side's iterations and finishing
 * time (s; ignored for a side without iterations). Returns the weight of the next execution
 * (also left in b->w). */
double xmpsp_balance_next(xmpsp_balance_t *b, long n_cpu, long n_gpu, double t_cpu,
                          double t_gpu);
/* The program set the weight (reset_weight): the next execution runs with w, and the
 * controller continues from there with what it has measured. */
void xmpsp_balance_set(xmpsp_balance_t *b, double w);

#endif /* XMPSP_BALANCE_H */
