/* dev_common.h - helpers of the XMP-dev (StarPU layer) runtime tests: the chunk decomposition a
 * device loop must produce, computed independently of the runtime, and the partial-result
 * block the hand-written codelets fill (the way generated code will). */
#ifndef XMPI_TEST_DEV_COMMON_H
#define XMPI_TEST_DEV_COMMON_H

#include <math.h>
#include <stdlib.h>

#include <starpu.h>

/* One task's partial results: its reduction value and what it was given, to check chunks. */
typedef struct dev_partial {
  double sum;
  long lb, ub, st;
  int worker_type;
} dev_partial_t;

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
  p->worker_type = (int)starpu_worker_get_type(starpu_worker_get_id());
}

/* Chunk counts a loop uses: XMP_STARPU_NCUDA (default one per CUDA worker, 1 without any) and
 * XMP_STARPU_NCPU (default one per CPU worker). Valid once StarPU runs. */
static inline int dev_gpu_chunks(void) {
  const char *v = getenv("XMP_STARPU_NCUDA");
  int ncuda = (int)starpu_worker_get_count_by_type(STARPU_CUDA_WORKER);
  return v != NULL && *v ? atoi(v) : (ncuda > 0 ? ncuda : 1);
}
static inline int dev_cpu_chunks(void) {
  const char *v = getenv("XMP_STARPU_NCPU");
  return v != NULL && *v ? atoi(v) : (int)starpu_worker_get_count_by_type(STARPU_CPU_WORKER);
}

/* Expected chunks of n iterations at weight w: sizes[0..*ngpu) for the GPU part (first in
 * iteration order), then the CPU part; empty chunks dropped. Returns the number of chunks. */
static inline int dev_expected(long n, double w, long *sizes, int *ngpu) {
  long cpu = llround(w * (double)n), part[2] = {n - cpu, cpu};
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

#endif
