/* test_dev_axpy.c - device loops over 1-D arrays through the StarPU layer, with codelets
 * written the way generated code is: y[i] = a * x[i] + y[i] (x read, y written) with a sum
 * reduction through the tasks' partials, z[i] = 2 * y[i] reading the array the previous loop
 * wrote, and an empty loop. Every rank owns a different, uneven range of the global index
 * space (rank 2 owns none), stored with one shadow row on each side that no task may touch.
 * Runs several steps at CPU weights XMP_CPU_WEIGHT (first), 0, 0.3 and 1, with replicate_sync
 * out / in between, and checks every element, every chunk and every partial against a serial
 * computation. Chunk counts follow XMP_STARPU_NCPU / XMP_STARPU_NCUDA (ctest sets some; 0 CPU
 * chunks: GPU only, every iteration in the GPU part whatever the weight), and a GPU-only split
 * in one chunk runs on the main thread where exec.c says so (XMP_DEV_EXECUTOR=direct makes it
 * do so without a GPU too): the switches between that and StarPU's tasks, loop by loop and
 * weight by weight, must leave every value as the serial computation has it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmp_dev.h"

#include "dev_common.h"

static const xmp_rt_srcloc_t here = {"axpy.c", 10, "device loop on t(i)"};
static const xmp_rt_srcloc_t here2 = {"axpy.c", 20, "device loop on t(i)"};
static const xmp_rt_srcloc_t here3 = {"axpy.c", 30, "device loop on t(i)"};
static const xmp_rt_srcloc_t rep = {"axpy.c", 5, "device replicate (x, y, z)"};

typedef dev_axpy_args_t axpy_args_t;

/* CUDA versions (dev_axpy_cuda.cu) where the test is built with them (scripts/gpu-check.sh
 * on GPU machines): then chunks of the GPU part run on CUDA workers. */
#ifdef XMP_TEST_CUDA
void axpy_cuda(void *buffers[], void *cl_arg);
void twice_cuda(void *buffers[], void *cl_arg);
static const int have_cuda_functions = 1;
#else
static const int have_cuda_functions = 0;
#define axpy_cuda NULL
#define twice_cuda NULL
#endif

static void axpy_cpu(void *buffers[], void *cl_arg) {
  const xmp_dev_task_t *t = cl_arg;
  const axpy_args_t *a = t->args;
  const double *x = xmp_dev_buffer(buffers, t, 0);
  double *y = xmp_dev_buffer(buffers, t, 1);
  double sum = 0;
  for (long i = t->lb; i <= t->ub; i += t->st) {
    y[i - a->origin] = a->a * x[i - a->origin] + y[i - a->origin];
    sum += y[i - a->origin];
  }
  dev_record(t, sum);
}

static void twice_cpu(void *buffers[], void *cl_arg) {
  const xmp_dev_task_t *t = cl_arg;
  const axpy_args_t *a = t->args;
  const double *y = xmp_dev_buffer(buffers, t, 0);
  double *z = xmp_dev_buffer(buffers, t, 1);
  for (long i = t->lb; i <= t->ub; i += t->st)
    z[i - a->origin] = 2 * y[i - a->origin];
  dev_record(t, 0);
}

#define SENTINEL (-7.0)

int main(int argc, char **argv) {
  /* The chunks are checked against the weights the test sets: no automatic balancing. */
  setenv("XMP_BALANCE", "manual", 1);
  xmp_rt_init(&argc, &argv);
  int me = xmpc_all_node_num(), np = xmp_all_num_nodes();
  long count[8], g0 = 0;
  for (int r = 0; r < np; r++)
    count[r] = r == 2 ? 0 : 50 + 17 * r;
  for (int r = 0; r < me; r++)
    g0 += count[r];
  long n = count[me];
  long rows = n > 0 ? n + 2 : 0; /* shadow row before and after */
  double *x = calloc((size_t)rows + 1, sizeof *x), *y = calloc((size_t)rows + 1, sizeof *y);
  double *z = calloc((size_t)rows + 1, sizeof *z);
  double *xr = calloc((size_t)n + 1, sizeof *xr), *yr = calloc((size_t)n + 1, sizeof *yr);
  for (long r = 0; r < rows; r++)
    x[r] = y[r] = z[r] = SENTINEL;
  for (long k = 0; k < n; k++) {
    long g = g0 + k;
    x[k + 1] = xr[k] = 1 + 0.01 * (double)g;
    y[k + 1] = yr[k] = 2 - 0.003 * (double)g;
  }
  size_t bytes = (size_t)rows * sizeof(double);
  xmp_dev_data_t *dx = xmp_dev_replicate(x, bytes, sizeof(double), "x", &rep);
  xmp_dev_data_t *dy = xmp_dev_replicate(y, bytes, sizeof(double), "y", &rep);
  xmp_dev_data_t *dz = xmp_dev_replicate(z, bytes, sizeof(double), "z", &rep);
  axpy_args_t args = {0, g0 - 1};
  xmp_dev_arg_t av[2] = {{dx, XMP_DEV_READ, 0, 0, 0, 0, 0, 0, -1},
                         {dy, XMP_DEV_READWRITE, g0 - 1, 1, 1, 0, 0, 0, -1}};
  xmp_dev_arg_t tv[2] = {{dy, XMP_DEV_READ, 0, 0, 0, 0, 0, 0, -1},
                         {dz, XMP_DEV_READWRITE, g0 - 1, 1, 1, 0, 0, 0, -1}};
  static xmp_dev_loop_t *site, *site2, *site_empty;

  const char *w0 = getenv("XMP_CPU_WEIGHT");
  const double weights[] = {w0 != NULL && *w0 ? atof(w0) : 0.0, 0.0, 0.3, 1.0};
  for (int wi = 0; wi < 4; wi++) {
    double w = weights[wi];
    if (wi > 0)
      xmp_dev_reset_weight(w, &here);
    for (int step = 0; step < 3; step++) {
      args.a = 0.5 + 0.1 * step;
      void *partials;
      int nt = -1;
      xmp_dev_loop_run(&site, axpy_cpu, axpy_cuda, &args, 2, av, g0, g0 + n - 1, 1,
                       sizeof(dev_partial_t), &partials, &nt, &here);
      for (long k = 0; k < n; k++)
        yr[k] = args.a * xr[k] + yr[k];

      /* Chunks: in iteration order, sized as the weight and chunk counts say. */
      long sizes[64];
      int ngpu, want = dev_expected(n, w, sizes, &ngpu);
      CHECKF(nt == want, "rank %d weight %g: %d tasks, want %d", me, w, nt, want);
      long next = g0;
      int on_cuda = have_cuda_functions && starpu_worker_get_count_by_type(STARPU_CUDA_WORKER) > 0;
      int direct = dev_direct(want, ngpu, have_cuda_functions);
      for (int t = 0; t < nt && t < want; t++) {
        const dev_partial_t *p = (const dev_partial_t *)partials + t;
        int type = direct ? DEV_MAIN_THREAD
                   : t < ngpu && on_cuda ? STARPU_CUDA_WORKER : STARPU_CPU_WORKER;
        CHECKF(p->worker_type == type && p->cuda_fn == (t < ngpu && on_cuda),
               "rank %d weight %g task %d ran on a worker of type %d (want %d), CUDA function %d",
               me, w, t, p->worker_type, type, p->cuda_fn);
        double sum = 0;
        for (long i = p->lb; i <= p->ub; i++)
          sum += yr[i - g0];
        CHECKF(p->lb == next && p->ub == next + sizes[t] - 1 && p->st == 1 && p->sum == sum,
               "rank %d weight %g task %d: %ld..%ld sum %g, want %ld..%ld sum %g", me, w, t,
               p->lb, p->ub, p->sum, next, next + sizes[t] - 1, sum);
        next += sizes[t];
      }
      CHECKF((ngpu == 0) == (xmp_gpu_wtime() == 0) && (nt - ngpu == 0) == (xmp_cpu_wtime() == 0),
             "rank %d weight %g: cpu %g s, gpu %g s for %d gpu tasks of %d", me, w,
             xmp_cpu_wtime(), xmp_gpu_wtime(), ngpu, nt);

      /* The loop reading y (partitioned by the loop before) and writing z. */
      xmp_dev_loop_run(&site2, twice_cpu, twice_cuda, &args, 2, tv, g0, g0 + n - 1, 1,
                       sizeof(dev_partial_t), &partials, &nt, &here2);
      /* No iteration: no task. */
      xmp_dev_loop_run(&site_empty, axpy_cpu, axpy_cuda, &args, 2, av, g0 + 5, g0 + 4, 1,
                       sizeof(dev_partial_t), &partials, &nt, &here3);
      CHECK(nt == 0);

      xmp_dev_sync_out(dy, &here);
      xmp_dev_sync_out(dz, &here);
      for (long k = 0; k < n; k++)
        CHECKF(y[k + 1] == yr[k] && z[k + 1] == 2 * yr[k],
               "rank %d weight %g step %d: y[%ld] = %g z = %g, want %g", me, w, step, g0 + k,
               y[k + 1], z[k + 1], yr[k]);
      if (rows > 0)
        CHECK(y[0] == SENTINEL && y[rows - 1] == SENTINEL && z[0] == SENTINEL &&
              z[rows - 1] == SENTINEL);

      /* The host changes y every step and x every other step: the device copies must go. */
      for (long k = 0; k < n; k++)
        y[k + 1] = yr[k] = yr[k] + 1;
      xmp_dev_sync_in(dy, &here);
      if (step % 2 == 0) {
        for (long k = 0; k < n; k++)
          x[k + 1] = xr[k] = -xr[k];
        xmp_dev_sync_in(dx, &here);
      }
    }
  }
  /* A last loop; the end of the scope brings its values back. */
  void *partials;
  int nt;
  xmp_dev_loop_run(&site, axpy_cpu, axpy_cuda, &args, 2, av, g0, g0 + n - 1, 1,
                   sizeof(dev_partial_t), &partials, &nt, &here);
  for (long k = 0; k < n; k++)
    yr[k] = args.a * xr[k] + yr[k];
  /* The same loop on this thread over the host copies (OpenACC's `if` false): one call of the
   * CPU function over every iteration, a site of its own. */
  static xmp_dev_loop_t *host_site;
  xmp_dev_loop_run_host(&host_site, axpy_cpu, &args, 2, av, g0, g0 + n - 1, 1,
                        sizeof(dev_partial_t), &partials, &nt, &here3);
  double sum = 0;
  for (long k = 0; k < n; k++) {
    yr[k] = args.a * xr[k] + yr[k];
    sum += yr[k];
  }
  CHECKF(nt == (n > 0), "rank %d host run: %d calls", me, nt);
  if (nt == 1) {
    const dev_partial_t *hp = partials;
    CHECKF(hp->worker_type == DEV_MAIN_THREAD && !hp->cuda_fn && hp->lb == g0 &&
               hp->ub == g0 + n - 1 && hp->st == 1 && hp->sum == sum,
           "rank %d host run: type %d cuda %d range %ld:%ld:%ld sum %g, want %g", me,
           hp->worker_type, hp->cuda_fn, hp->lb, hp->ub, hp->st, hp->sum, sum);
  }
  /* `host_data use_device(y)`: the current copy's address, held; without a GPU the host
   * array itself, and what is written there is what the next loop reads. */
  void *addr = xmp_dev_device_address(dy, &here3);
  CHECK(addr != NULL);
  if (addr == (void *)y && n > 0) {
    ((double *)addr)[1] += 1.0;
    yr[0] += 1.0;
  }
  xmp_dev_loop_run(&site, axpy_cpu, axpy_cuda, &args, 2, av, g0, g0 + n - 1, 1,
                   sizeof(dev_partial_t), &partials, &nt, &here);
  for (long k = 0; k < n; k++)
    yr[k] = args.a * xr[k] + yr[k];
  xmp_dev_release(dz);
  xmp_dev_release(dy);
  xmp_dev_release(dx);
  for (long k = 0; k < n; k++)
    CHECKF(y[k + 1] == yr[k], "rank %d after release: y[%ld] = %g, want %g", me, g0 + k,
           y[k + 1], yr[k]);
  int rc = CHECK_RESULT();
  free(x);
  free(y);
  free(z);
  free(xr);
  free(yr);
  return xmp_rt_finalize(rc);
}
