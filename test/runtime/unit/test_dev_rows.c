/* test_dev_rows.c - a device loop over the rows of a 2-D array with a padded row stride, a
 * range that does not start at row 0, and a negative step (i = 20, 18, ..., 6 addressing rows
 * i - 3): written rows are partitioned per task, rows no task writes (odd ones in between,
 * the ones around) keep their values. Seven executions at five different weights use more
 * partitions than an array's plan cache keeps (eviction) and come back to earlier ones. With
 * MODE "row", a loop writes a row outside the array (an error, see CMakeLists.txt). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmp_dev.h"

#include "dev_common.h"

enum { ROWS = 20, COLS = 5, STRIDE = 7, ORIGIN = 3, HI = 20, LO = 6, ST = -2 };

static const xmp_rt_srcloc_t here = {"rows.c", 20, "device loop (i)"};
static const xmp_rt_srcloc_t rep = {"rows.c", 12, "device replicate (a, b)"};

typedef struct rows_args {
  double c;
} rows_args_t;

static void rows_cpu(void *buffers[], void *cl_arg) {
  const xmp_dev_task_t *t = cl_arg;
  const rows_args_t *p = t->args;
  double *a = xmp_dev_buffer(buffers, t, 0);
  const double *b = xmp_dev_buffer(buffers, t, 1);
  double sum = 0;
  for (long i = t->lb; t->st > 0 ? i <= t->ub : i >= t->ub; i += t->st)
    for (int j = 0; j < COLS; j++) {
      long e = (i - ORIGIN) * STRIDE + j;
      a[e] = a[e] * 0.5 + b[e] + p->c * (double)i;
      sum += a[e];
    }
  dev_record(t, sum);
}

static void serial(double *a, const double *b, double c) {
  for (long i = HI; i >= LO; i += ST)
    for (int j = 0; j < COLS; j++) {
      long e = (i - ORIGIN) * STRIDE + j;
      a[e] = a[e] * 0.5 + b[e] + c * (double)i;
    }
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  int me = xmpc_all_node_num();
  static double a[ROWS * STRIDE], b[ROWS * STRIDE], ar[ROWS * STRIDE];
  for (int e = 0; e < ROWS * STRIDE; e++) {
    a[e] = ar[e] = 100 + e + me;
    b[e] = 0.25 * e;
  }
  xmp_dev_data_t *da = xmp_dev_replicate(a, sizeof a, sizeof(double), "a", &rep);
  xmp_dev_data_t *db = xmp_dev_replicate(b, sizeof b, sizeof(double), "b", &rep);
  xmp_dev_arg_t av[2] = {{da, XMP_DEV_READWRITE, ORIGIN, STRIDE, 1, 0, 0, 0, -1},
                         {db, XMP_DEV_READ, 0, 0, 0, 0, 0, 0, -1}};
  static xmp_dev_loop_t *site;
  rows_args_t args;
  long n = (HI - LO) / -ST + 1;

  if (argc > 1 && strcmp(argv[1], "row") == 0) {
    /* i = 22 addresses row 19 (the last), 24 row 21: outside. */
    void *partials;
    int nt;
    xmp_dev_loop_run(&site, rows_cpu, NULL, &args, 2, av, 24, LO, ST, sizeof(dev_partial_t),
                     &partials, &nt, &here);
    return xmp_rt_finalize(0);
  }

  const double weights[] = {0, 0.25, 0.5, 0.75, 1, 0.5, 0};
  for (int s = 0; s < 7; s++) {
    xmp_dev_reset_weight(weights[s], &here);
    args.c = 0.125 * (s + 1);
    void *partials;
    int nt;
    xmp_dev_loop_run(&site, rows_cpu, NULL, &args, 2, av, HI, LO, ST, sizeof(dev_partial_t),
                     &partials, &nt, &here);
    serial(ar, b, args.c);
    long sizes[64];
    int ngpu, want = dev_expected(n, weights[s], sizes, &ngpu);
    CHECKF(nt == want, "weight %g: %d tasks, want %d", weights[s], nt, want);
    long next = HI;
    for (int t = 0; t < nt && t < want; t++) {
      const dev_partial_t *p = (const dev_partial_t *)partials + t;
      double sum = 0;
      for (long i = p->lb; i >= p->ub; i += ST)
        for (int j = 0; j < COLS; j++)
          sum += ar[(i - ORIGIN) * STRIDE + j];
      long ub = next + (sizes[t] - 1) * ST;
      CHECKF(p->lb == next && p->ub == ub && p->st == ST && p->sum == sum,
             "weight %g task %d: %ld..%ld:%ld sum %g, want %ld..%ld sum %g", weights[s], t,
             p->lb, p->ub, p->st, p->sum, next, ub, sum);
      next = ub + ST;
    }
  }
  xmp_dev_sync_out(da, &here);
  for (int e = 0; e < ROWS * STRIDE; e++)
    CHECKF(a[e] == ar[e], "a[%d][%d] = %g, want %g", e / STRIDE, e % STRIDE, a[e], ar[e]);
  xmp_dev_release(db);
  xmp_dev_release(da);
  for (int e = 0; e < ROWS * STRIDE; e++)
    CHECKF(a[e] == ar[e], "after release: a[%d][%d] = %g, want %g", e / STRIDE, e % STRIDE,
           a[e], ar[e]);
  return xmp_rt_finalize(CHECK_RESULT());
}
