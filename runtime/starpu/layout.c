/* layout.c - a rank's share of its host: the GPUs it drives, its CPU workers and the core of
 * its main thread (pure arithmetic; engine.c applies it, runtime.dev.layout tests it).
 *
 * GPUs. One per rank by default, whatever the host's count: a rank given several GPUs cuts
 * each device loop's GPU part into one chunk per GPU, and every GPU then needs the whole of
 * each array the loop reads, so an array that another loop wrote split between them is
 * gathered through the host every time (StarPU 1.4 unpartitions on the home node). Measured on
 * 4 x H100, Himeno L at -np 1: 102-117 GFLOPS on the 4 GPUs against 1,270 on one. So a rank
 * drives one GPU unless XMP_GPUS_PER_NODE asks for more (loops that read no array written
 * split, such as a row-split matrix product, gain); with fewer ranks than GPUs the others idle
 * and the first rank of the host says so once. Local rank r takes devices r * n .. r * n + n - 1
 * (modulo the host's count: ranks beyond the GPUs share them round robin).
 *
 * Cores. Each rank gets the host's cores / its ranks (at least one): one per GPU for StarPU's
 * driver thread, one for the main thread when there are enough (engine.c: a main thread that
 * shares a core with polling workers waits for time slices at every StarPU call), the rest
 * as CPU workers (at least one), unless the program asks for GPU only (XMP_STARPU_NCPU=0 or
 * StarPU's STARPU_NCPU=0): then none, or a single one where the rank has no GPU, so that the
 * device loops still run (the caller warns). */
#include "xmpsp_internal.h"

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

void xmpsp_layout(const xmpsp_layout_in_t *in, xmpsp_layout_t *out) {
  *out = (xmpsp_layout_t){0};
  int ndev = imax(in->ndev, 0), nlocal = imax(in->nlocal, 1);
  int ngpu = in->gpus_per_node >= 0 ? imin(in->gpus_per_node, ndev) : (ndev > 0 ? 1 : 0);
  out->first_device = ngpu > 0 ? (in->lrank * ngpu) % ndev : -1;
  if (in->gpus_per_node < 0 && ndev > nlocal)
    out->idle_gpus = ndev - nlocal;
  out->mycores = imax(1, in->ncores / nlocal);
  out->spare = out->mycores > ngpu + 1;
  if (in->gpu_only) {
    out->ncpu = ngpu > 0 ? 0 : 1;
    out->cpu_fallback = ngpu == 0;
  } else {
    out->ncpu = imax(1, out->mycores - ngpu - out->spare);
  }
  out->ncpu = imin(out->ncpu, in->max_cpus);
  out->ngpu = imin(ngpu, in->max_workers - out->ncpu);
}
