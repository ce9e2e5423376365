/* dev_common.h - helpers of the XMP-dev (StarPU layer) runtime tests: the chunk decomposition a
 * device loop must produce, computed independently of the runtime, and the partial-result
 * block the hand-written codelets fill (the way generated code will). */
#ifndef XMPI_TEST_DEV_COMMON_H
#define XMPI_TEST_DEV_COMMON_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <starpu.h>

/* One task's partial results: its reduction value and what it was given, to check chunks. */
typedef struct dev_partial {
  double sum;
  long lb, ub, st;
  int worker_type; /* the StarPU worker's type, or DEV_MAIN_THREAD */
  int cuda_fn;     /* the CUDA function ran (else the CPU one) */
} dev_partial_t;

/* A codelet function called by the main thread, not by a StarPU worker (a direct loop). */
#define DEV_MAIN_THREAD (-1)
static inline int dev_worker_type(void) {
  int id = starpu_worker_get_id();
  return id < 0 ? DEV_MAIN_THREAD : (int)starpu_worker_get_type(id);
}

/* Argument block of test_dev_axpy's loops (shared with its CUDA functions). */
typedef struct dev_axpy_args {
  double a;
  long origin; /* loop index addressing storage row 0 */
} dev_axpy_args_t;

/* Records the chunk a codelet call got (and its worker's type) in its partial block. */
static inline void dev_record(const xmp_dev_task_t *t, double sum) {
  dev_partial_t *p = (dev_partial_t *)t->partial;
  p->sum = sum;
  p->lb = t->lb;
  p->ub = t->ub;
  p->st = t->st;
  p->worker_type = dev_worker_type();
  p->cuda_fn = 0;
}

/* Chunk counts a loop uses: XMP_STARPU_NCUDA (default one per CUDA worker, 1 without any) and
 * XMP_STARPU_NCPU (default one per CPU worker). Valid once StarPU runs. */
static inline int dev_gpu_chunks(void) {
  const char *v = getenv("XMP_STARPU_NCUDA");
  int ncuda = (int)starpu_worker_get_count_by_type(STARPU_CUDA_WORKER);
  return v != NULL && *v ? atoi(v) : (ncuda > 0 ? ncuda : 1);
}
/* XMP_STARPU_NCPU=0 or STARPU_NCPU=0: GPU only, no CPU chunk whatever the weight. */
static inline int dev_gpu_only(void) {
  const char *a = getenv("XMP_STARPU_NCPU"), *b = getenv("STARPU_NCPU");
  return (a != NULL && strcmp(a, "0") == 0) || (b != NULL && strcmp(b, "0") == 0);
}
static inline int dev_cpu_chunks(void) {
  const char *v = getenv("XMP_STARPU_NCPU");
  if (dev_gpu_only())
    return 0;
  return v != NULL && *v ? atoi(v) : (int)starpu_worker_get_count_by_type(STARPU_CPU_WORKER);
}

/* Expected chunks of n iterations at weight w: sizes[0..*ngpu) for the GPU part (first in
 * iteration order), then the CPU part; empty chunks dropped. Returns the number of chunks. */
static inline int dev_expected(long n, double w, long *sizes, int *ngpu) {
  long cpu = dev_cpu_chunks() > 0 ? llround(w * (double)n) : 0, part[2] = {n - cpu, cpu};
  int nch[2] = {dev_gpu_chunks(), dev_cpu_chunks()}, k = 0;
  for (int side = 0; side < 2; side++) {
    for (int c = 0; c < nch[side]; c++) {
      long len = part[side] / nch[side] + (c < part[side] % nch[side] ? 1 : 0);
      if (len > 0)
        sizes[k++] = len;
    }
    if (side == 0)
      *ngpu = k;
  }
  return k;
}

/* Whether the loop's chunks (ngpu GPU chunks, ncpu - ngpu ... CPU ones: nt in all) run
 * directly on the main thread instead of as StarPU tasks (runtime/starpu/exec.c, rederived):
 * a GPU-only split in one chunk, unless XMP_DEV_EXECUTOR=starpu; with a CUDA worker and a CUDA
 * function by default, on the host only under XMP_DEV_EXECUTOR=direct. */
static inline int dev_direct(int nt, int ngpu, int cuda_fn) {
  const char *e = getenv("XMP_DEV_EXECUTOR");
  if (nt != 1 || ngpu != 1 || (e != NULL && strcmp(e, "starpu") == 0))
    return 0;
  int gpu = cuda_fn && starpu_worker_get_count_by_type(STARPU_CUDA_WORKER) > 0;
  return gpu || (e != NULL && strcmp(e, "direct") == 0);
}

#endif
