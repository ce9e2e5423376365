/* halo_bench.c - device halo faces through libxmp, as `reflect ... acc` and `reflect_do ...
 * acc` run them: a C program calling the runtime entry points that xmpcc's translation of
 * those directives calls (xmp_rt_reflect_init / xmp_rt_reflect_do / xmp_rt_reflect with acc),
 * on arrays whose sizes are chosen at run time, so that one run covers every face type and
 * size. The path is whatever XMP_COMM says (run.sh runs it once per value).
 *
 * Each case is a 3-D array a[outer][2n][inner] of doubles distributed in block over the n
 * nodes of the run (2 or more; run.sh and the hand-written twin use 2) along its middle
 * dimension (2 planes per node, shadow 1:1), so a face is outer runs of
 * inner elements: contiguous (outer 1), block-stride (outer and inner about the square root
 * of the face's elements) or stride (inner 1), of 1 KiB to --max bytes in powers of 4. A
 * device loop puts the array in the GPU's memory; then
 *   reflect   reflect_do of its reflect_init: every node sends its faces at once (on more
 *             than 2 nodes the inner ones receive from two peers; XMP_HALO_ORDER=phased
 *             moves the faces going up, then those going down);
 *   pingpong  reflect width(1:0) then width(0:1): one face up, then one down (one-way time
 *             is half the round trip);
 * each timed as the best of 5 batches of repeated executions (after executions enough for
 * the measuring windows of XMP_COMM=auto and XMP_HALO_ORDER=auto), a batch until its last
 * faces are in place (the GPU's stream drained: device completion returns before). The shadows are
 * checked against the owners' values. One JSON object per case on stdout (rank 0), read by
 * report.py and order.py. Options: --max BYTES (the largest face), --reps N (executions per batch
 * at most, default 150; fewer for checks). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "xmp_dev.h"
#include "xmp_rt.h"

enum { KIND_CONTIGUOUS, KIND_BLOCK_STRIDE, KIND_STRIDE, NKINDS };
static const char *const kind_names[NKINDS] = {"contiguous", "block-stride", "stride"};
/* Each node owns 2 planes of the middle dimension and keeps 1 shadow plane on each side. */
/* WARMUP: past XMP_COMM=auto's window of paths (9 executions) and XMP_HALO_ORDER=auto's of
 * orders (8). */
enum { LOCAL_PLANES = 4, WARMUP = 20, BATCHES = 5 };
static long planes; /* of the whole array: 2 per node */

static const xmp_rt_srcloc_t here = {"halo_bench.c", 0, "bench"};
static int max_reps = 150; /* executions per batch at most (--reps: fewer, for checks) */

/* The face of `elems` elements of a kind as outer runs of inner elements. */
static void face_shape(int kind, long elems, long *outer, long *inner) {
  if (kind == KIND_CONTIGUOUS) {
    *outer = 1, *inner = elems;
  } else if (kind == KIND_STRIDE) {
    *outer = elems, *inner = 1;
  } else {
    long m = 1;
    while (m * m < elems)
      m *= 2;
    *inner = m, *outer = elems / m;
  }
}

/* Global value of element (o, p, i): every element differs. */
static double value(long o, long p, long i, long inner) {
  return (double)((o * planes + p) * inner + i) + 1.0;
}

/* A codelet that only holds the rows read-write: StarPU moves them into the GPU's memory. */
static void touch(void *buffers[], void *cl) { (void)buffers, (void)cl; }

/* The batch's time runs until the last execution's faces are in the shadows: with device
 * completion (XMP_HALO_SYNC) a reflect returns once its faces are issued, and the streams
 * order them; xmp_dev_loops_settle (xmp_wtime's) waits for the work queued there. */
static double seconds_per_run(void (*run)(void *), void *arg, int reps) {
  double best = 1e30;
  for (int b = 0; b < BATCHES; b++) {
    xmp_dev_loops_settle();
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int r = 0; r < reps; r++)
      run(arg);
    xmp_dev_loops_settle();
    double t = (MPI_Wtime() - t0) / reps, slowest;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (slowest < best)
      best = slowest;
  }
  return best;
}

static void reflect_do(void *a) { xmp_rt_reflect_do(a, 1, -1, &here); }

static void pingpong(void *a) {
  const long up[3] = {0, 1, 0}, none[3] = {0, 0, 0};
  xmp_rt_reflect(a, up, none, NULL, 1, -1, &here);   /* lower shadows: node 1 <- node 0 */
  xmp_rt_reflect(a, none, up, NULL, 1, -1, &here);   /* upper shadows: node 0 <- node 1 */
}

/* Wrong shadow elements of the local storage (both neighbours' faces, where they exist). */
static long check_shadows(const xmp_rt_layout_t *l, long outer, long inner) {
  const double *x = l->addr;
  long wrong = 0;
  for (int side = 0; side < 2; side++) {
    long p = side == 0 ? l->base[1] : l->base[1] + LOCAL_PLANES - 1; /* a shadow, global */
    if (p < 0 || p >= planes) /* the first node's lower, the last node's upper */
      continue;
    for (long o = 0; o < outer; o++)
      for (long i = 0; i < inner; i++)
        wrong += x[o * l->stride[0] + (p - l->base[1]) * l->stride[1] + i] !=
                 value(o, p, i, inner);
  }
  return wrong;
}

static void run_case(xmp_rt_nodes_t *nodes, int kind, size_t bytes, const char *comm) {
  long elems = (long)(bytes / sizeof(double)), outer, inner;
  face_shape(kind, elems, &outer, &inner);
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  xmp_rt_template_t *t =
      xmp_rt_template_create(1, (const long[]){0}, (const long[]){planes - 1}, "t", &here);
  xmp_rt_template_distribute(t, (const int[]){XMP_RT_DIST_BLOCK}, (const intptr_t[]){0}, nodes,
                             &here);
  xmp_rt_array_t *a = xmp_rt_array_create(3, (const long[]){outer, planes, inner},
                                          sizeof(double), t, (const int[]){-1, 0, -1},
                                          (const long[]){0, 0, 0}, "a", &here);
  xmp_rt_array_shadow(a, (const long[]){0, 1, 0}, (const long[]){0, 1, 0}, (const int[]){0, 0, 0},
                      &here);
  xmp_rt_layout_t l;
  xmp_rt_array_allocate(a, &l);
  long plo, phi;
  xmp_rt_array_local_range(a, 1, &plo, &phi);
  double *x = l.addr;
  for (long o = 0; o < outer; o++)
    for (long p = l.base[1]; p < l.base[1] + LOCAL_PLANES; p++)
      for (long i = 0; i < inner; i++)
        x[o * l.stride[0] + (p - l.base[1]) * l.stride[1] + i] =
            p >= plo && p <= phi ? value(o, p, i, inner) : -1.0;

  xmp_dev_data_t *d = xmp_dev_replicate(l.addr, xmp_rt_array_storage_bytes(a), sizeof(double),
                                        "a", &here);
  static xmp_dev_loop_t *state;
  xmp_dev_arg_t arg = {d, XMP_DEV_READWRITE, l.base[0], l.stride[0], 1, 0, 0, 0, -1};
  void *partials;
  int ntasks;
  char unused = 0;
  xmp_dev_loop_run(&state, touch, touch, &unused, 1, &arg, 0, outer - 1, 1, 0, &partials,
                   &ntasks, &here);

  /* Under 1000 executions in all: auto measures its paths again at the 1000th. */
  int reps = (int)fmin(max_reps, fmax(10.0, (double)(64 << 20) / (double)bytes));
  xmp_rt_reflect_init(a, NULL, NULL, NULL, 1, &here);
  for (int w = 0; w < WARMUP; w++) {
    reflect_do(a);
    pingpong(a);
  }
  double t_reflect = seconds_per_run(reflect_do, a, reps);
  double t_pingpong = seconds_per_run(pingpong, a, reps) / 2; /* one way */
  xmp_dev_sync_out(d, &here);
  long wrong = check_shadows(&l, outer, inner), all_wrong;
  MPI_Reduce(&wrong, &all_wrong, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  const char *order = getenv("XMP_HALO_ORDER") != NULL ? getenv("XMP_HALO_ORDER") : "concurrent";
  if (me == 0)
    printf("{\"impl\": \"runtime\", \"path\": \"%s\", \"kind\": \"%s\", \"bytes\": %zu, "
           "\"runs\": %ld, \"run_bytes\": %zu, \"pingpong_us\": %.3f, \"reflect_us\": %.3f, "
           "\"wrong\": %ld, \"ranks\": %ld, \"order\": \"%s\"}\n",
           comm, kind_names[kind], bytes, outer, (size_t)inner * sizeof(double),
           t_pingpong * 1e6, t_reflect * 1e6, all_wrong, planes / 2, order);
  fflush(stdout);
  xmp_dev_release(d);
  xmp_rt_array_free(a);
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  size_t max = 16u << 20;
  for (int i = 1; i + 1 < argc; i += 2)
    if (strcmp(argv[i], "--max") == 0)
      max = (size_t)strtoull(argv[i + 1], NULL, 10);
    else if (strcmp(argv[i], "--reps") == 0)
      max_reps = atoi(argv[i + 1]);
  int n;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  if (n < 2) {
    fprintf(stderr, "halo_bench: run it on 2 or more ranks (it ran on %d)\n", n);
    return xmp_rt_finalize(2);
  }
  planes = 2L * n;
  const char *comm = getenv("XMP_COMM") != NULL ? getenv("XMP_COMM") : "auto";
  xmp_rt_nodes_t *nodes = xmp_rt_nodes_create(1, (const long[]){n}, "p", &here);
  for (int kind = 0; kind < NKINDS; kind++)
    for (size_t bytes = 1024; bytes <= max; bytes *= 4)
      run_case(nodes, kind, bytes, comm);
  return xmp_rt_finalize(0);
}
