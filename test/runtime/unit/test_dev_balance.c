/* test_dev_balance.c - the CPU weight policies of device loops end to end (XMP_BALANCE, see
 * CMakeLists.txt for the expected weights): eight executions of one loop writing y[i] += i + k,
 * with reset_weight (0.6) before the sixth. Every element is checked against a serial
 * computation whatever the weights were; the weights themselves are checked in the XMP_REPORT
 * output by expect_report.sh. The loop has no CUDA function, so its GPU part runs on CPU
 * workers: auto then gives every iteration to the CPU part from the second execution on. */
#include <stdlib.h>

#include "check.h"
#include "xmp_dev.h"

enum { N = 4000, STEPS = 8, RESET_AT = 5 };

static const xmp_rt_srcloc_t here = {"bal.c", 10, "device loop on t(i)"};
static const xmp_rt_srcloc_t reset = {"bal.c", 9, "device reset_weight (0.6)"};
static const xmp_rt_srcloc_t rep = {"bal.c", 5, "device replicate (y)"};

typedef struct bal_args {
  long k;
} bal_args_t;

static void add_cpu(void *buffers[], void *cl_arg) {
  const xmp_dev_task_t *t = cl_arg;
  const bal_args_t *a = t->args;
  double *y = xmp_dev_buffer(buffers, t, 0);
  for (long i = t->lb; i <= t->ub; i += t->st)
    y[i] += (double)(i + a->k);
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  static double y[N];
  xmp_dev_data_t *d = xmp_dev_replicate(y, sizeof y, sizeof y[0], "y", &rep);
  xmp_dev_arg_t av[1] = {{d, XMP_DEV_READWRITE, 0, 1, 1, 0, 0, 0, -1}};
  static xmp_dev_loop_t *site;
  for (long k = 0; k < STEPS; k++) {
    if (k == RESET_AT)
      xmp_dev_reset_weight(0.6, &reset);
    bal_args_t args = {k};
    void *partials;
    int nt;
    xmp_dev_loop_run(&site, add_cpu, NULL, &args, 1, av, 0, N - 1, 1, 0, &partials, &nt, &here);
  }
  xmp_dev_sync_out(d, &here);
  for (long i = 0; i < N; i++) {
    double want = 0;
    for (long k = 0; k < STEPS; k++)
      want += (double)(i + k);
    CHECKF(y[i] == want, "y[%ld] = %g, want %g", i, y[i], want);
  }
  xmp_dev_release(d);
  return xmp_rt_finalize(CHECK_RESULT());
}
