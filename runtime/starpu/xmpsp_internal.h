/* xmpsp_internal.h - functions and types shared between the files of libxmp's StarPU layer
 * (runtime/starpu/). The layer implements xmp_dev.h; one concept per file:
 *   config.c     XMP_* settings of the layer, read once
 *   engine.c     StarPU start-up (workers, binding), pause between directives, shutdown
 *   split.c      cutting an iteration range into GPU and CPU chunks (pure arithmetic)
 *   data.c       replicated arrays: registration, replicate_sync, release
 *   partition.c  row partitions of written arrays and their per-array plan cache
 *   loop.c       device loops: tasks, reductions' partials, timing, weights, reset_weight
 *   balance.c    the auto weight controller (pure arithmetic, balance.h)
 *   report.c     XMP_REPORT: per device loop, the weight and times of every execution
 *   trace.c      XMP_DEV_TRACE: one line per device loop and replicate_sync with its bus transfers
 *   scratch.c    per-CUDA-worker device scratch memory
 *   gpu_faces.c  halo faces of a GPU's copy, moved by the main thread (copies, CUDA IPC) */
#ifndef XMPSP_INTERNAL_H
#define XMPSP_INTERNAL_H

#include <stddef.h>

#include <starpu.h>

#include "xmp_dev.h"
#include "xmpi_internal.h"

/* ---- config.c ---- */
/* XMP_BALANCE: how a device loop's CPU weight changes. */
enum { XMPSP_BALANCE_AUTO, XMPSP_BALANCE_MANUAL, XMPSP_BALANCE_FIXED };
/* XMP_DEV_IDLE: what StarPU's workers do between directives (see engine.c). */
enum { XMPSP_IDLE_AUTO, XMPSP_IDLE_POLL, XMPSP_IDLE_PAUSE };
/* XMP_REPORT */
enum { XMPSP_REPORT_NONE, XMPSP_REPORT_TEXT, XMPSP_REPORT_JSON };
typedef struct xmpsp_config {
  int ncpu_chunks;   /* XMP_STARPU_NCPU; 0: one chunk per CPU worker */
  int ncuda_chunks;  /* XMP_STARPU_NCUDA; 0: one chunk per CUDA worker (1 without any) */
  int gpus_per_node; /* XMP_GPUS_PER_NODE; -1: visible devices shared among local ranks */
  double cpu_weight; /* XMP_CPU_WEIGHT: initial CPU weight of device loops */
  int trace;         /* XMP_DEV_TRACE */
  int balance;       /* XMP_BALANCE: XMPSP_BALANCE_* (default auto) */
  int idle;          /* XMP_DEV_IDLE: XMPSP_IDLE_* (default auto) */
  int report;        /* XMP_REPORT: XMPSP_REPORT_* */
  char report_path[4096]; /* XMPSP_REPORT_JSON: the file ("%r": the rank) */
} xmpsp_config_t;
/* The settings, read from the environment on the first call (collective: a bad value is an
 * error naming the variable and the accepted values). */
const xmpsp_config_t *xmpsp_config(void);
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
 * and MPI (engine.c). */
void xmpsp_enter(void);
void xmpsp_leave(void);
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
/* Releases the array copy the last device reflect kept acquired (xmpsp_enter calls it). */
void xmpsp_gpu_faces_unpark(void);

/* ---- split.c ---- */
/* Number of iterations of lb, lb+st, ... up to ub (inclusive); -1 when st == 0. */
long xmpsp_iter_count(long lb, long ub, long st);
typedef struct xmpsp_chunk {
  long first, count; /* iterations [first, first + count) of the loop, in iteration order */
  int gpu;           /* 1: GPU part, 0: CPU part */
} xmpsp_chunk_t;
/* Splits n iterations: the CPU part has round(weight * n) iterations and comes last in
 * iteration order, the GPU part the rest, first. Each part is cut into ngpu / ncpu chunks whose
 * sizes differ by at most one; empty chunks are dropped. Writes at most ngpu + ncpu chunks,
 * GPU chunks first, and returns their number. */
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

struct xmp_dev_data {
  starpu_data_handle_t handle; /* vector of nx elements of elem_size bytes, on the host array */
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
  struct xmp_dev_data *prev, *next; /* live replicated arrays */
};
/* Releases every array still replicated (finalize). */
void xmpsp_data_release_all(void);

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

/* ---- scratch.c ---- */
/* Frees every CUDA worker's scratch buffer (before StarPU shuts down). */
void xmpsp_scratch_free_all(void);

#endif /* XMPSP_INTERNAL_H */
