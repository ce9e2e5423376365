/* xmp_dev.h - ABI between code generated for XMP-dev directives (`#pragma xmp device ...`)
 * and the StarPU layer of libxmp (runtime/starpu/). Included by the generated prog.xmp.c and
 * prog.xmp.cu; user programs use only xmp.h (xmp_cpu_wtime, xmp_gpu_wtime).
 *
 * Model (thesis ch. 4): every array named in `device replicate (list)` is registered with
 * StarPU for the scope of the block. A `device loop` becomes one StarPU codelet with a CPU
 * function and, when the program was built with CUDA, a CUDA function; the local iteration
 * range of the loop's outermost dimension is split by the CPU weight into a CPU part and a GPU
 * part, each cut into chunks (XMP_STARPU_NCPU / XMP_STARPU_NCUDA), one task per chunk. A
 * GPU-only split in one chunk runs without a task: the main thread calls the CUDA function
 * itself, with the same arguments (runtime/starpu/exec.c).
 * Arrays the loop only reads are given whole to every task (StarPU keeps them on the GPU
 * until the host copy changes); arrays it writes are partitioned by rows of their first
 * dimension, so each task holds exactly the rows its chunk writes. */
#ifndef XMP_DEV_H
#define XMP_DEV_H

#include <stddef.h>
#include <stdint.h>

#include "xmp_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct xmp_dev_data xmp_dev_data_t; /* one replicated array */
typedef struct xmp_dev_loop xmp_dev_loop_t; /* per-site state of one device loop */

/* ---- replicate scope ---- */
/* `device replicate`: registers host[0 .. bytes) (elements of elem_size bytes) with StarPU.
 * Initialises StarPU on first use. name is the array's name for messages. */
xmp_dev_data_t *xmp_dev_replicate(void *host, size_t bytes, size_t elem_size, const char *name,
                                  const xmp_rt_srcloc_t *where);
/* End of the replicate block: waits for the array's tasks, brings the latest values to the
 * host memory and unregisters it. */
void xmp_dev_release(xmp_dev_data_t *d);
/* The same, but the host memory keeps what it holds: the device values are dropped (the end
 * of an OpenACC data region for its copyin, create and delete arrays). */
void xmp_dev_release_discard(xmp_dev_data_t *d);
/* `replicate_sync in`: the host memory holds the current values (device copies are dropped
 * and refreshed on next use). `replicate_sync out`: the latest values are copied to the host
 * memory (device copies stay valid). */
void xmp_dev_sync_in(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where);
void xmp_dev_sync_out(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where);

/* The replicated array whose host memory starts at host, or NULL (reflect_do ... acc). */
xmp_dev_data_t *xmp_dev_find(const void *host);
/* d's latest values in its host memory, held read-write (the caller may change them; device
 * copies are refreshed from it after) until xmp_dev_host_release. */
void xmp_dev_host_acquire(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where);
void xmp_dev_host_release(xmp_dev_data_t *d);
/* `acc host_data use_device`: the address of d's copy in the memory of the rank's first GPU
 * (the one its direct loops use), made current and held read-write there, with the loops
 * queued on the rank's stream complete; without a GPU, its host copy's. The hold lasts until
 * the device layer next uses StarPU, which then sees what the caller wrote there. */
void *xmp_dev_device_address(xmp_dev_data_t *d, const xmp_rt_srcloc_t *where);

/* A box of an array's local storage (C order) and its byte offset in a host buffer, where it
 * is packed densely. */
typedef struct xmp_dev_box {
  long start[XMP_RT_MAX_DIMS], count[XMP_RT_MAX_DIMS];
  size_t offset;
} xmp_dev_box_t;
/* reflect_do ... acc: copies the boxes of d's local storage (rank dimensions of extent[])
 * from the memory holding its current copy into host (pack), or from host into that copy,
 * leaving the rest where it is (rows a device loop split between devices are gathered on the
 * host first). */
void xmp_dev_copy_boxes(xmp_dev_data_t *d, int rank, const long *extent, int nboxes,
                        const xmp_dev_box_t *boxes, void *host, int pack,
                        const xmp_rt_srcloc_t *where);
/* Host buffers for such copies (pinned when GPUs are used); free(NULL) does nothing. */
void *xmp_dev_host_alloc(size_t bytes, const xmp_rt_srcloc_t *where);
void xmp_dev_host_free(void *p);

/* ---- halo faces of a copy in a GPU's memory (starpu/gpu_faces.c) ----
 * While a view is held, the main thread copies boxes of the array's GPU storage on the view's
 * stream: to and from a host buffer (densely packed at box->offset), or into another
 * process's storage of the same array mapped through CUDA IPC; xmp_dev_gpu_wait completes
 * them. */
typedef struct xmp_dev_gpu_view {
  xmp_dev_data_t *data; /* NULL: no view held */
  int node, device;     /* StarPU memory node and CUDA device of the copy */
  void *ptr;            /* the local storage in that device's memory */
  void *stream;
} xmp_dev_gpu_view_t;
/* An IPC handle (cudaIpcMemHandle_t) of an allocation and where the storage starts in it;
 * the exporter's process, the allocation's id there (the driver's, unique in that process)
 * and its range, by which importers tell a reallocated buffer from the one they mapped. */
typedef struct xmp_dev_ipc_handle {
  char reserved[64];
} xmp_dev_ipc_handle_t;
typedef struct xmp_dev_ipc {
  xmp_dev_ipc_handle_t handle;
  uint64_t offset;
  int device; /* CUDA device holding it */
  int valid;  /* 0: the storage is not in a GPU's memory */
  int32_t pid;
  unsigned long long id;
  uint64_t base, size;
} xmp_dev_ipc_t;
/* Acquires d's current copy (read-write) when it is in a GPU's memory and returns 1; else
 * returns 0 with nothing held (the copy is on the host: use xmp_dev_copy_boxes). */
int xmp_dev_gpu_acquire(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where);
/* The same without waiting for the kernels queued on the copy's stream (the caller orders its
 * work after them on that stream, and with other processes by events). */
int xmp_dev_gpu_acquire_queued(xmp_dev_data_t *d, xmp_dev_gpu_view_t *v,
                               const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_release(xmp_dev_gpu_view_t *v);
void xmp_dev_gpu_copy_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                          const xmp_dev_box_t *box, void *host, int pack,
                          const xmp_rt_srcloc_t *where);
/* Copies box of the view's storage into dst (a peer's storage, rank dimensions of
 * dst_extent) at the box of the same counts starting at dst_start. */
void xmp_dev_gpu_put_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                         const xmp_dev_box_t *box, void *dst, const long *dst_extent,
                         const long *dst_start, const xmp_rt_srcloc_t *where);
/* The same by a kernel storing into dst (the kernel-store path; its library must be there). */
void xmp_dev_gpu_store_box(const xmp_dev_gpu_view_t *v, int rank, const long *extent,
                           const xmp_dev_box_t *box, void *dst, const long *dst_extent,
                           const long *dst_start, const xmp_rt_srcloc_t *where);
/* Whether the kernel-store library (libxmp_face_kernels.so, built where nvcc is found) loads
 * in this process, and where it is looked for (for messages). */
int xmp_dev_gpu_kernels_available(void);
const char *xmp_dev_gpu_kernels_path(void);
void xmp_dev_gpu_wait(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where);
/* Order between processes' streams without a host waiting (CUDA IPC events): an event on the
 * view's device that peers can open from *handle; a peer's event opened here; an event
 * recorded on the view's stream (after what is queued there); the view's stream waiting for an
 * event's last record (this process's or a peer's). Work so queued counts as the direct loops'
 * (the next StarPU entry completes it). */
void *xmp_dev_gpu_event_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where);
void *xmp_dev_gpu_event_import(const xmp_dev_ipc_handle_t *handle,
                               const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_event_record(const xmp_dev_gpu_view_t *v, void *event,
                              const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_event_after(const xmp_dev_gpu_view_t *v, void *event,
                             const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_event_free(void *event);
/* The same by flags in device memory (CUDA stream memory operations, where the device has
 * them: xmp_dev_gpu_flags_available): a post writes value into *flag (this device's memory or
 * a peer's mapped here) after what is queued on the view's stream, behind a system-wide
 * fence; a wait holds the stream's later work until *flag >= value (64 bits, cyclic). Values
 * only grow: each end counts the posts. */
int xmp_dev_gpu_flags_available(int device);
void xmp_dev_gpu_flag_post(const xmp_dev_gpu_view_t *v, void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_flag_wait(const xmp_dev_gpu_view_t *v, const void *flag, uint64_t value,
                           const xmp_rt_srcloc_t *where);
/* The view's storage as an IPC handle, and a peer's exported storage mapped here (mapped once
 * per allocation and kept until a new export of that peer overlaps it, i.e. it was freed). */
void xmp_dev_gpu_export(const xmp_dev_gpu_view_t *v, xmp_dev_ipc_t *out,
                        const xmp_rt_srcloc_t *where);
void *xmp_dev_gpu_import(const xmp_dev_gpu_view_t *v, const xmp_dev_ipc_t *in,
                         const xmp_rt_srcloc_t *where);
/* Whether device can write into peer_device's memory (the same device, or peer access). */
int xmp_dev_gpu_peer_ok(int device, int peer_device);
/* Raw device buffers (the hybrid layer's collectives): a view of ptr in the current CUDA
 * device's memory (data NULL, the device's stream of the halo faces); 0 when the process has
 * no CUDA runtime. xmp_dev_gpu_copy copies bytes on the view's stream (any direction, peers'
 * memory mapped through xmp_dev_gpu_import included); xmp_dev_gpu_wait completes it. Device
 * memory, or pinned host memory when pinned_host is set. */
int xmp_dev_gpu_view_of(void *ptr, xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_copy(const xmp_dev_gpu_view_t *v, void *dst, const void *src, size_t bytes,
                      const xmp_rt_srcloc_t *where);
void *xmp_dev_gpu_alloc(size_t bytes, int pinned_host, const xmp_rt_srcloc_t *where);
/* Makes device (>= 0) the calling thread's current CUDA device; returns the one that was
 * (-1 without CUDA). */
int xmp_dev_gpu_use_device(int device, const xmp_rt_srcloc_t *where);
/* Waits for what the program queued on the current device's default stream: a cudaMemcpy
 * from pageable memory returns before its DMA ends, and the collectives' own stream does not
 * wait for it, so a buffer is final only then (2 x H200: a peer's broadcast into a buffer so
 * filled just before was partly overwritten by that DMA). */
void xmp_dev_gpu_settle(const xmp_rt_srcloc_t *where);
/* The same for work on v's stream only, without waiting on the host: v's stream (of the
 * current device) waits for what the default stream holds now. Enough where nothing but that
 * stream touches the buffers; not where a peer writes into them (it does not wait). */
void xmp_dev_gpu_order(const xmp_dev_gpu_view_t *v, const xmp_rt_srcloc_t *where);
void xmp_dev_gpu_free(void *p, int pinned_host);
/* Copies bytes of device memory of GPU device to host memory and waits; nonzero on any CUDA
 * error, reported to nobody (for clean-up that may run while CUDA shuts down). */
int xmp_dev_gpu_read_quiet(int device, void *host, const void *dev, size_t bytes);

/* `device reset_weight (w)`: CPU weight of the device loops executed after it; w in [0, 1]
 * (anything else is a run-time error naming the site). */
void xmp_dev_reset_weight(double w, const xmp_rt_srcloc_t *where);

/* ---- device loops ---- */
enum { XMP_DEV_READ = 1, XMP_DEV_READWRITE = 3 };
#define XMP_DEV_MAX_ARGS 32

/* One array operand of a device loop. */
typedef struct xmp_dev_arg {
  xmp_dev_data_t *data;
  int mode;        /* XMP_DEV_READ: whole array to every task; XMP_DEV_READWRITE: rows */
  long row_origin; /* value of the loop's outer index addressing storage row 0 */
  long row_elems;  /* elements per storage row (stride of the first dimension) */
  /* rows: iteration i of the outer index accesses only the storage rows of dimension row_dim
   * i + reach_lo - row_origin up to i + reach_hi - row_origin (row_origin and row_elems are
   * that dimension's; a written array: dimension 0, reach 0, 0); 0: any row. Out-of-core
   * loops (XMP_DEV_MEM_LIMIT) load a chunk's rows and these shadows, or the whole array. */
  int rows;
  long reach_lo, reach_hi;
  int row_dim;    /* > 0: rows of an inner dimension, every index of the outer ones */
  long layout_at; /* a distributed array: the offset of its xmp_rt_layout_t in the argument
                   * block (out-of-core chunks point it at their rows); -1: none */
} xmp_dev_arg_t;

/* What every codelet call receives as cl_arg. */
typedef struct xmp_dev_task {
  const void *args;   /* the loop's generated argument block */
  long lb, ub, st;    /* this chunk of the outer loop dimension: lb, lb+st, ... up to ub */
  void *partial;      /* this task's reduction results (partial_bytes, generated layout) */
  void *partial_dev;  /* the same bytes as a GPU kernel may store them (pinned host memory
                       * mapped into the device's space), NULL where a kernel cannot: its
                       * results are then copied there */
  size_t byte_offset[XMP_DEV_MAX_ARGS]; /* start of buffer k within array k, in bytes */
} xmp_dev_task_t;

/* Address that buffer k of a codelet call would have if the whole array were there, so that
 * generated accesses index it with whole-array offsets (only the task's rows are valid). */
/* (A function, not a macro over STARPU_VECTOR_GET_PTR, so that the user's translation unit
 * never includes starpu.h and its many names.) */
void *xmp_dev_buffer(void *buffers[], const xmp_dev_task_t *task, int k);

typedef void (*xmp_dev_func_t)(void *buffers[], void *cl_arg);

/* Runs one execution of a device loop and returns when all its tasks are done.
 * state: the site's static pointer (created on first call). cpu/cuda: the codelet functions
 * (cuda NULL when built without CUDA). args: the argument block every task sees. argv[nargs]:
 * the arrays the body uses, in buffer order. lb, ub, st: this node's iterations of the outer
 * loop dimension (inclusive; empty when the range holds none). partial_bytes: size of one
 * task's reduction results (0: none). On return *partials points at *ntasks blocks of
 * partial_bytes, one per task that ran, in chunk order (owned by the runtime until the next
 * call for this site). */
void xmp_dev_loop_run(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda,
                      const void *args, int nargs, const xmp_dev_arg_t *argv, long lb, long ub,
                      long st, size_t partial_bytes, void **partials, int *ntasks,
                      const xmp_rt_srcloc_t *where);

/* The same, for a loop whose reductions the program reads later (xmp_dev_reduce_later): a
 * direct execution does not wait for its results. Returns 1 when they may still be on their
 * way (xmp_dev_loop_results waits), 0 when *partials holds them. */
int xmp_dev_loop_run_lazy(xmp_dev_loop_t **state, xmp_dev_func_t cpu, xmp_dev_func_t cuda,
                          const void *args, int nargs, const xmp_dev_arg_t *argv, long lb,
                          long ub, long st, size_t partial_bytes, void **partials, int *ntasks,
                          const xmp_rt_srcloc_t *where);
/* Waits for the kernels that direct device loops queued and nothing waited for yet (the
 * loops return before their kernels end), and completes the faces a reflect left arriving:
 * xmp_wtime calls it, so that a time read after a loop includes the loop. */
void xmp_dev_loops_settle(void);
/* Waits until the latest lazy execution of site s has its results in its partials. */
void xmp_dev_loop_results(xmp_dev_loop_t *s, const xmp_rt_srcloc_t *where);

/* ---- faces left arriving for the next device loop (starpu/overlap.c) ----
 * XMP_DEV_OVERLAP: `reflect_do ... acc` may leave its last faces arriving.
 * The next device loop that runs on the direct executors then runs first the iterations whose
 * rows of `data` (xmp_dev_arg_t's rows along row_dim) stay off the arriving rows of dimension
 * dim, then calls finish(ctx), then runs the rest; a loop that cannot split so (StarPU's
 * executor: the CPU takes a share; the array read at any row, or along another dimension)
 * calls finish first, and so does every other use of device data or of StarPU. One at a
 * time: leaving another finishes the earlier one. */
typedef struct xmp_dev_overlap {
  xmp_dev_data_t *data;
  int dim;                   /* the storage dimension the faces arrive along */
  long lo_end, hi_begin;     /* its arriving rows: [0, lo_end) and [hi_begin, extent) */
  void (*finish)(void *ctx); /* completes them (reports its own errors) */
  void *ctx;
} xmp_dev_overlap_t;
/* XMP_DEV_OVERLAP: XMP_DEV_OVERLAP_AUTO (where the host completes a face), _OFF, _ON. */
enum { XMP_DEV_OVERLAP_AUTO, XMP_DEV_OVERLAP_OFF, XMP_DEV_OVERLAP_ON };
int xmp_dev_overlap_mode(void);
void xmp_dev_overlap_leave(const xmp_dev_overlap_t *o);
/* Completes what was left, if anything (not while a loop runs its interior part). */
void xmp_dev_overlap_finish(void);

/* ---- lazy reductions (src/reduce_later.c) ----
 * A device loop's reduction variable that the program does not read before the next
 * statement that the compiler marks: the tasks' results are combined into it, and it is
 * reduced across the nodes, only when the program reaches a statement that reads it
 * (xmp_dev_reduce_wait before that statement, collective like the reduction) or never, when
 * it is assigned first (xmp_dev_reduce_forget). One variable: its address, type and XMP
 * operator (enum xmp_rt_type, xmp_rt_reduce_op) and its field's offset in a task's block. */
typedef struct xmp_dev_red {
  void *var;
  int type;
  int op;
  size_t offset;
} xmp_dev_red_t;
/* After xmp_dev_loop_run_lazy of site s (pending: its return): combines the ntasks blocks of
 * partial_bytes at partials into vars[nvars] (in task order) and reduces them across the nodes
 * of t that n spans (not with node_local), now or, where the results are still on their way
 * and no task is being executed, when one of the variables is waited for. */
void xmp_dev_reduce_later(xmp_dev_loop_t *s, int pending, const void *partials, int ntasks,
                          size_t partial_bytes, int nvars, const xmp_dev_red_t *vars,
                          const xmp_rt_template_t *t, const xmp_rt_nodes_t *n, int node_local,
                          const xmp_rt_srcloc_t *where);
/* Completes the reduction var is part of, if any (every variable of its loop). */
void xmp_dev_reduce_wait(void *var);
/* var is about to be assigned: its pending value, if any, is dropped. */
void xmp_dev_reduce_forget(void *var);

/* The same loop run on the calling thread over the host copies of its arrays, all its
 * iterations in one call of cpu (OpenACC's `if` clause when false): StarPU brings the arrays'
 * latest values to the host first. state: a site of its own (it is not balanced). */
void xmp_dev_loop_run_host(xmp_dev_loop_t **state, xmp_dev_func_t cpu, const void *args,
                           int nargs, const xmp_dev_arg_t *argv, long lb, long ub, long st,
                           size_t partial_bytes, void **partials, int *ntasks,
                           const xmp_rt_srcloc_t *where);

/* A CUDA call made by generated code failed: reports `what` (the kernel) and `detail` (the
 * CUDA error string) through the runtime's error path and ends the program. */
void xmp_dev_fail(const char *what, const char *detail);

/* Device scratch memory of the calling CUDA worker (grown on demand, kept): per-block
 * reduction partials. Only from a CUDA codelet function. */
void *xmp_dev_cuda_scratch(size_t bytes);

/* A counter in the device memory of the calling CUDA worker (or of the direct loop's device),
 * zero between kernels: a kernel whose blocks count themselves on it (xmp_dev_last_block,
 * which wraps it back to zero) learns which block finishes last. Only from a CUDA codelet
 * function; kernels that use it run one at a time (the worker's or the rank's stream). */
unsigned *xmp_dev_cuda_ticket(void);

/* The stream (a cudaStream_t) of a CUDA codelet function that the main thread calls directly
 * (a GPU-only loop runs without a StarPU task, runtime/starpu/exec.c), or NULL in a StarPU
 * task: CUDA functions ask xmp_dev_cuda_stream (xmp_dev_cuda.cuh), which picks this or
 * StarPU's stream of the worker. */
void *xmp_dev_direct_stream(void);

#ifdef __cplusplus
}
#endif

#endif /* XMP_DEV_H */
