/* coll_bench.c - times the hybrid layer's collectives (runtime/hybridcomm/coll*.c) against
 * MPI's own on the same host buffers, for message sizes from --min to --max bytes (powers of
 * two; default 4 B .. 4 MiB):
 *   bcast      s bytes from rank 0
 *   allgather  s bytes per rank (s * p in all), contiguous blocks
 *   allreduce  s / 4 ints, sum
 * Each time is the mean over the iterations (after warm-up executions that cover the layer's
 * measuring window), the largest over the ranks. Prints a table (time, speedup of the hybrid
 * collective over MPI's) and writes JSON (--json FILE).
 *
 * Not done yet: device buffers (MPI host-staged) and NCCL's collectives as the outside
 * reference; the "nccl" fields of the JSON are null and the table says n/a.
 * Run on a machine with XMP_SUBCLUSTER_SIZE unset (one domain per host) and set (virtual
 * subclusters): bench/coll/run.sh does both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmp_rt.h"
#include "xmphc.h"

enum { BCAST, ALLGATHER, ALLREDUCE, NCOLL };
static const char *const names[NCOLL] = {"bcast", "allgather", "allreduce"};
enum { HYBRID, MPI, NIMPL };

static int me, np;

static void fail(const char *what, int st) {
  fprintf(stderr, "coll_bench: %s: %s\n", what, xmphc_status_str(st));
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/* One execution of collective c by implementation impl on s bytes. */
static void run_once(int c, int impl, size_t s, unsigned char *buf, unsigned char *all,
                     xmphc_allgather_t *plan) {
  int st = XMPHC_OK;
  switch (c) {
  case BCAST:
    if (impl == HYBRID)
      st = xmphc_bcast(MPI_COMM_WORLD, buf, (int)s, MPI_BYTE, 0, XMPHC_LOC_HOST);
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
      st = xmphc_allreduce(MPI_COMM_WORLD, buf, (int)(s / 4), XMP_RT_INT, XMP_RT_OP_SUM,
                           XMPHC_LOC_HOST);
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
  for (int i = 0; i < 10; i++) /* past the hybrid layer's measuring window (6) */
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
  int st = xmphc_allgather_create(MPI_COMM_WORLD, all, blocks, XMPHC_LOC_HOST, &plan);
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
  unsigned char *buf = calloc(hi, 1), *all = calloc(hi * (size_t)np, 1);
  FILE *out = NULL;
  if (me == 0) {
    printf("collectives on %d ranks, XMP_COMM=%s, XMP_SUBCLUSTER_SIZE=%s (host buffers)\n", np,
           comm ? comm : "auto", sub ? sub : "unset");
    printf("%-10s %10s %12s %12s %9s %12s\n", "collective", "bytes", "hybrid us", "mpi us",
           "speedup", "nccl ratio");
    if (json != NULL && (out = fopen(json, "w")) == NULL)
      fprintf(stderr, "coll_bench: cannot write %s\n", json);
    if (out != NULL)
      fprintf(out, "{\"ranks\": %d, \"xmp_comm\": \"%s\", \"subcluster_size\": %s, "
                   "\"buffers\": \"host\", \"results\": [", np, comm ? comm : "auto",
              sub ? sub : "null");
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
        t[impl] = time_it(c, impl, s, iters, buf, all, plan);
      xmphc_allgather_free(plan);
      if (me != 0)
        continue;
      printf("%-10s %10zu %12.2f %12.2f %9.2f %12s\n", names[c], s, t[HYBRID] * 1e6,
             t[MPI] * 1e6, t[MPI] / t[HYBRID], "n/a");
      if (out != NULL)
        fprintf(out, "%s\n  {\"collective\": \"%s\", \"bytes\": %zu, \"iterations\": %d, "
                     "\"hybrid_s\": %.9g, \"mpi_s\": %.9g, \"speedup_over_mpi\": %.4f, "
                     "\"nccl_s\": null, \"ratio_to_nccl\": null}",
                first ? "" : ",", names[c], s, iters, t[HYBRID], t[MPI], t[MPI] / t[HYBRID]);
      first = 0;
    }
  if (out != NULL) {
    fprintf(out, "\n]}\n");
    fclose(out);
  }
  free(buf);
  free(all);
  return xmp_rt_finalize(0);
}
