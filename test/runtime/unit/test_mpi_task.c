/* test_mpi_task.c - node subsets, tasks and the executing node set on 1 to 4 ranks: every
 * expectation is computed here from the world rank and the selection, independently of the
 * runtime. */
#include <stdint.h>

#include "check.h"
#include "xmp_rt.h"
#include "xmpi_exec.h"

static const xmp_rt_srcloc_t here = {"test_mpi_task.c", 0, "test"};
static int np, me; /* world size and 0-based world rank */

/* Whether r is in lb..ub step st, and its position there. */
static long pos_in(long r, long lb, long ub, long st) {
  if (st > 0 ? r < lb || r > ub : r > lb || r < ub)
    return -1;
  return (r - lb) % st == 0 ? (r - lb) / st : -1;
}

static long count_of(long lb, long ub, long st) {
  long c = 0;
  for (long r = 0; r < np; r++)
    c += pos_in(r, lb, ub, st) >= 0;
  return c;
}

/* Sum over the executing set (NULL nodes: the runtime's notion of it). */
static long exec_sum(long v) {
  xmp_rt_reduce(&v, 1, XMP_RT_LONG, XMP_RT_OP_SUM, NULL, NULL, &here);
  return v;
}

/* Inside a task on world ranks lb..ub:st of the 1-D p: intrinsics, collectives with NULL
 * nodes and `nodes r(*)` refer to the subset only. */
static void check_inside(long lb, long ub, long st) {
  long k = pos_in(me, lb, ub, st), cnt = count_of(lb, ub, st);
  CHECKF(k >= 0, "rank %d entered task %ld:%ld:%ld", me, lb, ub, st);
  CHECK(xmp_node_num() == k + 1 && xmpc_node_num() == k && xmp_num_nodes() == cnt);
  CHECK(xmp_all_node_num() == me + 1 && xmp_all_num_nodes() == np);
  long want = 0;
  for (long r = 0; r < np; r++)
    want += pos_in(r, lb, ub, st) >= 0 ? r + 1 : 0;
  CHECKF(exec_sum(me + 1) == want, "task %ld:%ld:%ld", lb, ub, st);
  /* bcast from the subset's first node, and from its last by rank. */
  long v = me == lb ? 1000 + me : -1;
  xmp_rt_bcast(&v, sizeof v, NULL, NULL, &here);
  CHECK(v == 1000 + lb);
  int last = (int)cnt - 1;
  v = k == last ? 7 * me : -1;
  xmp_rt_bcast(&v, sizeof v, NULL, &last, &here);
  CHECK(v == 7 * (lb + last * st));
  xmp_rt_barrier(NULL);
  long star = -1;
  xmp_rt_nodes_t *r = xmp_rt_nodes_create(1, &star, "r", &here);
  CHECK(xmp_rt_nodes_size(r, 0) == cnt && xmp_rt_nodes_coord(r, 0) == k);
  CHECK(xmp_rt_nodes_is_member(r));
  double d = 1.5;
  xmp_rt_reduce(&d, 1, XMP_RT_DOUBLE, XMP_RT_OP_SUM, NULL, r, &here);
  CHECK(d == 1.5 * (double)cnt);
}

static void test_subsets(xmp_rt_nodes_t *p) {
  /* q = p(0:np-1:2): the even ranks, as a 1-D '*' shape. */
  long lb = 0, ub = np - 1, st = 2, star = -1;
  xmp_rt_nodes_t *q = xmp_rt_nodes_create_subset(1, &star, p, &lb, &ub, &st, "q", &here);
  long cnt = count_of(0, np - 1, 2);
  CHECK(xmp_rt_nodes_is_member(q) == (me % 2 == 0));
  CHECK(xmp_rt_nodes_size(q, 0) == cnt);
  if (me % 2 == 0)
    CHECK(xmp_rt_nodes_coord(q, 0) == me / 2);
  /* Collectives on q: members only, the others return at once. */
  long s = me;
  xmp_rt_reduce(&s, 1, XMP_RT_LONG, XMP_RT_OP_SUM, NULL, q, &here);
  long evens = 0;
  for (long r = 0; r < np; r += 2)
    evens += r;
  CHECK(s == (me % 2 == 0 ? evens : me));
  xmp_rt_barrier(q);
  int root = (int)cnt - 1;
  long v = me == 2 * root ? 99 : me;
  xmp_rt_bcast(&v, sizeof v, q, &root, &here);
  CHECK(v == (me % 2 == 0 ? 99 : me));
  /* A task on q is entered by q's members only; the others name q all the same. */
  long ql = 0, qu = cnt - 1, qs = 1;
  if (xmp_rt_task_begin_nodes(q, &ql, &qu, &qs, &here)) {
    CHECK(me % 2 == 0);
    check_inside(0, np - 1, 2);
    xmp_rt_task_end();
  } else {
    CHECK(me % 2 == 1);
  }

  /* Template on the subset q: only members own elements or iterations. */
  long tlo = 0, thi = 9;
  xmp_rt_template_t *tq = xmp_rt_template_create(1, &tlo, &thi, "tq", &here);
  int kinds[] = {XMP_RT_DIST_BLOCK};
  intptr_t params[] = {0};
  xmp_rt_template_distribute(tq, kinds, params, q, &here);
  long l, u, ls, local = 0;
  xmp_rt_template_local_range(tq, 0, &l, &u);
  CHECK(me % 2 == 0 || l > u);
  xmp_rt_loop_bounds(tq, 0, 0, 0, 9, 1, &l, &u, &ls);
  for (long i = l; i <= u; i += ls)
    local += i;
  CHECK(me % 2 == 0 || local == 0);
  xmp_rt_reduce(&local, 1, XMP_RT_LONG, XMP_RT_OP_SUM, tq, NULL, &here);
  CHECK(me % 2 == 1 || local == 45);
  xmp_rt_loop_bounds(tq, 0, 0, 9, 0, -2, &l, &u, &ls);
  CHECK(me % 2 == 0 || l < u);
  long ext = 10, off = 0;
  int tdim = 0;
  xmp_rt_array_t *aq = xmp_rt_array_create(1, &ext, sizeof(int), tq, &tdim, &off, "aq", &here);
  xmp_rt_layout_t lay;
  xmp_rt_array_allocate(aq, &lay);
  xmp_rt_array_local_range(aq, 0, &l, &u);
  CHECK(lay.addr != NULL && (me % 2 == 0 || l > u));
  xmp_rt_array_free(aq);

  /* Reshaping: p(0:np-1) as q2(2, *) when np is even (q(2,*) of p(1:4) for np == 4). */
  if (np % 2 == 0) {
    long shape[] = {2, -1}, l0 = 0, u0 = np - 1, s0 = 1;
    xmp_rt_nodes_t *q2 = xmp_rt_nodes_create_subset(2, shape, p, &l0, &u0, &s0, "q2", &here);
    CHECK(xmp_rt_nodes_is_member(q2));
    CHECK(xmp_rt_nodes_size(q2, 0) == 2 && xmp_rt_nodes_size(q2, 1) == np / 2);
    CHECK(xmp_rt_nodes_coord(q2, 0) == me / (np / 2) && xmp_rt_nodes_coord(q2, 1) == me % (np / 2));
  }

  /* Subset of the executing set (parent NULL, `nodes e(*) = *`), reversed by a -1 step. */
  long el = np - 1, eu = 0, es = -1;
  xmp_rt_nodes_t *e = xmp_rt_nodes_create_subset(1, &star, NULL, &el, &eu, &es, "e", &here);
  CHECK(xmp_rt_nodes_is_member(e) && xmp_rt_nodes_coord(e, 0) == np - 1 - me);
}

static void test_subsets_2d(void) {
  if (np % 2 != 0)
    return;
  /* p2(2, np/2); rows are world ranks row-major. */
  int w = np / 2;
  long shape[] = {2, w};
  xmp_rt_nodes_t *p2 = xmp_rt_nodes_create(2, shape, "p2", &here);
  int row = me / w, col = me % w;
  /* p2(1, 0:w-1): the second row, as a 1-D array. */
  long lb[] = {1, 0}, ub[] = {1, w - 1}, st[] = {1, 1}, star = -1;
  xmp_rt_nodes_t *r1 = xmp_rt_nodes_create_subset(1, &star, p2, lb, ub, st, "r1", &here);
  CHECK(xmp_rt_nodes_is_member(r1) == (row == 1) && xmp_rt_nodes_size(r1, 0) == w);
  if (row == 1)
    CHECK(xmp_rt_nodes_coord(r1, 0) == col);
  /* p2(0:1, 0:w-1:2): the even columns of both rows, in C order, as c(*, 2)... reshaped to
   * (k, 2) with k = columns selected: node (i, j) of p2 goes to position i * k + j / 2. */
  long k = (w + 1) / 2;
  long lb2[] = {0, 0}, ub2[] = {1, w - 1}, st2[] = {1, 2}, sh2[] = {-1, 2};
  xmp_rt_nodes_t *c2 = xmp_rt_nodes_create_subset(2, sh2, p2, lb2, ub2, st2, "c2", &here);
  int in = col % 2 == 0;
  CHECK(xmp_rt_nodes_is_member(c2) == in && xmp_rt_nodes_size(c2, 0) == k);
  if (in) {
    long pos = row * k + col / 2;
    CHECK(xmp_rt_nodes_coord(c2, 0) == pos / 2 && xmp_rt_nodes_coord(c2, 1) == pos % 2);
  }
  /* A task on p2(0, 0:w-1) then on p2(1, 0:w-1), as in `tasks`. */
  for (long r = 0; r < 2; r++) {
    long tl[] = {r, 0}, tu[] = {r, w - 1};
    if (xmp_rt_task_begin_nodes(p2, tl, tu, st, &here)) {
      CHECK(row == r);
      check_inside(r * w, r * w + w - 1, 1);
      xmp_rt_task_end();
    } else {
      CHECK(row != r);
    }
  }
}

static void test_tasks(xmp_rt_nodes_t *p) {
  long h = (np + 1) / 2;
  /* `tasks`: two disjoint tasks one after the other; each rank runs exactly one. */
  long lbs[] = {0, h}, ubs[] = {h - 1, np - 1}, one = 1;
  int entered = 0;
  for (int i = 0; i < 2; i++) {
    if (xmp_rt_task_begin_nodes(p, &lbs[i], &ubs[i], &one, &here)) {
      entered++;
      check_inside(lbs[i], ubs[i], 1);
      xmp_rt_task_end();
    }
  }
  CHECK(entered == 1);
  CHECK(xmp_num_nodes() == np && xmp_node_num() == me + 1 && xmpi_exec_depth() == 0);

  /* Nested: p(0:h-1), in it p(h-1) (a single index), in it the executing set itself. */
  if (xmp_rt_task_begin_nodes(p, &lbs[0], &ubs[0], &one, &here)) {
    check_inside(0, h - 1, 1);
    long last = h - 1;
    if (xmp_rt_task_begin_nodes(p, &last, &last, &one, &here)) {
      CHECK(me == h - 1 && xmpi_exec_depth() == 2);
      check_inside(h - 1, h - 1, 1);
      long z = 0;
      if (xmp_rt_task_begin_nodes(NULL, &z, &z, &one, &here)) {
        CHECK(xmp_num_nodes() == 1 && xmpi_exec_depth() == 3);
        xmp_rt_task_end();
      }
      xmp_rt_task_end();
    } else {
      CHECK(me != h - 1);
    }
    CHECK(xmp_num_nodes() == h && exec_sum(1) == h);
    xmp_rt_task_end();
  }

  /* In a time loop: the two selections above are already cached (no split at all), and
   * a new one (all of p) is split on the first iteration only. */
  long before = xmpi_task_split_count(), total = 0, all_lb = 0, all_ub = np - 1;
  for (int it = 0; it < 100; it++) {
    for (int i = 0; i < 2; i++) {
      long lb = lbs[i], ub = ubs[i];
      if (xmp_rt_task_begin_nodes(p, &lb, &ub, &one, &here)) {
        total += exec_sum(it);
        xmp_rt_task_end();
      }
    }
    if (xmp_rt_task_begin_nodes(p, &all_lb, &all_ub, &one, &here)) {
      total += exec_sum(it);
      xmp_rt_task_end();
    }
  }
  /* On one rank, all of p is p(0:0), the first selection: cached as well. */
  CHECK(xmpi_task_split_count() - before == (np == 1 ? 0 : 1));
  long want = 0;
  for (int it = 0; it < 100; it++)
    want += (long)it * (me < h ? h : np - h) + (long)it * np;
  CHECK(total == want);
}

/* Owner of template index i of [0, n-1] on np nodes: block (chunk ceil(n/np)) or cyclic(w). */
static long owner(int kind, long w, long n, long i) {
  if (kind == XMP_RT_DIST_BLOCK)
    return i / ((n + np - 1) / np);
  return (i / w) % np;
}

static void test_template_tasks(xmp_rt_nodes_t *p) {
  static const struct { int kind; long w; } dists[] = {
      {XMP_RT_DIST_BLOCK, 0}, {XMP_RT_DIST_CYCLIC, 1}, {XMP_RT_DIST_CYCLIC, 2}};
  static const long sel[][3] = {{0, 2, 1}, {1, 9, 4}, {9, 0, -3}, {5, 5, 1}, {0, 9, 1}};
  long lo = 0, hi = 9;
  for (size_t di = 0; di < sizeof dists / sizeof dists[0]; di++) {
    xmp_rt_template_t *t = xmp_rt_template_create(1, &lo, &hi, "t", &here);
    int kind = dists[di].kind;
    intptr_t param = (intptr_t)dists[di].w;
    xmp_rt_template_distribute(t, &kind, &param, p, &here);
    for (size_t si = 0; si < sizeof sel / sizeof sel[0]; si++) {
      long lb = sel[si][0], ub = sel[si][1], st = sel[si][2];
      /* Serial reference: the owners of the selected elements, in rank order. */
      int owns[4] = {0};
      for (long i = lb; st > 0 ? i <= ub : i >= ub; i += st)
        owns[owner(kind, dists[di].w, 10, i)] = 1;
      long cnt = 0, k = -1;
      for (int r = 0; r < np; r++) {
        if (r == me && owns[r])
          k = cnt;
        cnt += owns[r];
      }
      int got = xmp_rt_task_begin_template(t, &lb, &ub, &st, &here);
      CHECKF(got == owns[me], "dist %zu selection %ld:%ld:%ld rank %d", di, lb, ub, st, me);
      if (got) {
        CHECKF(xmp_num_nodes() == cnt && xmpc_node_num() == k, "dist %zu sel %zu", di, si);
        CHECK(exec_sum(1) == cnt);
        xmp_rt_task_end();
      }
    }
  }
  /* 2-D template t2(0:3, 0:7) distributed (block, *) over p: t2(2:3, 5) runs on the owners
   * of rows 2..3. */
  long lo2[] = {0, 0}, hi2[] = {3, 7};
  xmp_rt_template_t *t2 = xmp_rt_template_create(2, lo2, hi2, "t2", &here);
  int k2[] = {XMP_RT_DIST_BLOCK, XMP_RT_DIST_NONE};
  intptr_t p2[] = {0, 0};
  xmp_rt_template_distribute(t2, k2, p2, p, &here);
  long lb[] = {2, 5}, ub[] = {3, 5}, st[] = {1, 1};
  long chunk = (4 + np - 1) / np;
  int want = me * chunk <= 3 && me * chunk + chunk - 1 >= 2;
  int got = xmp_rt_task_begin_template(t2, lb, ub, st, &here);
  CHECK(got == want);
  if (got)
    xmp_rt_task_end();
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  np = xmp_all_num_nodes();
  me = xmpc_all_node_num();
  long star = -1;
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &here);
  CHECK(xmp_rt_nodes_is_member(p) && xmp_rt_nodes_is_member(NULL));

  test_subsets(p);
  test_subsets_2d();
  test_tasks(p);
  test_template_tasks(p);

  CHECK(xmpi_exec_depth() == 0);
  int rc = CHECK_RESULT();
  xmp_rt_reduce(&rc, 1, XMP_RT_INT, XMP_RT_OP_MAX, NULL, NULL, &here);
  /* Finalize with a task still active: it is ended there. */
  long z = 0, one = 1;
  xmp_rt_task_begin_nodes(p, &z, &z, &one, &here);
  return xmp_rt_finalize(rc);
}
