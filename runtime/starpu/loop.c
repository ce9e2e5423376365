/* loop.c - device loops: one StarPU task per chunk of the local iterations, pinned to a worker
 * of its side (GPU part on CUDA workers, CPU part on CPU workers), or, for a GPU-only split in
 * one chunk, a direct call of the CUDA function by the main thread (exec.c); the CPU weight,
 * reductions' partial results, and the per-side times behind xmp_cpu_wtime / xmp_gpu_wtime
 * (a direct loop's GPU time comes from CUDA events, read when it is needed).
 *
 * The CPU weight of a site's next execution, by XMP_BALANCE:
 *   auto (default)  the site's own controller (balance.c) sets it from the times it measured,
 *                   starting from XMP_CPU_WEIGHT (default 0);
 *   manual          XMP_CPU_WEIGHT until the program's first reset_weight, then the latest
 *                   reset_weight (the thesis's behaviour);
 *   fixed           XMP_CPU_WEIGHT for the whole run; reset_weight is ignored (one note says
 *                   so), which lets experiments pin the weight without editing the program.
 * In auto, reset_weight (w) sets the weight of the next execution of every device loop run
 * after it, and each controller continues from w with what it measured before. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"
#include "xmpsp_internal.h"
#include "xmpsp_trace.h"

/* An execution whose period (start to the next execution's start) is not known yet; it ran
 * with the site's weight, which changes only after it is closed. */
typedef struct pending_exec {
  int open;
  double t_cpu, t_gpu, start_us;
  long n_cpu, n_gpu;
  int gpu_direct; /* t_gpu is the direct executor's, still to be read (exec.c) */
  int unmeasured; /* a direct GPU execution run untimed while an earlier one's events were
                   * still to be read: not fed to the controller */
  double period;  /* held executions: the period measured when the next one started */
} pending_exec_t;

/* What the runtime keeps per task of one execution; cl_arg points at .task. */
typedef struct task_slot {
  xmp_dev_task_t task;
  double done_us; /* completion time (starpu_timing_now), set by the task's callback */
  int gpu;        /* chunk of the GPU part */
} task_slot_t;

struct xmp_dev_loop {
  xmp_dev_loop_t **owner; /* the site's static pointer, reset when the state is freed */
  struct starpu_codelet cl;
  char name[64];
  xmp_rt_srcloc_t where;
  double weight;  /* CPU weight of the latest execution */
  long executions;
  xmpsp_balance_t bal;      /* auto: the controller, started at the first execution */
  int bal_started;
  unsigned long reset_seen; /* the reset_weight generation this site has applied */
  xmpsp_record_t *record;   /* XMP_REPORT: this site's executions */
  pending_exec_t last;      /* the latest execution, fed to the controller and the record once
                             * the next one starts (its period is the controller's objective) */
  pending_exec_t held;      /* a closed direct GPU execution whose kernels were still running:
                             * fed once its events are done (sampled timing, below) */
  void *partials; /* ntasks * partial_bytes, owned until the next execution */
  void *partials_dev; /* the same as GPU kernels store into it (pinned), or NULL */
  size_t partials_cap;
  int partials_pinned;
  xmpsp_direct_site_t direct; /* the direct executor's timing of this site */
  /* xmp_dev_loop_run_lazy: the latest execution's reduction results are still on their way
   * (results_event, when recorded, marks their arrival in partials). */
  int results_pending;
  void *results_event;
  int results_event_set;
  int exec;                   /* XMPSP_EXEC_* of the latest execution */
  int cpu_side;               /* the loop has a CPU part (not XMP_STARPU_NCPU=0 and the like) */
  int split_warned;           /* the warning that rows split between GPUs cannot pay */
  long interior;              /* the interior iterations of the latest execution (-1: whole) */
  xmpsp_ooc_stats_t ooc;      /* its out-of-core executions (ooc.c) */
  struct xmp_dev_loop *next;
};

static xmp_dev_loop_t *sites;
static xmpsp_bal_group_t bal_group; /* auto: the sites' controllers trial one at a time */
static double weight_now;        /* the latest reset_weight */
static unsigned long reset_gen;  /* reset_weight calls so far */
static double last_cpu_s, last_gpu_s;
static xmp_dev_loop_t *last_direct; /* the site whose last GPU time is still to be read */
/* The program asked xmp_gpu_wtime: direct loops' kernels are timed by CUDA events from then
 * on (as always under XMP_BALANCE=auto, XMP_REPORT and XMP_DEV_TRACE); without, the two
 * event records cost about as much as a small loop's launch. */
static int wtime_asked;

void *xmp_dev_buffer(void *buffers[], const xmp_dev_task_t *task, int k) {
  return (char *)STARPU_VECTOR_GET_PTR(buffers[k]) - task->byte_offset[k];
}

/* From a CUDA codelet (worker thread): the program ends there, as for any runtime error. */
void xmp_dev_fail(const char *what, const char *detail) {
  xmpb_fatal(NULL, "CUDA: %s failed: %s", what, detail);
}

double xmp_cpu_wtime(void) { return last_cpu_s; }
double xmp_gpu_wtime(void) {
  wtime_asked = 1;
  if (last_direct != NULL) { /* its kernels may still run: waited for only when asked */
    last_gpu_s = xmpsp_direct_time(&last_direct->direct);
    last_direct = NULL;
  }
  return last_gpu_s;
}

void xmp_dev_reset_weight(double w, const xmp_rt_srcloc_t *where) {
  if (!(w >= 0.0 && w <= 1.0)) /* NaN too */
    xmpb_fatal_collective(where, "CPU weight %g is outside [0, 1]", w);
  const xmpsp_config_t *cfg = xmpsp_config();
  if (cfg->balance == XMPSP_BALANCE_FIXED) {
    static int noted;
    if (!noted && xmpsp_speaker())
      xmpb_note(where, "note", "reset_weight ignored: XMP_BALANCE=fixed keeps every device "
                "loop's CPU weight at XMP_CPU_WEIGHT (%g)", cfg->cpu_weight);
    noted = 1;
    return;
  }
  weight_now = w;
  reset_gen++;
}

/* The CPU weight of site s's next execution (see the top). */
static double site_weight(xmp_dev_loop_t *s, const xmpsp_config_t *cfg) {
  if (cfg->balance == XMPSP_BALANCE_FIXED)
    return cfg->cpu_weight;
  if (cfg->balance == XMPSP_BALANCE_MANUAL)
    return reset_gen > 0 ? weight_now : cfg->cpu_weight;
  if (s->reset_seen != reset_gen) {
    s->reset_seen = reset_gen;
    xmpsp_balance_set(&s->bal, weight_now);
  }
  return xmpsp_balance_begin(&s->bal, &bal_group);
}

static xmp_dev_loop_t *new_site(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda,
                                const xmp_rt_srcloc_t *where) {
  xmp_dev_loop_t *s = xmpb_calloc_or_die(1, sizeof *s, where);
  s->owner = state;
  s->where = xmpb_srcloc_copy(where);
  starpu_codelet_init(&s->cl);
  s->cl.cpu_funcs[0] = cpu;
  s->cl.cuda_funcs[0] = cuda;
  /* The CUDA function may return with its kernels still queued on the worker's stream:
   * StarPU then completes the task when the stream has drained. */
  s->cl.cuda_flags[0] = STARPU_CUDA_ASYNC;
  s->cl.nbuffers = STARPU_VARIABLE_NBUFFERS;
  snprintf(s->name, sizeof s->name, "xmp device loop %s:%d",
           where != NULL && where->file != NULL ? where->file : "?",
           where != NULL ? where->line : 0);
  s->cl.name = s->name;
  if (xmpsp_config()->report != XMPSP_REPORT_NONE)
    s->record = xmpsp_record_new(where);
  s->next = sites;
  sites = s;
  *state = s;
  return s;
}

/* Whether only the auto controller reads the direct executions' GPU times (no report, trace
 * or xmp_gpu_wtime). Their times are then sampled: reading an execution's CUDA events at the
 * next one's start would make the host wait for its kernels, so that it could never run ahead
 * of the GPU (Himeno M on an H200: 1.43 TFLOPS untimed, 1.23-1.28 so timed). An execution is
 * timed when no earlier one's events are still to be read; it is fed to the controller once
 * they are done (a later start that finds them so), and the executions run meanwhile are
 * untimed and not fed. Where the GPU keeps up with the host every execution is fed. */
static int balancer_only(const xmp_dev_loop_t *s, const xmpsp_config_t *cfg) {
  return cfg->balance == XMPSP_BALANCE_AUTO && s->cpu_side && cfg->report == XMPSP_REPORT_NONE &&
         !cfg->trace && !wtime_asked;
}

static void feed(xmp_dev_loop_t *s, const pending_exec_t *e, double period) {
  if (xmpsp_config()->balance == XMPSP_BALANCE_AUTO && s->cpu_side)
    xmpsp_balance_next(&s->bal, e->n_cpu, e->n_gpu, e->t_cpu, e->t_gpu, period);
  if (s->record != NULL)
    xmpsp_record_step(s->record, s->weight, e->n_cpu, e->n_gpu, e->t_cpu, e->t_gpu, period);
}

/* The held execution, once its events are done (wait: read them in any case). */
static void feed_held(xmp_dev_loop_t *s, int wait) {
  pending_exec_t *e = &s->held;
  if (!e->open || (!wait && !xmpsp_direct_done(&s->direct)))
    return;
  e->open = 0;
  e->t_gpu = xmpsp_direct_time(&s->direct);
  feed(s, e, e->period);
}

/* Feeds site s's latest execution to its controller and record; period in s (<= 0: unknown,
 * the last execution of the run). */
static void close_exec(xmp_dev_loop_t *s, double period) {
  pending_exec_t *e = &s->last;
  if (!e->open)
    return;
  e->open = 0;
  if (e->unmeasured)
    return;
  if (e->gpu_direct) {
    e->gpu_direct = 0;
    if (period > 0 && balancer_only(s, xmpsp_config()) && !xmpsp_direct_done(&s->direct)) {
      s->held = *e;
      s->held.open = 1;
      s->held.period = period;
      return;
    }
    e->t_gpu = xmpsp_direct_time(&s->direct);
  }
  feed(s, e, period);
}

static void free_partials(xmp_dev_loop_t *s) {
  if (s->partials != NULL)
    starpu_free_flags(s->partials, s->partials_cap, s->partials_pinned ? STARPU_MALLOC_PINNED : 0);
  s->partials = NULL;
  s->partials_dev = NULL;
}

void xmpsp_loops_close_all(void) {
  for (xmp_dev_loop_t *s = sites; s != NULL; s = s->next) {
    feed_held(s, 1);
    close_exec(s, -1.0);
    const xmpsp_ooc_stats_t *o = &s->ooc;
    if (o->executions > 0 && xmpsp_config()->trace && xmpsp_speaker())
      xmpb_note(&s->where, "trace",
                "out of core: %ld executions, %ld chunks (%ld resident), loaded %.1f MB, "
                "written back %.1f MB, evicted %.1f MB, %s waited %.3f ms for loads",
                o->executions, o->chunks, o->resident, o->loaded * 1e-6, o->written * 1e-6,
                o->evicted * 1e-6, s->exec == XMPSP_EXEC_OOC && xmpsp_workers()->ncuda > 0
                                       ? "the GPU" : "the host",
                o->wait_s * 1e3);
  }
}

void xmpsp_loops_free_all(void) {
  bal_group = (xmpsp_bal_group_t){0};
  last_direct = NULL;
  while (sites != NULL) {
    xmp_dev_loop_t *s = sites;
    sites = s->next;
    *s->owner = NULL;
    free_partials(s);
    xmpsp_direct_site_free(&s->direct);
    xmpcu_event_free(s->results_event);
    free(s);
  }
}

static void task_done(void *arg) { ((task_slot_t *)arg)->done_us = starpu_timing_now(); }

/* The worker running chunk i: chunks pinned round robin within their side, GPU chunks on CPU
 * workers when no CUDA worker can run this loop (then the CPU chunks continue the round). */
static int chunk_worker(const xmpsp_workers_t *w, int use_cuda, int ngpu_tasks,
                        const xmpsp_chunk_t *c, int i) {
  if (c->gpu)
    return use_cuda ? w->cuda[i % w->ncuda] : w->cpu[i % w->ncpu];
  return w->cpu[(i - (use_cuda ? ngpu_tasks : 0)) % w->ncpu];
}

/* Storage element range [*start, *end) of the rows of array a that chunk c writes. */
static void chunk_rows(const xmp_dev_arg_t *a, const xmpsp_chunk_t *c, long lb, long st,
                       long *start, long *end, const xmp_rt_srcloc_t *where) {
  const xmp_dev_data_t *d = a->data;
  long r0 = lb + c->first * st - a->row_origin;
  long r1 = lb + (c->first + c->count - 1) * st - a->row_origin;
  long lo = r0 < r1 ? r0 : r1, hi = r0 < r1 ? r1 : r0;
  long nrows = a->row_elems > 0 ? d->nx / a->row_elems : 0;
  if (a->row_elems <= 0)
    xmpb_fatal(where, "array '%s': %ld elements per row", d->name, a->row_elems);
  if (lo < 0 || hi >= nrows)
    xmpb_fatal(where, "array '%s': the loop writes row %ld, outside its storage rows 0..%ld",
               d->name, lo < 0 ? lo : hi, nrows - 1);
  *start = lo * a->row_elems;
  *end = (hi + 1) * a->row_elems;
}

/* Every task gets the whole array for argument k. */
static void bind_whole(int k, xmp_dev_data_t *d, int nt, task_slot_t *slots,
                       starpu_data_handle_t *handles) {
  xmpsp_part_unpartition(d); /* written by an earlier loop: gathered on the host first */
  for (int t = 0; t < nt; t++) {
    handles[t] = d->handle;
    slots[t].task.byte_offset[k] = 0;
  }
}

/* Gives every task its buffer for argument k: the whole array (read, or written by the only
 * task), or the piece of the row partition holding the task's rows (written). */
static void bind_arg(int k, const xmp_dev_arg_t *a, int nt, const xmpsp_chunk_t *chunks,
                     long lb, long st, task_slot_t *slots, starpu_data_handle_t *handles,
                     const xmp_rt_srcloc_t *where) {
  xmp_dev_data_t *d = a->data;
  if (a->mode == XMP_DEV_READ) {
    bind_whole(k, d, nt, slots, handles);
    return;
  }
  long *start = xmpb_calloc_or_die((size_t)nt * 2, sizeof *start, where), *end = start + nt;
  for (int t = 0; t < nt; t++) /* checks the rows too */
    chunk_rows(a, &chunks[t], lb, st, &start[t], &end[t], where);
  if (nt == 1) {
    /* Partitioning for one task would only make the next loop that reads the array whole
     * gather it on the host (StarPU 1.4 unpartitions onto the home node): a round trip of
     * the array per loop on a GPU. */
    bind_whole(k, d, nt, slots, handles);
  } else {
    xmpsp_part_use(d, nt, start, end, handles, where);
    for (int t = 0; t < nt; t++)
      slots[t].task.byte_offset[k] = (size_t)start[t] * d->elem_size;
  }
  free(start);
}

static void check_args(int nargs, const xmp_dev_arg_t *argv, const xmp_rt_srcloc_t *where) {
  if (nargs < 0 || nargs > XMP_DEV_MAX_ARGS)
    xmpb_fatal(where, "%d arrays in a device loop (at most %d)", nargs, XMP_DEV_MAX_ARGS);
  for (int k = 0; k < nargs; k++) {
    if (argv[k].data == NULL)
      xmpb_fatal(where, "device loop array %d is not replicated", k);
    if (argv[k].mode != XMP_DEV_READ && argv[k].mode != XMP_DEV_READWRITE)
      xmpb_fatal(where, "array '%s': access mode %d", argv[k].data->name, argv[k].mode);
    for (int j = 0; j < k; j++)
      if (argv[j].data == argv[k].data)
        xmpb_fatal(where, "array '%s' is passed twice to one device loop", argv[k].data->name);
  }
}

static void trace_line(const xmp_dev_loop_t *s, int ncpu_tasks, int ngpu_tasks,
                       double start_us) {
  char split[96] = "";
  if (s->interior >= 0)
    snprintf(split, sizeof split, ", overlapped: %ld interior iterations before the faces",
             s->interior);
  xmpsp_trace_span(&s->where, start_us,
                   "execution %ld: weight %.3f, tasks cpu %d gpu %d, time cpu %.3f ms gpu %.3f ms, "
                   "executor %s%s",
                   s->executions, s->weight, ncpu_tasks, ngpu_tasks, last_cpu_s * 1e3,
                   last_gpu_s * 1e3, xmpsp_exec_name(s->exec), split);
}

/* Room for nt blocks of partial_bytes of reduction results, zeroed; pinned where a GPU writes
 * them: a CUDA copy into pageable memory waits for the kernels, and cost about 10 us a
 * reduction loop on an H200. */
static void partials_for(xmp_dev_loop_t *s, int nt, size_t partial_bytes,
                         const xmpsp_workers_t *w, const xmp_rt_srcloc_t *where) {
  if (s->partials_cap < (size_t)nt * partial_bytes) {
    xmpsp_enter_keep(); /* a pinned allocation may be a StarPU task on a CUDA worker */
    free_partials(s);
    s->partials_cap = (size_t)nt * partial_bytes;
    s->partials_pinned = w->ncuda > 0;
    void *p = NULL;
    if (starpu_malloc_flags(&p, s->partials_cap,
                            s->partials_pinned ? STARPU_MALLOC_PINNED : 0) != 0)
      xmpb_fatal(where, "out of memory (%zu bytes of reduction results)", s->partials_cap);
    s->partials = p;
    /* the kernels' last block stores the results there, no copy behind them */
    s->partials_dev = s->partials_pinned ? xmpcu_mapped(p) : NULL;
    xmpsp_leave();
  }
  if (s->partials != NULL)
    memset(s->partials, 0, s->partials_cap);
}

/* The weight of an execution of a loop without a CPU part (XMP_STARPU_NCPU=0, STARPU_NCPU=0):
 * 0, and once for the program a note where the program or the settings ask for another. */
static double gpu_only_weight(const xmpsp_config_t *cfg, const xmp_rt_srcloc_t *where) {
  static int noted;
  double asked = cfg->balance != XMPSP_BALANCE_FIXED && reset_gen > 0 ? weight_now
                                                                       : cfg->cpu_weight;
  if (asked > 0 && !noted && xmpsp_speaker())
    xmpb_note(where, "note", "CPU weight %g ignored: device loops have no CPU part (%s=0)", asked,
              cfg->ncpu_chunks == 0 ? "XMP_STARPU_NCPU" : "STARPU_NCPU");
  noted |= asked > 0;
  return 0.0;
}

/* A transfer's time (us) by StarPU's bus model; 10 GB/s where it has none. */
static double transfer_us(unsigned from, unsigned to, size_t bytes) {
  double t = starpu_transfer_predict(from, to, bytes);
  return t >= 0 && !isinf(t) ? t : (double)bytes / 1e4;
}

/* What probing `side` (XMPSP_BAL_CPU / _GPU) of a loop would move over the bus, in seconds by
 * StarPU's bus model: each of its arrays whose valid copy is not on that side, there, and
 * each array it writes back (the next execution on the other side takes it whole again). */
static double probe_cost(const xmp_dev_arg_t *argv, int nargs, int side) {
  const xmpsp_workers_t *w = xmpsp_workers();
  if (w->ncuda == 0)
    return 0;
  unsigned gpu = starpu_worker_get_memory_node((unsigned)w->cuda[0]);
  unsigned to = side == XMPSP_BAL_CPU ? STARPU_MAIN_RAM : gpu;
  unsigned from = side == XMPSP_BAL_CPU ? gpu : STARPU_MAIN_RAM;
  double us = 0;
  for (int k = 0; k < nargs; k++) {
    const xmp_dev_data_t *d = argv[k].data;
    if (!starpu_data_is_on_node(d->handle, to))
      us += transfer_us(from, to, d->bytes);
    if (argv[k].mode != XMP_DEV_READ)
      us += transfer_us(to, from, d->bytes);
  }
  return us * 1e-6;
}

/* The StarPU executor: one task per chunk, each pinned to a worker of its side; returns when
 * they are done, with each side's finishing time in last_cpu_s / last_gpu_s. */
static void run_tasks(xmp_dev_loop_t *s, const xmpsp_chunk_t *chunks, int nt, int ngpu_tasks,
                      int use_cuda, const void *args, int nargs, const xmp_dev_arg_t *argv,
                      long lb, long st, size_t partial_bytes, const xmp_rt_srcloc_t *where) {
  const xmpsp_workers_t *w = xmpsp_workers();
  task_slot_t *slots = xmpb_calloc_or_die((size_t)nt + 1, sizeof *slots, where);
  starpu_data_handle_t *handles =
      xmpb_calloc_or_die((size_t)nargs * nt + 1, sizeof *handles, where);
  struct starpu_task **tasks = xmpb_calloc_or_die((size_t)nt + 1, sizeof *tasks, where);
  /* Rows split between several GPUs (XMP_GPUS_PER_NODE > 1) pay only where no GPU needs the
   * others' rows: an array another loop left split among them that this loop reads whole is
   * gathered through the host (StarPU 1.4) and uploaded to every GPU, at every execution
   * (Himeno L on 4 x H100, one rank: 10x slower than on one GPU). Said once per loop. */
  if (use_cuda && w->ncuda > 1 && ngpu_tasks > 1 && !s->split_warned)
    for (int k = 0; k < nargs; k++)
      if (argv[k].mode == XMP_DEV_READ && argv[k].data->active >= 0) {
        s->split_warned = 1;
        xmpb_warn(where, "array '%s' is read whole by this loop's %d GPUs, but another device "
                  "loop left its rows split among them: it is gathered through the host at "
                  "every execution; one GPU per rank (XMP_GPUS_PER_NODE=1, the default) avoids "
                  "it", argv[k].data->name, w->ncuda);
        break;
      }
  double t0 = starpu_timing_now(); /* partition switches and transfers count in the times */
  if (nt > 0)
    for (int k = 0; k < nargs; k++)
      bind_arg(k, &argv[k], nt, chunks, lb, st, slots, &handles[(size_t)k * nt], where);

  for (int t = 0; t < nt; t++) {
    task_slot_t *sl = &slots[t];
    sl->gpu = chunks[t].gpu;
    sl->task.args = args;
    sl->task.lb = lb + chunks[t].first * st;
    sl->task.ub = lb + (chunks[t].first + chunks[t].count - 1) * st;
    sl->task.st = st;
    sl->task.partial = partial_bytes > 0 ? (char *)s->partials + (size_t)t * partial_bytes : NULL;
    sl->task.partial_dev = partial_bytes > 0 && s->partials_dev != NULL
                               ? (char *)s->partials_dev + (size_t)t * partial_bytes
                               : NULL;
    struct starpu_task *task = starpu_task_create();
    task->cl = &s->cl;
    task->nbuffers = nargs;
    starpu_data_handle_t *th = task->handles;
    enum starpu_data_access_mode *tm = task->modes;
    if (nargs > STARPU_NMAXBUFS) { /* freed by starpu_task_destroy */
      th = task->dyn_handles = xmpb_calloc_or_die((size_t)nargs, sizeof *th, where);
      tm = task->dyn_modes = xmpb_calloc_or_die((size_t)nargs, sizeof *tm, where);
    }
    for (int k = 0; k < nargs; k++) {
      th[k] = handles[(size_t)k * nt + t];
      tm[k] = argv[k].mode == XMP_DEV_READ ? STARPU_R : STARPU_RW;
      if (t == 0 && argv[k].mode != XMP_DEV_READ)
        xmpsp_ooc_written(argv[k].data);
    }
    task->cl_arg = &sl->task;
    task->cl_arg_size = sizeof sl->task;
    task->cl_arg_free = 0;
    task->callback_func = task_done;
    task->callback_arg = sl;
    task->execute_on_a_specific_worker = 1;
    task->workerid = (unsigned)chunk_worker(w, use_cuda, ngpu_tasks, &chunks[t], t);
    task->detach = 0;
    task->destroy = 0;
    tasks[t] = task;
    xmpsp_check(starpu_task_submit(task), where, "starpu_task_submit");
  }
  xmpsp_check(xmpsp_wait_tasks(tasks, nt), where, "starpu_task_wait_array");

  double cpu_us = 0, gpu_us = 0;
  for (int t = 0; t < nt; t++) {
    double us = slots[t].done_us - t0;
    if (slots[t].gpu)
      gpu_us = us > gpu_us ? us : gpu_us;
    else
      cpu_us = us > cpu_us ? us : cpu_us;
    starpu_task_destroy(tasks[t]);
  }
  last_cpu_s = cpu_us * 1e-6;
  last_gpu_s = gpu_us * 1e-6;
  free(tasks);
  free(handles);
  free(slots);
}

/* What every execution starts with: the checks, the trace span, StarPU started, the site's
 * state; *n, the number of iterations. */
static xmp_dev_loop_t *begin_run(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda,
                                 int nargs, const xmp_dev_arg_t *argv, long lb, long ub, long st,
                                 xmpsp_span_t *span, long *n, const xmp_rt_srcloc_t *where) {
  *n = xmpsp_iter_count(lb, ub, st);
  if (*n < 0)
    xmpb_fatal(where, "device loop step is 0");
  check_args(nargs, argv, where);
  xmpsp_span_begin(span, where);
  if (!xmpsp_started()) {
    xmpsp_enter();
    xmpsp_start(where);
    xmpsp_leave();
  }
  xmp_dev_loop_t *s = *state != NULL ? *state : new_site(state, cpu, cuda, where);
  s->interior = -1;
  return s;
}

/* An execution out of core (ooc.c): chunks on the rank's first GPU (device >= 0, the CUDA
 * function) or on the host (the CPU function), GPU only: the CPU weight does not apply and the
 * controller is not fed. */
static void run_ooc(xmp_dev_loop_t *s, int device, xmp_dev_func_t fn, const void *args,
                    int nargs, const xmp_dev_arg_t *argv, long lb, long st, long n,
                    size_t partial_bytes, double start_us, int *ntasks,
                    const xmp_rt_srcloc_t *where) {
  const xmpsp_config_t *cfg = xmpsp_config();
  s->cpu_side = 0;
  s->weight = 0;
  s->exec = XMPSP_EXEC_OOC;
  s->executions++;
  xmpsp_engine_cpu_share(0);
  xmpsp_direct_settle(where);
  xmpsp_ooc_call_t c = {fn, device, args, nargs, argv, lb, st, n, 0, 0, 0};
  xmpsp_ooc_prepare(&c, where);
  partials_for(s, c.nchunks, partial_bytes, xmpsp_workers(), where);
  xmpsp_ooc_stats_t before = s->ooc;
  xmpsp_ooc_run(&c, s->partials, partial_bytes, &s->ooc, where);
  double t = (starpu_timing_now() - start_us) * 1e-6;
  last_cpu_s = device >= 0 ? 0 : t;
  last_gpu_s = device >= 0 ? t : 0;
  last_direct = NULL;
  s->last = (pending_exec_t){
      1, last_cpu_s, last_gpu_s, start_us, device >= 0 ? 0 : n, device >= 0 ? n : 0, 0, 0, 0};
  *ntasks = c.nchunks;
  if (cfg->trace) {
    const xmpsp_ooc_stats_t *o = &s->ooc;
    trace_line(s, device >= 0 ? 0 : c.nchunks, device >= 0 ? c.nchunks : 0, start_us);
    xmpsp_trace_span(&s->where, start_us,
                     "out of core: %d chunks of %ld iterations (%ld resident), loaded %.1f MB, "
                     "written back %.1f MB, evicted %.1f MB, waited %.3f ms for loads",
                     c.nchunks, c.chunk_iters, o->resident - before.resident,
                     (o->loaded - before.loaded) * 1e-6, (o->written - before.written) * 1e-6,
                     (o->evicted - before.evicted) * 1e-6, (o->wait_s - before.wait_s) * 1e3);
  }
}

/* The direct executors' run of the iterations first .. first+count-1 (i = lb + t * c->st) of
 * the GPU part: whole, or split around the faces a reflect left arriving (overlap.c): the
 * iterations that read none of their rows first, then the faces' completion, then the one or
 * two boundary ranges (one launch where each is one iteration), each range with its own block
 * of partial results (combined in range order). c: everything but the range and its partials;
 * c->timed's events span all ranges. Returns the ranges run; *t_untimed the time of an untimed run
 * (the host's). */
static int run_direct(xmp_dev_loop_t *s, xmpsp_direct_call_t *c, long lb, long first, long count,
                      size_t partial_bytes, double *t_untimed, const xmp_rt_srcloc_t *where) {
  long r0[3] = {first}, r1[3] = {first + count - 1}, rst[3] = {1, 1, 1}, t0, t1;
  int nr = 1;
  const xmp_dev_overlap_t *o = xmpsp_overlap_left();
  int split =
      o != NULL && xmpsp_overlap_interior(o, c->argv, c->nargs, lb, c->st, first, count, &t0, &t1);
  if (o != NULL && !split)
    xmp_dev_overlap_finish();
  if (split) {
    r0[0] = t0;
    r1[0] = t1;
    if (t0 > first) {
      r0[nr] = first;
      r1[nr++] = t0 - 1;
    }
    if (t1 < first + count - 1) {
      r0[nr] = t1 + 1;
      r1[nr++] = first + count - 1;
    }
    /* one boundary iteration at each end (a stencil of reach 1 over 1-row shadows): one
     * launch over both, stepping from one to the other */
    if (nr == 3 && r0[1] == r1[1] && r0[2] == r1[2]) {
      rst[1] = r0[2] - r0[1];
      r1[1] = r0[2];
      nr = 2;
    }
    s->interior = t1 - t0 + 1;
  }
  partials_for(s, nr, partial_bytes, xmpsp_workers(), where);
  int timed = c->timed, sync = c->sync, gpu = c->exec == XMPSP_EXEC_DIRECT_GPU;
  long st = c->st;
  *t_untimed = 0;
  for (int k = 0; k < nr; k++) {
    c->lb = lb + r0[k] * st;
    c->ub = lb + r1[k] * st;
    c->st = st * rst[k];
    c->partial = partial_bytes > 0 ? (char *)s->partials + (size_t)k * partial_bytes : NULL;
    c->partial_dev = partial_bytes > 0 && s->partials_dev != NULL
                         ? (char *)s->partials_dev + (size_t)k * partial_bytes
                         : NULL;
    c->timed = (k == 0 ? timed & XMPSP_TIME_START : 0) | (k == nr - 1 ? timed & XMPSP_TIME_END : 0);
    c->sync = sync && k == nr - 1;
    if (split && k == 0)
      xmpsp_overlap_suspend(1); /* its holds may enter StarPU: the faces stay in flight */
    xmpsp_direct_run(&s->direct, c, where);
    if (split && k == 0) {
      xmpsp_overlap_suspend(0);
      xmp_dev_overlap_finish();
    }
    if (!gpu) /* the host executor's time: its function's */
      *t_untimed += xmpsp_direct_time(&s->direct);
    else if (!timed)
      *t_untimed += s->direct.t_host;
  }
  c->timed = timed;
  c->sync = sync;
  c->st = st;
  return nr;
}

/* One execution; lazy: a direct execution's reduction results may stay on their way. */
static void run(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda, const void *args,
                int nargs, const xmp_dev_arg_t *argv, long lb, long ub, long st,
                size_t partial_bytes, void **partials, int *ntasks, int lazy,
                const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  long n;
  xmp_dev_loop_t *s = begin_run(state, cpu, cuda, nargs, argv, lb, ub, st, &span, &n, where);
  const xmpsp_config_t *cfg = xmpsp_config();
  double start_us = starpu_timing_now();
  const xmpsp_workers_t *w = xmpsp_workers();
  s->results_pending = 0; /* an earlier execution's results, never asked for, are gone */
  feed_held(s, !balancer_only(s, cfg));
  int unprobed = s->bal_started ? xmpsp_balance_unprobed(&s->bal) : -1;
  if (unprobed >= 0 && s->cpu_side && cfg->balance == XMPSP_BALANCE_AUTO)
    xmpsp_balance_probe_cost(&s->bal, probe_cost(argv, nargs, unprobed));
  if (s->last.open)
    close_exec(s, (start_us - s->last.start_us) * 1e-6);
  int use_cuda = w->ncuda > 0 && cuda != NULL;
  int ooc_device = use_cuda ? starpu_worker_get_devid(w->cuda[0]) : -1;
  if (n > 0 && xmpsp_ooc_wanted(ooc_device, where)) {
    xmp_dev_overlap_finish(); /* chunks in and out: no split around faces in flight */
    run_ooc(s, ooc_device, use_cuda ? cuda : cpu, args, nargs, argv, lb, st, n, partial_bytes,
            start_us, ntasks, where);
    *partials = s->partials;
    xmpsp_span_end(&span);
    return;
  }
  int ngpu = cfg->ncuda_chunks > 0 ? cfg->ncuda_chunks : (w->ncuda > 0 ? w->ncuda : 1);
  /* XMP_STARPU_NCPU: unset, one chunk per CPU worker; 0, no CPU part (GPU only). */
  int ncpu = w->ncpu == 0 ? 0 : cfg->ncpu_chunks >= 0 ? cfg->ncpu_chunks : w->ncpu;
  if (!s->bal_started) { /* a probe of a side gives each of its chunks an iteration at least */
    xmpsp_balance_init(&s->bal, cfg->cpu_weight, use_cuda, ncpu, ngpu);
    s->bal_started = 1;
  }
  s->cpu_side = ncpu > 0;
  s->weight = s->cpu_side ? site_weight(s, cfg) : gpu_only_weight(cfg, where);
  s->executions++;
  if (cfg->trace)
    xmpsp_trace_bus(&(xmpsp_bus_counts_t){0}); /* from here on: this execution's transfers */

  xmpsp_chunk_t *chunks = xmpb_calloc_or_die((size_t)(ngpu + ncpu) + 1, sizeof *chunks, where);
  int nt = xmpsp_split(n, s->weight, ngpu, ncpu, chunks);
  int ngpu_tasks = 0;
  long ngpu_iters = 0;
  while (ngpu_tasks < nt && chunks[ngpu_tasks].gpu)
    ngpu_iters += chunks[ngpu_tasks++].count;
  xmpsp_engine_cpu_share(n - ngpu_iters > 0);
  xmpsp_exec_query_t q = {cfg->executor, n - ngpu_iters, ngpu_tasks, w->ncuda, cuda != NULL};
  s->exec = nt > 0 ? xmpsp_exec_choose(&q) : XMPSP_EXEC_STARPU;

  int pending = 0; /* the direct executor's GPU time is read later */
  int nt_out = nt; /* the partial results' blocks (a direct execution split: its ranges) */
  int unmeasured = 0; /* sampled out (balancer_only) */
  if (nt == 0) {
    last_cpu_s = last_gpu_s = 0; /* nothing to run */
  } else if (s->exec != XMPSP_EXEC_STARPU) {
    int gpu = s->exec == XMPSP_EXEC_DIRECT_GPU;
    /* The host reads a reduction's results on return (unless lazy); a trace line needs the
     * time. The kernels are timed (CUDA events around them) only for a reader of the time:
     * the balancer where the loop has a CPU side to balance, the report, the trace,
     * xmp_gpu_wtime. GPU only (XMP_STARPU_NCPU=0, STARPU_NCPU=0) runs untimed: on an H200 the
     * events took Himeno M from 1.43 to 1.28 TFLOPS. */
    int defer = lazy && partial_bytes > 0 && !cfg->trace;
    int reader = cfg->report != XMPSP_REPORT_NONE || cfg->trace || wtime_asked;
    int sampled = gpu && balancer_only(s, cfg); /* the balancer alone reads the time */
    int timed = reader || (balancer_only(s, cfg) && !(sampled && s->held.open));
    xmpsp_direct_call_t c = {s->exec,
                             gpu ? cuda : cpu,
                             args,
                             nargs,
                             argv,
                             0,
                             0,
                             st,
                             NULL,
                             (partial_bytes > 0 && !defer) || cfg->trace,
                             timed ? XMPSP_TIME_START | XMPSP_TIME_END : 0,
                             NULL};
    double t_untimed = 0;
    nt_out =
        run_direct(s, &c, lb, chunks[0].first, chunks[0].count, partial_bytes, &t_untimed, where);
    if (defer) { /* on the host too (CI's direct host executor), where they are there */
      s->results_pending = 1;
      s->results_event_set = gpu && xmpsp_direct_mark(&s->results_event, where);
    }
    last_cpu_s = 0;
    pending = gpu && timed && !c.sync;
    unmeasured = sampled && !timed;
    last_gpu_s = pending ? 0 : gpu && timed ? xmpsp_direct_time(&s->direct) : t_untimed;
    last_direct = pending ? s : NULL;
  } else {
    xmpsp_enter(); /* releases the arrays the direct executor holds */
    partials_for(s, nt, partial_bytes, w, where);
    run_tasks(s, chunks, nt, ngpu_tasks, use_cuda, args, nargs, argv, lb, st, partial_bytes,
              where);
    last_direct = NULL;
    xmpsp_leave();
  }
  s->last = (pending_exec_t){1,          last_cpu_s, last_gpu_s, start_us, n - ngpu_iters,
                             ngpu_iters, pending,    unmeasured, 0};
  free(chunks);
  *partials = s->partials;
  *ntasks = nt_out;
  if (cfg->trace)
    trace_line(s, nt - ngpu_tasks, ngpu_tasks, start_us);
  xmpsp_span_end(&span);
}

void xmp_dev_loop_run(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda,
                      const void *args, int nargs, const xmp_dev_arg_t *argv, long lb, long ub,
                      long st, size_t partial_bytes, void **partials, int *ntasks,
                      const xmp_rt_srcloc_t *where) {
  run(state, cpu, cuda, args, nargs, argv, lb, ub, st, partial_bytes, partials, ntasks, 0, where);
}

int xmp_dev_loop_run_lazy(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda,
                          const void *args, int nargs, const xmp_dev_arg_t *argv, long lb,
                          long ub, long st, size_t partial_bytes, void **partials, int *ntasks,
                          const xmp_rt_srcloc_t *where) {
  run(state, cpu, cuda, args, nargs, argv, lb, ub, st, partial_bytes, partials, ntasks, 1, where);
  return (*state)->results_pending;
}

void xmp_dev_loop_results(xmp_dev_loop_t *s, const xmp_rt_srcloc_t *where) {
  if (!s->results_pending)
    return;
  if (s->results_event_set)
    xmpcu_event_sync(s->results_event, where);
  s->results_pending = 0;
  s->results_event_set = 0;
}

void xmp_dev_loop_run_host(xmp_dev_loop_t **state, xmp_dev_func_t cpu, const void *args,
                           int nargs, const xmp_dev_arg_t *argv, long lb, long ub, long st,
                           size_t partial_bytes, void **partials, int *ntasks,
                           const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  long n;
  xmp_dev_loop_t *s = begin_run(state, cpu, NULL, nargs, argv, lb, ub, st, &span, &n, where);
  const xmpsp_config_t *cfg = xmpsp_config();
  xmp_dev_overlap_finish(); /* the host's copy: no split */
  double start_us = starpu_timing_now();
  if (s->last.open)
    close_exec(s, (start_us - s->last.start_us) * 1e-6);
  /* No balancing: the whole range on this thread, the arrays held in the host's memory. */
  s->cpu_side = 0;
  s->weight = 1.0;
  s->exec = XMPSP_EXEC_DIRECT_HOST;
  s->executions++;
  int nt = n > 0;
  last_cpu_s = last_gpu_s = 0;
  last_direct = NULL;
  if (nt) {
    partials_for(s, 1, partial_bytes, xmpsp_workers(), where);
    xmpsp_direct_call_t c = {XMPSP_EXEC_DIRECT_HOST, cpu, args, nargs, argv, lb,
                             lb + (n - 1) * st,      st,  partial_bytes > 0 ? s->partials : NULL,
                             1,                      0,
                             NULL};
    xmpsp_direct_run(&s->direct, &c, where);
    last_cpu_s = xmpsp_direct_time(&s->direct);
  }
  s->last = (pending_exec_t){1, last_cpu_s, 0, start_us, n, 0, 0, 0, 0};
  *partials = s->partials;
  *ntasks = nt;
  if (cfg->trace)
    trace_line(s, nt, 0, start_us);
  xmpsp_span_end(&span);
}
