/* test_mpi_comm_summary.c - XMP_COMM_REPORT=1's summary at the program's end, on a short
 * program whose exchanges and collectives finish no measuring window: 3 reflects of a
 * block-distributed array with shadow 1:1 (faces of 8 B), 2 sum reductions of an int and one
 * bcast of a long from node 0. Before finalizing, every rank checks its records (hybridcomm/
 * summary.c) against counts worked out here: executions, bytes, and faces or steps summed
 * over the paths (under XMP_COMM=mpi all of them MPI; under auto the first executions
 * alternate MPI and the direct path where it exists). The lines printed at the end are
 * checked by CMake (test/runtime/CMakeLists.txt, expect_lines.sh). Without XMP_COMM_REPORT
 * there must be no record at all. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmp_rt.h"
#include "xmphc_internal.h"

#define N 12

static const xmp_rt_srcloc_t decl = {"summary.c", 10, "align a[i] with t(i)"};
static const xmp_rt_srcloc_t at_reflect = {"summary.c", 20, "reflect (a)"};
static const xmp_rt_srcloc_t at_reduce = {"summary.c", 30, "reduction (+: s)"};
static const xmp_rt_srcloc_t at_bcast = {"summary.c", 40, "bcast (v)"};

/* The record of kind at where (NULL: none). */
static const xmphc_sum_t *find(int kind, const xmp_rt_srcloc_t *where) {
  for (const xmphc_sum_t *s = xmphc_sum_records()->head; s != NULL; s = s->next)
    if (s->kind == kind && s->where.line == where->line)
      return s;
  return NULL;
}

/* Faces or steps of s over the point-to-point paths, and over MPI alone. */
static long moved(const xmphc_sum_t *s) {
  long n = 0;
  for (int p = 0; p < XMPHC_SUM_NPATHS; p++)
    n += s->n[p];
  return n;
}

/* Steps of rank me in a recursive-doubling allreduce over p ranks (coll_algo.c). */
static long allreduce_steps(int p, int me) {
  int q = 1, levels = 0;
  while (2 * q <= p) {
    q *= 2;
    levels++;
  }
  int r = p - q;
  if (me < 2 * r && me % 2 == 0)
    return 2; /* folds into me + 1, gets the result back */
  return levels + (me < 2 * r ? 2 : 0);
}

/* Steps of rank me in a binomial bcast from rank 0 over p ranks. */
static long bcast_steps(int p, int me) {
  long n = 0;
  int mask = 1;
  for (; mask < p; mask <<= 1)
    if (me & mask) {
      n++;
      break;
    }
  for (mask >>= 1; mask > 0; mask >>= 1)
    n += me + mask < p;
  return n;
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  int me = xmp_all_node_num() - 1, np = xmp_all_num_nodes();
  const char *comm = getenv("XMP_COMM");
  int mpi_only = comm != NULL && strcmp(comm, "mpi") == 0;

  long star = -1, lower = 0, upper = N - 1, ext = N, off = 0, lo = 1, hi = 1;
  int full = 0, tdim = 0, kind = XMP_RT_DIST_BLOCK;
  intptr_t param = 0;
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &decl);
  xmp_rt_template_t *t = xmp_rt_template_create(1, &lower, &upper, "t", &decl);
  xmp_rt_template_distribute(t, &kind, &param, p, &decl);
  xmp_rt_array_t *a = xmp_rt_array_create(1, &ext, sizeof(double), t, &tdim, &off, "a", &decl);
  xmp_rt_array_shadow(a, &lo, &hi, &full, &decl);
  xmp_rt_layout_t lay;
  xmp_rt_array_allocate(a, &lay);
  for (int k = 0; k < 3; k++)
    xmp_rt_reflect(a, NULL, NULL, NULL, 0, -1, &at_reflect);
  int s = me + 1;
  for (int k = 0; k < 2; k++)
    xmp_rt_reduce(&s, 1, XMP_RT_INT, XMP_RT_OP_SUM, NULL, NULL, &at_reduce);
  CHECK(s == np * np * (np + 1) / 2); /* the second reduction sums np copies of the first */
  long v = me == 0 ? 4242 : 0;
  xmp_rt_bcast(&v, sizeof v, NULL, NULL, &at_bcast);
  CHECK(v == 4242);

  if (!xmphc_config()->report) { /* no records at all */
    CHECK(xmphc_sum_records()->head == NULL);
    xmp_rt_array_free(a);
    return xmp_rt_finalize(CHECK_RESULT());
  }
  /* The exchange: a send and a receive per neighbour and execution. */
  long faces = 2 * ((me > 0) + (me < np - 1));
  const xmphc_sum_t *x = find(XMPHC_SUM_HALO, &at_reflect);
  CHECK(x != NULL);
  if (x != NULL) {
    CHECK(x->device == 0 && x->nodes == np && strcmp(x->what, "array 'a' dimension 0") == 0);
    CHECKF(x->calls == 3 && x->bytes == 3.0 * 8 * (double)faces, "rank %d: %ld executions, "
           "%.0f B", me, x->calls, x->bytes);
    CHECKF(moved(x) == 3 * faces, "rank %d: %ld faces, expected %ld", me, moved(x), 3 * faces);
    CHECK(x->n[XMPHC_SUM_MPI] + x->n[XMPHC_SUM_UCX] == moved(x));
    CHECK(!mpi_only || x->n[XMPHC_SUM_MPI] == 3 * faces);
    CHECK(x->time > 0 && (faces == 0 || x->t[XMPHC_SUM_MPI] > 0));
  }
  const xmphc_sum_t *r = find(XMPHC_SUM_ALLREDUCE, &at_reduce);
  CHECK(r != NULL);
  if (r != NULL) {
    long steps = 2 * allreduce_steps(np, me);
    CHECK(r->device == 0 && r->nodes == np && r->calls == 2 && r->bytes == 8.0);
    CHECKF(moved(r) == steps, "rank %d: %ld allreduce steps, expected %ld", me, moved(r),
           steps);
    CHECK(r->n[XMPHC_SUM_MPI] + r->n[XMPHC_SUM_UCX] == moved(r));
    CHECK(!mpi_only || r->n[XMPHC_SUM_MPI] == steps);
  }
  const xmphc_sum_t *b = find(XMPHC_SUM_BCAST, &at_bcast);
  CHECK(b != NULL);
  if (b != NULL) {
    CHECK(b->calls == 1 && b->bytes == 8.0 && b->nodes == np);
    CHECKF(moved(b) == bcast_steps(np, me), "rank %d: %ld bcast steps, expected %ld", me,
           moved(b), bcast_steps(np, me));
    CHECK(!mpi_only || b->n[XMPHC_SUM_MPI] == moved(b));
  }
  int n = 0;
  for (const xmphc_sum_t *q = xmphc_sum_records()->head; q != NULL; q = q->next)
    n++;
  CHECKF(n == 3, "rank %d: %d records", me, n);

  int failed = check_failures > 0, any;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  xmp_rt_array_free(a);
  return xmp_rt_finalize(any ? (me == 0 ? CHECK_RESULT() : 1) : 0);
}
