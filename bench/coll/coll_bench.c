/* coll_bench.c - times the hybrid layer's collectives (runtime/hybridcomm/coll*.c) against
 * MPI's own on the same buffers, for message sizes from --min to --max bytes (powers of two;
 * default 4 B .. 4 MiB):
 *   bcast      s bytes from rank 0
 *   allgather  s bytes per rank (s * p in all), contiguous blocks
 *   allreduce  s / 4 ints, sum
 * Each time is the mean over the iterations (after warm-up executions that cover the layer's
 * measuring window), the largest over the ranks. Prints a table (time, speedup of the hybrid
 * collective over MPI's) and writes JSON (--json FILE).
 *
 * --device (built with XMP_BENCH_CUDA, the CUDA runtime linked): the buffers are in each
 * rank's GPU (local rank % GPUs); "mpi" is then MPI host-staged (device -> pinned host, MPI's
 * collective, host -> device) and, built with XMP_BENCH_NCCL too, NCCL's collective
 * (ncclBroadcast, ncclAllGather, ncclAllReduce) on the same device buffers is the outside
 * reference: the table's last column is hybrid time / NCCL time (below 1: hybrid faster).
 * Without NCCL the "nccl" fields of the JSON are null and the table says n/a. Run with
 * NCCL_NVLS_ENABLE=0 (scripts/gpu-check.sh coll sets it).
 * Run on a machine with XMP_SUBCLUSTER_SIZE unset (one domain per host) and set (virtual
 * subclusters): bench/coll/run.sh does both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmp_rt.h"
#include "xmphc.h"

#ifdef XMP_BENCH_CUDA
#include <cuda_runtime.h>
#endif
#ifdef XMP_BENCH_NCCL
#include <nccl.h>
#endif

enum { BCAST, ALLGATHER, ALLREDUCE, NCOLL };
static const char *const names[NCOLL] = {"bcast", "allgather", "allreduce"};
enum { HYBRID, MPI, NCCL, NIMPL };

static int me, np;
static int on_device; /* --device */
#ifdef XMP_BENCH_CUDA
static unsigned char *hbuf, *hall; /* device runs: MPI's pinned host staging */
#endif
#ifdef XMP_BENCH_NCCL
static ncclComm_t nccl;
static cudaStream_t nccl_stream;
#endif

/* Whether implementation impl runs in this build and mode. */
static int available(int impl) {
#ifdef XMP_BENCH_NCCL
  return impl != NCCL || on_device;
#else
  return impl != NCCL;
#endif
}

#ifdef XMP_BENCH_CUDA
static void copy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind) {
  if (cudaMemcpy(dst, src, bytes, kind) != cudaSuccess) {
    fprintf(stderr, "coll_bench: cudaMemcpy failed\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

/* MPI's collective on device data, staged through pinned host memory. */
static void mpi_staged(int c, size_t s, unsigned char *buf, unsigned char *all) {
  switch (c) {
  case BCAST:
    if (me == 0)
      copy(hbuf, buf, s, cudaMemcpyDeviceToHost);
    MPI_Bcast(hbuf, (int)s, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (me != 0)
      copy(buf, hbuf, s, cudaMemcpyHostToDevice);
    break;
  case ALLGATHER:
    copy(hall + (size_t)me * s, all + (size_t)me * s, s, cudaMemcpyDeviceToHost);
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, hall, (int)s, MPI_BYTE, MPI_COMM_WORLD);
    copy(all, hall, s * (size_t)np, cudaMemcpyHostToDevice);
    break;
  case ALLREDUCE:
    copy(hbuf, buf, s, cudaMemcpyDeviceToHost);
    MPI_Allreduce(MPI_IN_PLACE, hbuf, (int)(s / 4), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    copy(buf, hbuf, s, cudaMemcpyHostToDevice);
    break;
  }
}
#endif

#ifdef XMP_BENCH_NCCL
static void nccl_check(ncclResult_t r, const char *what) {
  if (r != ncclSuccess) {
    fprintf(stderr, "coll_bench: %s: %s\n", what, ncclGetErrorString(r));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

/* NCCL's collective on the same device buffers, completed. */
static void nccl_once(int c, size_t s, unsigned char *buf, unsigned char *all) {
  switch (c) {
  case BCAST:
    nccl_check(ncclBroadcast(buf, buf, s, ncclInt8, 0, nccl, nccl_stream), "ncclBroadcast");
    break;
  case ALLGATHER:
    nccl_check(ncclAllGather(all + (size_t)me * s, all, s, ncclInt8, nccl, nccl_stream),
               "ncclAllGather");
    break;
  case ALLREDUCE:
    nccl_check(ncclAllReduce(buf, buf, s / 4, ncclInt32, ncclSum, nccl, nccl_stream),
               "ncclAllReduce");
    break;
  }
  cudaStreamSynchronize(nccl_stream);
}
#endif

static void fail(const char *what, int st) {
  fprintf(stderr, "coll_bench: %s: %s\n", what, xmphc_status_str(st));
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/* One execution of collective c by implementation impl on s bytes. */
static void run_once(int c, int impl, size_t s, unsigned char *buf, unsigned char *all,
                     xmphc_allgather_t *plan) {
  int st = XMPHC_OK, loc = on_device ? XMPHC_LOC_DEVICE : XMPHC_LOC_HOST;
#ifdef XMP_BENCH_CUDA
  if (on_device && impl == MPI) {
    mpi_staged(c, s, buf, all);
    return;
  }
#endif
#ifdef XMP_BENCH_NCCL
  if (impl == NCCL) {
    nccl_once(c, s, buf, all);
    return;
  }
#endif
  switch (c) {
  case BCAST:
    if (impl == HYBRID)
      st = xmphc_bcast(MPI_COMM_WORLD, buf, (int)s, MPI_BYTE, 0, loc, NULL);
    else
      MPI_Bcast(buf, (int)s, MPI_BYTE, 0, MPI_COMM_WORLD);
    break;
  case ALLGATHER:
    if (impl == HYBRID)
      st = xmphc_allgather_run(plan);
    else
      MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, (int)s, MPI_BYTE, MPI_COMM_WORLD);
    break;
  case ALLREDUCE:
    if (impl == HYBRID)
      st = xmphc_allreduce(MPI_COMM_WORLD, buf, (int)(s / 4), XMP_RT_INT, XMP_RT_OP_SUM, loc,
                           NULL);
    else
      MPI_Allreduce(MPI_IN_PLACE, buf, (int)(s / 4), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    break;
  }
  if (st)
    fail(names[c], st);
}

/* Mean seconds per execution, the largest over the ranks. */
static double time_it(int c, int impl, size_t s, int iters, unsigned char *buf,
                      unsigned char *all, xmphc_allgather_t *plan) {
  /* past the hybrid layer's measuring window: a block of 4 executions for each of up to 4
   * candidate algorithms (coll_choice.c) */
  for (int i = 0; i < 20; i++)
    run_once(c, impl, s, buf, all, plan);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < iters; i++)
    run_once(c, impl, s, buf, all, plan);
  double t = (MPI_Wtime() - t0) / iters, worst;
  MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return worst;
}

/* The allgather plan of s bytes per rank over all (rank r's block at r * s). */
static xmphc_allgather_t *gather_plan(unsigned char *all, size_t s) {
  MPI_Datatype *blocks = malloc((size_t)np * sizeof *blocks);
  for (int r = 0; r < np; r++) {
    int len = (int)s;
    MPI_Aint disp = (MPI_Aint)((size_t)r * s);
    MPI_Type_create_hindexed(1, &len, &disp, MPI_BYTE, &blocks[r]);
    MPI_Type_commit(&blocks[r]);
  }
  xmphc_allgather_t *plan;
  int st = xmphc_allgather_create(MPI_COMM_WORLD, all, blocks,
                                  on_device ? XMPHC_LOC_DEVICE : XMPHC_LOC_HOST, NULL, &plan);
  if (st)
    fail("allgather_create", st);
  for (int r = 0; r < np; r++)
    MPI_Type_free(&blocks[r]);
  free(blocks);
  return plan;
}

static size_t arg_size(int argc, char **argv, const char *name, size_t dflt) {
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], name) == 0)
      return (size_t)strtoull(argv[i + 1], NULL, 10);
  return dflt;
}

static const char *arg_str(int argc, char **argv, const char *name) {
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], name) == 0)
      return argv[i + 1];
  return NULL;
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  size_t lo = arg_size(argc, argv, "--min", 4), hi = arg_size(argc, argv, "--max", 4 << 20);
  int max_iters = (int)arg_size(argc, argv, "--iters", 200);
  const char *json = arg_str(argc, argv, "--json");
  const char *sub = getenv("XMP_SUBCLUSTER_SIZE"), *comm = getenv("XMP_COMM");
  for (int i = 1; i < argc; i++)
    on_device |= strcmp(argv[i], "--device") == 0;
  unsigned char *buf, *all;
  if (!on_device) {
    buf = calloc(hi, 1);
    all = calloc(hi * (size_t)np, 1);
  } else {
#ifdef XMP_BENCH_CUDA
    int ngpu = 0, local;
    MPI_Comm host;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
    MPI_Comm_rank(host, &local);
    MPI_Comm_free(&host);
    if (cudaGetDeviceCount(&ngpu) != cudaSuccess || ngpu == 0) {
      if (me == 0)
        printf("coll_bench --device: no GPU (skipped)\n");
      return xmp_rt_finalize(0);
    }
    cudaSetDevice(local % ngpu);
    if (cudaMalloc((void **)&buf, hi) != cudaSuccess ||
        cudaMalloc((void **)&all, hi * (size_t)np) != cudaSuccess ||
        cudaMallocHost((void **)&hbuf, hi) != cudaSuccess ||
        cudaMallocHost((void **)&hall, hi * (size_t)np) != cudaSuccess)
      fail("device buffers", XMPHC_E_NOMEM);
    cudaMemset(buf, 0, hi);
    cudaMemset(all, 0, hi * (size_t)np);
#ifdef XMP_BENCH_NCCL
    ncclUniqueId id;
    if (me == 0)
      nccl_check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    nccl_check(ncclCommInitRank(&nccl, np, id, me), "ncclCommInitRank");
    cudaStreamCreateWithFlags(&nccl_stream, cudaStreamNonBlocking);
#endif
#else
    if (me == 0)
      fprintf(stderr, "coll_bench: --device needs a build with XMP_BENCH_CUDA\n");
    return xmp_rt_finalize(2);
#endif
  }
  FILE *out = NULL;
  if (me == 0) {
    printf("collectives on %d ranks, XMP_COMM=%s, XMP_SUBCLUSTER_SIZE=%s (%s buffers%s)\n",
           np, comm ? comm : "auto", sub ? sub : "unset", on_device ? "device" : "host",
           on_device ? "; mpi: host-staged" : "");
    printf("%-10s %10s %12s %12s %9s %12s %12s\n", "collective", "bytes", "hybrid us",
           "mpi us", "speedup", "nccl us", "hybrid/nccl");
    if (json != NULL && (out = fopen(json, "w")) == NULL)
      fprintf(stderr, "coll_bench: cannot write %s\n", json);
    if (out != NULL)
      fprintf(out, "{\"ranks\": %d, \"xmp_comm\": \"%s\", \"subcluster_size\": %s, "
                   "\"buffers\": \"%s\", \"results\": [", np, comm ? comm : "auto",
              sub ? sub : "null", on_device ? "device" : "host");
  }
  int first = 1;
  for (int c = 0; c < NCOLL; c++)
    for (size_t s = lo; s <= hi; s *= 2) {
      size_t moved = s * (size_t)np;
      int iters = (int)((64u << 20) / (moved > 0 ? moved : 1));
      iters = iters < 5 ? 5 : iters > max_iters ? max_iters : iters;
      xmphc_allgather_t *plan = c == ALLGATHER ? gather_plan(all, s) : NULL;
      double t[NIMPL];
      for (int impl = 0; impl < NIMPL; impl++)
        t[impl] = available(impl) ? time_it(c, impl, s, iters, buf, all, plan) : -1.0;
      xmphc_allgather_free(plan);
      if (me != 0)
        continue;
      char nccl_us[32] = "n/a", ratio[32] = "n/a", nccl_json[32] = "null",
           ratio_json[32] = "null";
      if (t[NCCL] > 0) {
        snprintf(nccl_us, sizeof nccl_us, "%.2f", t[NCCL] * 1e6);
        snprintf(ratio, sizeof ratio, "%.2f", t[HYBRID] / t[NCCL]);
        snprintf(nccl_json, sizeof nccl_json, "%.9g", t[NCCL]);
        snprintf(ratio_json, sizeof ratio_json, "%.4f", t[HYBRID] / t[NCCL]);
      }
      printf("%-10s %10zu %12.2f %12.2f %9.2f %12s %12s\n", names[c], s, t[HYBRID] * 1e6,
             t[MPI] * 1e6, t[MPI] / t[HYBRID], nccl_us, ratio);
      if (out != NULL)
        fprintf(out, "%s\n  {\"collective\": \"%s\", \"bytes\": %zu, \"iterations\": %d, "
                     "\"hybrid_s\": %.9g, \"mpi_s\": %.9g, \"speedup_over_mpi\": %.4f, "
                     "\"nccl_s\": %s, \"ratio_to_nccl\": %s}",
                first ? "" : ",", names[c], s, iters, t[HYBRID], t[MPI], t[MPI] / t[HYBRID],
                nccl_json, ratio_json);
      first = 0;
    }
  if (out != NULL) {
    fprintf(out, "\n]}\n");
    fclose(out);
  }
  if (!on_device) {
    free(buf);
    free(all);
  }
#ifdef XMP_BENCH_CUDA
  else {
#ifdef XMP_BENCH_NCCL
    ncclCommDestroy(nccl);
#endif
    cudaFree(buf);
    cudaFree(all);
    cudaFreeHost(hbuf);
    cudaFreeHost(hall);
  }
#endif
  return xmp_rt_finalize(0);
}
