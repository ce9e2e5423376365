/* test_mpi_reflect.c - shadows, reflect, async and bcast on 1 to 4 ranks. Owned elements
 * hold f(global index), shadows a sentinel; after a reflect every allocated element is
 * checked against a reference computed here from block arithmetic: a shadow element equals
 * f of its (wrapped) global index when it lies within the requested width, inside the
 * global bounds or periodic, on a node owning elements in that dimension; otherwise it
 * keeps the sentinel. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "xmp_rt.h"
#include "xmpi_internal.h" /* xmpi_reflect_plan_count */

#define SENTINEL (-1.0)

static const xmp_rt_srcloc_t here = {"test_mpi_reflect.c", 0, "test"};

typedef struct {
  const char *label;
  xmp_rt_array_t *a;
  xmp_rt_layout_t lay;
  int rank;
  long ext[3], slo[3], shi[3];
  int full[3];
  long olo[3], ohi[3], lext[3]; /* reference owned range and local extent */
} arr_t;

/* A rank-r array aligned a[i..] with t(i+1, ..): array dim d with template dim tdim[d] of a
 * template whose first n->rank dims are block over the node dims, the rest '*'. */
static void setup(arr_t *A, const char *label, xmp_rt_nodes_t *n, int rank, const long *ext,
                  const int *tdim, int trank, const long *slo, const long *shi,
                  const int *full) {
  memset(A, 0, sizeof *A);
  A->label = label;
  A->rank = rank;
  long tl[3] = {1, 1, 1}, tu[3] = {4, 4, 4}, off[3] = {1, 1, 1};
  for (int d = 0; d < rank; d++)
    tu[tdim[d]] = ext[d];
  xmp_rt_template_t *t = xmp_rt_template_create(trank, tl, tu, "t", &here);
  int kinds[3];
  intptr_t params[3] = {0, 0, 0};
  int nrank = n != NULL ? n->rank : 0;
  for (int k = 0; k < trank; k++)
    kinds[k] = k < nrank ? XMP_RT_DIST_BLOCK : XMP_RT_DIST_NONE;
  if (n != NULL)
    xmp_rt_template_distribute(t, kinds, params, n, &here);
  A->a = xmp_rt_array_create(rank, ext, sizeof(double), t, tdim, off, label, &here);
  xmp_rt_array_shadow(A->a, slo, shi, full, &here);
  xmp_rt_array_allocate(A->a, &A->lay);
  for (int d = 0; d < rank; d++) {
    A->ext[d] = ext[d];
    A->slo[d] = full[d] ? 0 : slo[d];
    A->shi[d] = full[d] ? 0 : shi[d];
    A->full[d] = full[d];
    /* Block: ceil(T / P) template indices per node, T = ext, template index = i + 1. */
    long p = tdim[d] < nrank ? xmp_rt_nodes_size(n, tdim[d]) : 1;
    long c = tdim[d] < nrank ? xmp_rt_nodes_coord(n, tdim[d]) : 0;
    long chunk = (ext[d] + p - 1) / p;
    A->olo[d] = c * chunk;
    A->ohi[d] = c * chunk + chunk - 1 < ext[d] - 1 ? c * chunk + chunk - 1 : ext[d] - 1;
    long own = A->ohi[d] >= A->olo[d] ? A->ohi[d] - A->olo[d] + 1 : 0;
    A->lext[d] = full[d] ? ext[d] : own + slo[d] + shi[d];
    long base = full[d] ? 0 : A->olo[d] - slo[d];
    long lo, hi;
    xmp_rt_array_local_range(A->a, d, &lo, &hi);
    CHECKF(own > 0 ? lo == A->olo[d] && hi == A->ohi[d] : lo > hi, "%s dim %d range", label, d);
    CHECKF(A->lay.base[d] == base, "%s dim %d base %ld, expected %ld", label, d,
           A->lay.base[d], base);
  }
  CHECKF(A->lay.stride[rank - 1] == 1, "%s stride", label);
  for (int d = 1; d < rank; d++)
    CHECKF(A->lay.stride[d - 1] == A->lay.stride[d] * A->lext[d], "%s stride %d", label, d);
}

static double f(const long *g, int k) { return k * 1e6 + g[0] * 1e4 + g[1] * 1e2 + g[2] + 1; }

/* Calls fn(A, local linear position, global index) for every allocated element. */
static void for_all(arr_t *A, void (*fn)(arr_t *, long, const long *, void *), void *ctx) {
  long total = 1;
  for (int d = 0; d < A->rank; d++)
    total *= A->lext[d];
  for (long pos = 0; pos < total; pos++) {
    long g[3] = {0, 0, 0}, rest = pos;
    for (int d = A->rank - 1; d >= 0; d--) {
      g[d] = A->lay.base[d] + rest % A->lext[d];
      rest /= A->lext[d];
    }
    long at = 0;
    for (int d = 0; d < A->rank; d++)
      at += (g[d] - A->lay.base[d]) * A->lay.stride[d];
    fn(A, at, g, ctx);
  }
}

static int owned(const arr_t *A, int d, long g) { return g >= A->olo[d] && g <= A->ohi[d]; }

static void fill_one(arr_t *A, long at, const long *g, void *ctx) {
  int all = 1;
  for (int d = 0; d < A->rank; d++)
    all &= owned(A, d, g[d]);
  ((double *)A->lay.addr)[at] = all ? f(g, *(int *)ctx) : SENTINEL;
}

typedef struct {
  long wlo[3], whi[3]; /* resolved requested widths */
  int periodic[3];
  int k;
} want_t;

static void check_one(arr_t *A, long at, const long *g, void *ctx) {
  const want_t *w = ctx;
  long gw[3] = {g[0], g[1], g[2]};
  int valid = 1;
  for (int d = 0; d < A->rank; d++) {
    if (owned(A, d, g[d]))
      continue;
    int inside = g[d] >= 0 && g[d] < A->ext[d];
    if (A->full[d]) {
      valid &= inside && w->wlo[d] != 0;
      continue;
    }
    int nonempty = A->ohi[d] >= A->olo[d];
    long dist = g[d] < A->olo[d] ? A->olo[d] - g[d] : g[d] - A->ohi[d];
    long width = g[d] < A->olo[d] ? w->wlo[d] : w->whi[d];
    valid &= nonempty && dist <= width && (inside || w->periodic[d]);
    gw[d] = (g[d] % A->ext[d] + A->ext[d]) % A->ext[d];
  }
  double want = valid ? f(gw, w->k) : SENTINEL, got = ((double *)A->lay.addr)[at];
  CHECKF(got == want, "%s rank %d k %d at (%ld,%ld,%ld): got %g, want %g", A->label,
         xmpc_all_node_num(), w->k, g[0], g[1], g[2], got, want);
}

/* lo/hi/periodic as passed to xmp_rt_reflect (NULL or -1 allowed). */
static want_t resolve(const arr_t *A, const long *lo, const long *hi, const int *per, int k) {
  want_t w = {{0}, {0}, {0}, k};
  for (int d = 0; d < A->rank; d++) {
    long l = lo ? lo[d] : -1, h = hi ? hi[d] : -1;
    if (A->full[d]) {
      w.wlo[d] = w.whi[d] = l != 0 || h != 0;
      continue;
    }
    w.wlo[d] = l < 0 ? A->slo[d] : l;
    w.whi[d] = h < 0 ? A->shi[d] : h;
    w.periodic[d] = per ? per[d] : 0;
  }
  return w;
}

static void fill(arr_t *A, int k) { for_all(A, fill_one, &k); }

static void check(arr_t *A, const long *lo, const long *hi, const int *per, int k) {
  want_t w = resolve(A, lo, hi, per, k);
  for_all(A, check_one, &w);
}

static void reflect_and_check(arr_t *A, const long *lo, const long *hi, const int *per, int k) {
  fill(A, k);
  xmp_rt_reflect(A->a, lo, hi, per, 0, -1, &here);
  check(A, lo, hi, per, k);
}

static const int per_all[3] = {1, 1, 1};

static void one_dim(xmp_rt_nodes_t *p1) {
  const int td[] = {0}, nofull[3] = {0};
  arr_t A;
  /* 10 elements, shadow 1: declared, periodic, one side, narrower than declared. */
  long e10[] = {10}, one[] = {1}, zero[] = {0};
  setup(&A, "a10", p1, 1, e10, td, 1, one, one, nofull);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  reflect_and_check(&A, NULL, NULL, per_all, 2);
  reflect_and_check(&A, zero, one, NULL, 3);
  reflect_and_check(&A, zero, NULL, per_all, 4);
  /* Repeats reuse the cached plans: 4 distinct requests so far. */
  for (int k = 5; k < 8; k++)
    reflect_and_check(&A, NULL, NULL, per_all, k);
  CHECK(xmpi_reflect_plan_count(A.a) == 4);
  xmp_rt_array_free(A.a);

  /* 10 elements, asymmetric 1:2 (the last node may own just one, enough up to the end). */
  long two[] = {2}, m1[] = {-1};
  setup(&A, "a10_12", p1, 1, e10, td, 1, one, two, nofull);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  reflect_and_check(&A, m1, one, NULL, 2);
  xmp_rt_array_free(A.a);

  /* 11 elements, shadow 2: every node owns at least 2, so periodic works on 1..4 nodes. */
  long e11[] = {11};
  setup(&A, "a11", p1, 1, e11, td, 1, two, two, nofull);
  reflect_and_check(&A, NULL, NULL, per_all, 1);
  reflect_and_check(&A, one, m1, per_all, 2);
  reflect_and_check(&A, two, zero, NULL, 3);
  xmp_rt_array_free(A.a);

  /* 3 elements: on 4 nodes the last owns nothing and keeps its shadows. */
  long e3[] = {3};
  setup(&A, "a3", p1, 1, e3, td, 1, one, one, nofull);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  reflect_and_check(&A, NULL, NULL, per_all, 2);
  xmp_rt_array_free(A.a);

  /* Full shadow: every node ends with the whole array. */
  const int full[] = {1};
  setup(&A, "a10_full", p1, 1, e10, td, 1, zero, zero, full);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  reflect_and_check(&A, zero, zero, NULL, 2); /* 0:0 gathers nothing */
  xmp_rt_array_free(A.a);
}

/* 2-d and 3-d arrays over nodes n (1-d or 2-d): dims of the template past n's rank are '*'. */
static void multi_dim(xmp_rt_nodes_t *n, const char *tag) {
  char label[64];
  arr_t A, B;
  const int td[] = {0, 1, 2}, nofull[3] = {0};
  long e79[] = {7, 9}, lo79[] = {1, 2}, hi79[] = {2, 1};
  snprintf(label, sizeof label, "b79_%s", tag);
  setup(&A, label, n, 2, e79, td, 2, lo79, hi79, nofull);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  /* Periodic only 1 wide in dim 0: on 3 or 4 nodes the last owns a single element of 7. */
  long w11[] = {1, -1};
  reflect_and_check(&A, w11, w11, per_all, 2);
  long w10[] = {1, 0}, wm1[] = {-1, 1};
  reflect_and_check(&A, w10, wm1, NULL, 3);
  const int per01[] = {0, 1};
  reflect_and_check(&A, w10, wm1, per01, 4);

  /* Async: two arrays under one id, a third under another; corners must still be right. */
  long e567[] = {5, 6, 7}, lo567[] = {1, 2, 1}, hi567[] = {1, 1, 1};
  snprintf(label, sizeof label, "c567_%s", tag);
  setup(&B, label, n, 3, e567, td, 3, lo567, hi567, nofull);
  for (int k = 5; k < 7; k++) {
    fill(&A, k);
    fill(&B, k);
    xmp_rt_reflect(A.a, w11, w11, per_all, 0, 7, &here);
    xmp_rt_reflect(B.a, NULL, NULL, NULL, 0, 7, &here);
    xmp_rt_wait_async(7, &here);
    check(&A, w11, w11, per_all, k);
    check(&B, NULL, NULL, NULL, k);
  }
  reflect_and_check(&B, NULL, NULL, per_all, 8);
  long w3lo[] = {0, 1, 1}, w3hi[] = {1, 0, -1};
  reflect_and_check(&B, w3lo, w3hi, per_all, 9);
  CHECK(xmpi_reflect_plan_count(B.a) == 3);
  xmp_rt_array_free(B.a);
  xmp_rt_array_free(A.a);

  /* Full shadow on dim 0, normal shadow on dim 1. */
  const int full0[] = {1, 0};
  long lo11[] = {0, 1}, hi11[] = {0, 1};
  snprintf(label, sizeof label, "d79_full_%s", tag);
  setup(&A, label, n, 2, e79, td, 2, lo11, hi11, full0);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  reflect_and_check(&A, NULL, NULL, per_all, 2);
  fill(&A, 3); /* async on a full dimension may complete at once; wait must still accept it */
  xmp_rt_reflect(A.a, NULL, NULL, NULL, 0, 8, &here);
  xmp_rt_wait_async(8, &here);
  check(&A, NULL, NULL, NULL, 3);
  xmp_rt_array_free(A.a);
}

/* A 1-d array aligned with dim 1 of a 2-d template on 2-d nodes: replicated along node
 * dim 0, exchanged along node dim 1 only. */
static void replicated(xmp_rt_nodes_t *p2) {
  arr_t A;
  const int td[] = {1}, nofull[1] = {0};
  long e9[] = {9}, one[] = {1};
  setup(&A, "r9", p2, 1, e9, td, 2, one, one, nofull);
  reflect_and_check(&A, NULL, NULL, NULL, 1);
  reflect_and_check(&A, NULL, NULL, per_all, 2);
  xmp_rt_array_free(A.a);
}

typedef struct {
  int i;
  double d;
  char s[13];
  long l[3];
} payload_t;

static void bcast(xmp_rt_nodes_t *n) {
  int np = xmp_all_num_nodes(), me = xmpc_all_node_num();
  payload_t want = {42, 2.5, "hello, nodes", {7, -8, 9}}, got;
  /* From the last node of n (not node 0 as soon as there are two). */
  int root[2] = {n->size[0] - 1, n->rank > 1 ? n->size[1] - 1 : 0};
  int is_root = n->coord[0] == root[0] && (n->rank < 2 || n->coord[1] == root[1]);
  memset(&got, 0, sizeof got);
  if (is_root)
    got = want;
  xmp_rt_bcast(&got, sizeof got, n, root, &here);
  CHECK(memcmp(&got, &want, sizeof got) == 0);

  /* NULL nodes and root: from rank 0 of all nodes. */
  memset(&got, 0, sizeof got);
  if (me == 0)
    got = want;
  xmp_rt_bcast(&got, sizeof got, NULL, NULL, &here);
  CHECK(memcmp(&got, &want, sizeof got) == 0);
  int last = np - 1;
  long v = me == last ? 12345 : 0;
  xmp_rt_bcast(&v, sizeof v, NULL, &last, &here);
  CHECK(v == 12345);
  xmp_rt_bcast(&v, 0, n, NULL, &here); /* nothing to send */
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  int np = xmp_all_num_nodes();
  long star = -1, pair[] = {-1, 2};
  xmp_rt_nodes_t *p1 = xmp_rt_nodes_create(1, &star, "p1", &here);
  one_dim(p1);
  multi_dim(p1, "p1");
  multi_dim(NULL, "undistributed"); /* one node's worth everywhere; periodic wraps to itself */
  if (np % 2 == 0) {
    xmp_rt_nodes_t *p2 = xmp_rt_nodes_create(2, pair, "p2", &here);
    multi_dim(p2, "p2");
    replicated(p2);
    bcast(p2);
  } else {
    bcast(p1);
  }
  int rc = CHECK_RESULT();
  xmp_rt_reduce(&rc, 1, XMP_RT_INT, XMP_RT_OP_MAX, NULL, NULL, &here);
  return xmp_rt_finalize(rc);
}
