/* xmpsp_internal.h - functions and types shared between the files of libxmp's StarPU layer
 * (runtime/starpu/). The layer implements xmp_dev.h; one concept per file:
 *   config.c     XMP_* settings of the layer, read once (xmpsp_config_parse: pure)
 *   layout.c     a rank's GPUs, CPU workers and main-thread core (pure arithmetic)
 *   engine.c     StarPU start-up (workers, binding), pause between directives, shutdown
 *   split.c      cutting an iteration range into GPU and CPU chunks (pure arithmetic)
 *   data.c       replicated arrays: registration, replicate_sync, release
 *   partition.c  row partitions of written arrays and their per-array plan cache
 *   loop.c       device loops: tasks, reductions' partials, timing, weights, reset_weight
 *   exec.c       the choice of a device loop's executor (pure) and the direct executor:
 *                kernels launched by the main thread on the rank's stream, arrays held
 *   balance.c    the auto weight controller (pure arithmetic, balance.h)
 *   report.c     XMP_REPORT: per device loop, the weight and times of every execution
 *   trace.c      XMP_DEV_TRACE: one line per device loop and replicate_sync with its bus transfers
 *   scratch.c    per-CUDA-worker device scratch memory
 *   ooc.c        out-of-core device loops: chunks of rows streamed through a pool of device
 *                memory (XMP_DEV_MEM_LIMIT), resident chunks first, LRU eviction
 *   ooc_plan.c   their arithmetic: rows of a chunk, chunk sizes, order, the pool's allocator
 *   gpu_faces.c  halo faces of a GPU's copy, moved by the main thread (copies, CUDA IPC) */
#ifndef XMPSP_INTERNAL_H
#define XMPSP_INTERNAL_H

#include <stddef.h>

#include <starpu.h>

#include "xmp_dev.h"
#include "xmpb.h"
#include "xmpcu.h"

/* ---- config.c ---- */
/* XMP_BALANCE: how a device loop's CPU weight changes. */
enum { XMPSP_BALANCE_AUTO, XMPSP_BALANCE_MANUAL, XMPSP_BALANCE_FIXED };
/* XMP_DEV_IDLE: what StarPU's workers do between directives (see engine.c). */
enum { XMPSP_IDLE_AUTO, XMPSP_IDLE_POLL, XMPSP_IDLE_PAUSE };
/* XMP_REPORT */
enum { XMPSP_REPORT_NONE, XMPSP_REPORT_TEXT, XMPSP_REPORT_JSON };
/* XMP_DEV_EXECUTOR: who runs a GPU-only device loop (see exec.c). */
enum { XMPSP_EXECUTOR_AUTO, XMPSP_EXECUTOR_STARPU, XMPSP_EXECUTOR_DIRECT };
typedef struct xmpsp_config {
  int ncpu_chunks;   /* XMP_STARPU_NCPU; -1: one chunk per CPU worker; 0: no CPU part */
  int ncuda_chunks;  /* XMP_STARPU_NCUDA; 0: one chunk per CUDA worker (1 without any) */
  int gpus_per_node; /* XMP_GPUS_PER_NODE; -1: visible devices shared among local ranks */
  double cpu_weight; /* XMP_CPU_WEIGHT: initial CPU weight of device loops */
  int trace;         /* XMP_DEV_TRACE */
  int timeline;      /* XMP_DEV_TIMELINE */
  int overlap;       /* XMP_DEV_OVERLAP: XMP_DEV_OVERLAP_* (auto by default) */
  double mem_limit;  /* XMP_DEV_MEM_LIMIT: bytes, or a percentage; -1: unset */
  int mem_limit_percent;
  int balance;       /* XMP_BALANCE: XMPSP_BALANCE_* (default auto) */
  int idle;          /* XMP_DEV_IDLE: XMPSP_IDLE_* (default auto) */
  int executor;      /* XMP_DEV_EXECUTOR: XMPSP_EXECUTOR_* (default auto) */
  int report;        /* XMP_REPORT: XMPSP_REPORT_* */
  int starpu_ncpu0;  /* STARPU_NCPU=0: StarPU is told to start no CPU worker */
  char report_path[4096]; /* XMPSP_REPORT_JSON: the file ("%r": the rank) */
} xmpsp_config_t;
/* The settings from lookup (getenv, or a test's table): 0, or 1 with msg naming the first bad
 * variable and its accepted values (the others keep their defaults). */
int xmpsp_config_parse(const char *(*lookup)(const char *name), xmpsp_config_t *cfg, char *msg,
                       size_t cap);
/* Whether device loops have no CPU part (XMP_STARPU_NCPU=0 or STARPU_NCPU=0). */
static inline int xmpsp_config_gpu_only(const xmpsp_config_t *c) {
  return c->ncpu_chunks == 0 || c->starpu_ncpu0;
}
/* The settings, read from the environment on the first call (collective: a bad value is an
 * error naming the variable and the accepted values). */
const xmpsp_config_t *xmpsp_config(void);

/* ---- layout.c ---- */
typedef struct xmpsp_layout_in {
  int ndev;             /* CUDA devices this process sees */
  int nlocal, lrank;    /* ranks on the host, and this one's index among them */
  int ncores;           /* cores of the host */
  int gpus_per_node;    /* XMP_GPUS_PER_NODE; -1: unset */
  int gpu_only;         /* xmpsp_config_gpu_only */
  int max_cpus, max_workers; /* StarPU's limits (STARPU_MAXCPUS, STARPU_NMAXWORKERS) */
} xmpsp_layout_in_t;
typedef struct xmpsp_layout {
  int ngpu;             /* CUDA workers (GPUs driven) */
  int first_device;     /* device of the first; the k-th is (first + k) mod ndev; -1: none */
  int ncpu;             /* CPU workers */
  int mycores;          /* the rank's share of the host's cores */
  int spare;            /* 1: the main thread has a core of its own */
  int idle_gpus;        /* GPUs of the host that no rank drives by default */
  int cpu_fallback;     /* GPU only was asked for but there is no GPU: one CPU worker */
} xmpsp_layout_t;
void xmpsp_layout(const xmpsp_layout_in_t *in, xmpsp_layout_t *out);
/* "auto", "manual" or "fixed". */
const char *xmpsp_balance_name(int policy);

/* ---- engine.c ---- */
typedef struct xmpsp_workers {
  int ncpu, ncuda;               /* StarPU workers of this rank by type */
  int cpu[STARPU_NMAXWORKERS];   /* their StarPU worker ids */
  int cuda[STARPU_NMAXWORKERS];
} xmpsp_workers_t;
/* Starts StarPU for this node on first use (collective over the executing node set). */
void xmpsp_start(const xmp_rt_srcloc_t *where);
int xmpsp_started(void);
const xmpsp_workers_t *xmpsp_workers(void);
/* Brackets every entry point that uses StarPU. Idle StarPU workers of the non-blocking build
 * poll; where the main thread shares a core with them (or XMP_DEV_IDLE=pause) they are paused
 * between directives (blocked on a condition) so that they do not take it from the host code
 * and MPI (engine.c). xmpsp_enter also releases every array the main thread holds (exec.c),
 * so that StarPU's tasks and transfers find them; xmpsp_enter_keep (taking holds) does not. */
void xmpsp_enter(void);
void xmpsp_enter_keep(void);
void xmpsp_leave(void);
/* A device loop execution gave the CPU workers a share (share) or none: under
 * XMP_DEV_IDLE=auto the workers poll between directives only while recent executions did. */
void xmpsp_engine_cpu_share(int share);
/* The rule behind it (pure): device loop executions since the last with a CPU share, after one
 * that gave the CPU a share (share) or not; the workers poll while it is < XMPSP_POLL_SPAN. */
enum { XMPSP_POLL_SPAN = 8 };
int xmpsp_idle_step(int since, int share);
/* Its state at start-up: no execution has given the CPU a share yet, so the workers start
 * paused (polling from the start, 4 ranks of Himeno M at weight 0 on 4 x H100 ran at
 * 0.45-1.23 TFLOPS from run to run, paused 1.19-1.37). */
enum { XMPSP_IDLE_START = XMPSP_POLL_SPAN };
/* starpu_task_wait_array on tasks[0..n), polling first where the main thread has a core of its
 * own (see engine.c). */
int xmpsp_wait_tasks(struct starpu_task **tasks, int n);
/* Whether this rank prints the layer's once-per-program lines (rank 0 of the executing set). */
int xmpsp_speaker(void);
/* Reports a failed StarPU call (ret < 0: -errno) naming what failed; returns when ret >= 0. */
void xmpsp_check(int ret, const xmp_rt_srcloc_t *where, const char *what);

/* ---- gpu_faces.c ---- */
/* Closes the CUDA IPC mappings of peers' storage (before StarPU shuts down). */
void xmpsp_gpu_faces_shutdown(void);
/* (CUDA itself, for the executors and the out-of-core loops: runtime/cuda, xmpcu.h.) */

/* ---- split.c ---- */
/* Number of iterations of lb, lb+st, ... up to ub (inclusive); -1 when st == 0. */
long xmpsp_iter_count(long lb, long ub, long st);
typedef struct xmpsp_chunk {
  long first, count; /* iterations [first, first + count) of the loop, in iteration order */
  int gpu;           /* 1: GPU part, 0: CPU part */
} xmpsp_chunk_t;
/* Splits n iterations: the CPU part has round(weight * n) iterations (none when ncpu is 0)
 * and comes last in iteration order, the GPU part the rest, first. Each part is cut into
 * ngpu / ncpu chunks whose sizes differ by at most one; empty chunks are dropped. Writes at
 * most ngpu + ncpu chunks, GPU chunks first, and returns their number (0 when ngpu is 0). */
int xmpsp_split(long n, double weight, int ngpu, int ncpu, xmpsp_chunk_t *out);

/* ---- data.c ---- */
#define XMPSP_PLAN_CACHE 4 /* row partitions kept per array (partition.c) */
typedef struct xmpsp_plan {
  unsigned nchildren;
  long *len;                      /* elements of each child, in storage order */
  long *start;                    /* first element of each child */
  starpu_data_handle_t *children;
  unsigned long last_use;         /* LRU stamp */
} xmpsp_plan_t;

/* The main thread's hold of an array (exec.c). */
typedef struct xmpsp_hold {
  int node;                             /* memory node it is acquired on; -1: not held */
  int mode;                             /* STARPU_R or STARPU_RW */
  unsigned long epoch;                  /* which acquire (a new one per hold) */
  struct starpu_vector_interface iface; /* its buffer there, as a codelet gets it */
} xmpsp_hold_t;

struct xmp_dev_data {
  starpu_data_handle_t handle; /* vector of nx elements of elem_size bytes, on the host array */
  xmpsp_hold_t hold;
  void *host;
  size_t bytes, elem_size;
  long nx;
  int pinned;
  void *dummy;                 /* registered instead of host when the array is empty */
  const char *name;
  xmp_rt_srcloc_t where;
  xmpsp_plan_t plans[XMPSP_PLAN_CACHE];
  int nplans;
  int active;                  /* index of the submitted plan, -1 when whole */
  unsigned long ooc_gen;       /* changes of the host copy that out-of-core windows miss */
  struct xmp_dev_data *prev, *next; /* live replicated arrays */
};
/* Releases every array still replicated (finalize). */
void xmpsp_data_release_all(void);
/* Bytes of the replicated arrays that are live. */
size_t xmpsp_data_live_bytes(void);

/* ---- partition.c ---- */
/* Makes the plan whose children cover exactly [start[i], end[i]) (element ranges, disjoint,
 * in any order) the active partition of d, creating it if needed, and writes into child[i] the
 * child handle of range i. */
void xmpsp_part_use(xmp_dev_data_t *d, int nranges, const long *start, const long *end,
                    starpu_data_handle_t *child, const xmp_rt_srcloc_t *where);
/* Submits the gathering of an active partition on the host memory (no-op when whole). */
void xmpsp_part_unpartition(xmp_dev_data_t *d);
/* Acquires and releases every child of the active partition on the host memory in mode
 * (STARPU_R: host gets the latest values; STARPU_W: host values become the valid ones); the
 * partition stays active. Returns 0 when d is not partitioned. */
int xmpsp_part_sync_children(xmp_dev_data_t *d, enum starpu_data_access_mode mode,
                             const xmp_rt_srcloc_t *where);
/* Cleans every plan of d (unpartitioning the active one first). */
void xmpsp_part_clean_all(xmp_dev_data_t *d);

/* ---- loop.c ---- */
/* Feeds every device loop's last execution (period unknown) to its controller and record
 * (finalize, before the report). */
void xmpsp_loops_close_all(void);
/* Frees every device loop's state (finalize). */
void xmpsp_loops_free_all(void);

/* ---- exec.c ---- */
enum { XMPSP_EXEC_STARPU, XMPSP_EXEC_DIRECT_GPU, XMPSP_EXEC_DIRECT_HOST, XMPSP_EXEC_OOC };
typedef struct xmpsp_exec_query {
  int executor;     /* XMP_DEV_EXECUTOR */
  long n_cpu;       /* iterations of the CPU part */
  int gpu_chunks;   /* chunks of the GPU part */
  int cuda_workers; /* CUDA workers of the rank */
  int have_cuda;    /* the loop has a CUDA function */
} xmpsp_exec_query_t;
/* Who runs an execution (pure): StarPU where the CPU part has iterations, the GPU part is not
 * one chunk, or XMP_DEV_EXECUTOR=starpu; else directly on the rank's (first) GPU where there
 * is one and a CUDA function; else directly on the host under XMP_DEV_EXECUTOR=direct, StarPU
 * otherwise. */
int xmpsp_exec_choose(const xmpsp_exec_query_t *q);
const char *xmpsp_exec_name(int exec);
/* Holds d on memory node in at least mode (STARPU_R or STARPU_RW), acquiring it (or taking it
 * again in the wider mode) where it is not; returns the hold. */
const xmpsp_hold_t *xmpsp_hold(xmp_dev_data_t *d, int node, int mode,
                               const xmp_rt_srcloc_t *where);
/* Completes the direct loops' queued work, then releases every hold (xmpsp_enter). */
void xmpsp_hold_release_all(void);
/* Waits for the direct loops' queued work. */
void xmpsp_direct_settle(const xmp_rt_srcloc_t *where);
/* ---- overlap.c: faces left arriving for the next device loop ---- */
/* What reflect_do left (NULL: nothing). */
const xmp_dev_overlap_t *xmpsp_overlap_left(void);
/* 1: xmp_dev_overlap_finish does nothing (a loop's interior part runs); 0: it finishes. */
void xmpsp_overlap_suspend(int on);
/* The iterations first .. first+count-1 of a loop (iteration t is i = lb + t * st of the
 * outer index) whose accesses of o->data (argv's rows and reaches along row_dim) stay off the
 * rows o leaves arriving: [*t0, *t1]. 0 where none does, or where an argument of that array
 * may access any row or rows of another dimension (the loop must finish o first). An array
 * the loop does not use leaves every iteration interior. Pure. */
int xmpsp_overlap_interior(const xmp_dev_overlap_t *o, const xmp_dev_arg_t *argv, int nargs,
                           long lb, long st, long first, long count, long *t0, long *t1);
/* Work was queued on stream (the rank's) outside a direct loop: settling waits for it too. */
void xmpsp_direct_queued(void *stream);
/* Records *event (made on first use) after the direct loops' work still queued: 1, or 0 when
 * nothing is queued (all of it done). */
int xmpsp_direct_mark(void **event, const xmp_rt_srcloc_t *where);
/* A direct loop's device scratch (xmp_dev_cuda_scratch from the main thread); NULL outside a
 * direct call. */
void *xmpsp_direct_scratch(size_t bytes);
/* A direct loop's ticket (xmp_dev_cuda_ticket from the main thread); NULL outside a direct
 * call. */
unsigned *xmpsp_direct_ticket(void);
/* Per device loop site: timing events of its last direct execution. */
typedef struct xmpsp_direct_site {
  void *ev[2];
  int device;
  int timing;    /* ev hold an execution whose time was not read yet */
  double t;      /* the last timed execution's time (s), or the host executor's */
  double t_host; /* the last untimed GPU execution's time from the host (its issue, or the
                  * kernels' time where it waited for them) */
  xmp_rt_srcloc_t where;
} xmpsp_direct_site_t;
enum { XMPSP_TIME_START = 1, XMPSP_TIME_END = 2 };
typedef struct xmpsp_direct_call {
  int exec;                   /* XMPSP_EXEC_DIRECT_GPU or _HOST */
  xmp_dev_func_t fn;          /* the loop's CUDA function, or its CPU function on the host */
  const void *args;
  int nargs;
  const xmp_dev_arg_t *argv;
  long lb, ub, st;            /* the iterations (all of the GPU part) */
  void *partial;              /* their reduction results, or NULL */
  int sync;                   /* complete the kernels before returning */
  int timed;                  /* XMPSP_TIME_*: CUDA events before (START) and after (END) the
                               * kernels, so that several calls can be timed as one; 0: the
                               * time from the host */
  void *partial_dev;          /* partial as the kernels may store it (NULL: copied there) */
} xmpsp_direct_call_t;
/* Runs c: holds its arrays on the GPU's (host's) memory node and calls its function there. */
void xmpsp_direct_run(xmpsp_direct_site_t *s, const xmpsp_direct_call_t *c,
                      const xmp_rt_srcloc_t *where);
/* The time of s's last timed execution (s), waiting for its kernels where they are still
 * queued (the host executor's: its last execution's). */
double xmpsp_direct_time(xmpsp_direct_site_t *s);
/* Whether s has no timed execution still to be read, or its kernels are done (no wait). */
int xmpsp_direct_done(const xmpsp_direct_site_t *s);
void xmpsp_direct_site_free(xmpsp_direct_site_t *s);
/* Calls fn(buffers, task) as a direct loop does: on device's stream (its scratch and
 * xmp_dev_direct_stream), or on the host where device is -1. */
void xmpsp_direct_invoke(xmp_dev_func_t fn, void *buffers[], xmp_dev_task_t *task, int device,
                         void *stream);
/* Releases every hold and frees the direct loops' scratch (finalize). */
void xmpsp_direct_shutdown(void);

/* ---- report.c ---- */
typedef struct xmpsp_record xmpsp_record_t; /* one device loop site's executions */
/* A record for the site at where (a new one per site), kept until the report is written. */
xmpsp_record_t *xmpsp_record_new(const xmp_rt_srcloc_t *where);
/* One execution: its weight, each side's iterations and finishing time (s), and its period
 * (start to the next execution's start, s; <= 0: unknown). The first
 * XMPSP_REPORT_MAX_STEPS are kept; later ones count in the final weight and convergence. */
#define XMPSP_REPORT_MAX_STEPS 10000
void xmpsp_record_step(xmpsp_record_t *r, double weight, long n_cpu, long n_gpu, double t_cpu,
                       double t_gpu, double period);
/* Writes the report XMP_REPORT asks for (finalize, MPI still running) and frees the records. */
void xmpsp_report_finish(void);

/* ---- trace.c ---- */
typedef struct xmpsp_bus_counts {
  long h2d_count, d2h_count;
  long long h2d_bytes, d2h_bytes;
} xmpsp_bus_counts_t;
/* Enables StarPU's bus profiling (at start-up, when tracing). */
void xmpsp_trace_enable(void);
/* Transfers since the previous call (reading StarPU's bus counters resets them). */
void xmpsp_trace_bus(xmpsp_bus_counts_t *c);
/* The start of a traced span: the bus counters read (so that they count from here) and the
 * time (starpu_timing_now) to give xmpsp_trace_span. */
double xmpsp_trace_begin(void);
/* One trace line: what fmt says, the wall time since start_us and the transfers since the
 * previous reading of the counters. */
void xmpsp_trace_span(const xmp_rt_srcloc_t *where, double start_us, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* XMP_DEV_TRACE: each directive's executions and time (xmpsp_trace.h's spans), first node
 * (finalize, MPI still running); frees them. */
void xmpsp_trace_summary(void);

/* ---- scratch.c ---- */
/* Frees every CUDA worker's scratch buffer (before StarPU shuts down). */
void xmpsp_scratch_free_all(void);

/* ---- ooc_plan.c (pure) ---- */
/* An array of an out-of-core loop as rows of one dimension of its storage (for each index of
 * the dimensions before it: planes of them, plane_bytes apart). */
typedef struct xmpsp_ooc_shape {
  long nrows;       /* rows of a plane */
  size_t row_bytes; /* bytes of one */
  long planes;      /* 1 for rows of dimension 0 */
  size_t plane_bytes;
  long origin;      /* value of the loop's outer index addressing row 0 */
  int rows;         /* 1: outer index value v accesses rows v + lo - origin .. v + hi - origin;
                     * 0: any row (the whole array) */
  long lo, hi;
} xmpsp_ooc_shape_t;
/* The storage rows [*r0, *r1) that the outer index values vmin..vmax access, within the
 * storage (all of them where a->rows is 0); returns their number. */
long xmpsp_ooc_rows(const xmpsp_ooc_shape_t *a, long vmin, long vmax, long *r0, long *r1);
/* Bytes of the rows (in every plane) that a chunk of count iterations of step st takes of
 * the arrays of s[n] that are accessed by rows (the others are not counted). */
size_t xmpsp_ooc_chunk_bytes(const xmpsp_ooc_shape_t *s, int n, long count, long st);
/* The most iterations (of iters, at least 1) whose rows take at most target bytes. */
long xmpsp_ooc_chunk_iters(const xmpsp_ooc_shape_t *s, int n, long iters, long st,
                           size_t target);
/* The order of nchunks chunks: by the bytes each has to load (to_load[c]), fewest first
 * (resident data first, as Victream scores a subtask), in chunk order among equals. */
void xmpsp_ooc_order(int nchunks, const double *to_load, int *order);
/* First-fit allocator of offsets in [0, cap): free ranges sorted, merged where they touch;
 * lengths rounded up to 512 bytes. */
typedef struct xmpsp_range {
  size_t off, len;
} xmpsp_range_t;
typedef struct xmpsp_slab {
  size_t cap, used;
  xmpsp_range_t *ranges; /* free */
  int n, max;
} xmpsp_slab_t;
int xmpsp_slab_init(xmpsp_slab_t *s, size_t cap); /* 0, or -1 out of memory */
void xmpsp_slab_fini(xmpsp_slab_t *s);
/* 0 with *off, or -1 where no free range holds len. */
int xmpsp_slab_alloc(xmpsp_slab_t *s, size_t len, size_t *off);
/* 0, or -1 where [off, off + len) is not allocated. */
int xmpsp_slab_free(xmpsp_slab_t *s, size_t off, size_t len);

/* ---- ooc.c ---- */
/* What out-of-core executions of a loop moved (XMP_DEV_TRACE). */
typedef struct xmpsp_ooc_stats {
  long executions, chunks, resident; /* resident: chunks whose data were all there */
  double loaded, written, evicted;   /* bytes: host to device, written back, dropped for room */
  double wait_s;                     /* the GPU waiting for loads (the host's copies on the host) */
} xmpsp_ooc_stats_t;
/* Whether device loops run out of core now: the replicated arrays need more than the device
 * memory they may use (XMP_DEV_MEM_LIMIT; unset: 90% of the GPU's, no limit without one).
 * device: the GPU the loop would run on, -1 for the host. */
int xmpsp_ooc_wanted(int device, const xmp_rt_srcloc_t *where);
/* One out-of-core execution of a device loop: fn (the CUDA function on device, or the CPU
 * function on the host where device is -1) over the n iterations lb, lb + st, ..., cut into
 * chunks. xmpsp_ooc_prepare sets chunk_iters and nchunks; xmpsp_ooc_run runs them, the
 * reduction results of chunk c at partials + c * partial_bytes, and returns when every
 * result is in the host's memory and every written row back there. */
typedef struct xmpsp_ooc_call {
  xmp_dev_func_t fn;
  int device;
  const void *args;
  int nargs;
  const xmp_dev_arg_t *argv;
  long lb, st, n;
  long chunk_iters;
  int nchunks;
  unsigned whole_windows; /* bit k: array k, read at any row, gets a window of all of it */
} xmpsp_ooc_call_t;
void xmpsp_ooc_prepare(xmpsp_ooc_call_t *c, const xmp_rt_srcloc_t *where);
void xmpsp_ooc_run(const xmpsp_ooc_call_t *c, void *partials, size_t partial_bytes,
                   xmpsp_ooc_stats_t *stats, const xmp_rt_srcloc_t *where);
/* The host copy of d changed (or a copy elsewhere that becomes the truth): windows of it in
 * the pool are stale. */
void xmpsp_ooc_written(xmp_dev_data_t *d);
/* d is released: its windows go (and the pool with the last array). */
void xmpsp_ooc_forget(xmp_dev_data_t *d);
void xmpsp_ooc_shutdown(void);

#endif /* XMPSP_INTERNAL_H */
