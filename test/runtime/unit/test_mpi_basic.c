/* test_mpi_basic.c - the runtime ABI end to end on 1 to 4 ranks: nodes, templates, arrays,
 * loop bounds and reductions, checked with collectives so every rank agrees on the result. */
#include <stdbool.h>
#include <stdint.h>

#include "check.h"
#include "xmp.h"
#include "xmp_rt.h"

static const xmp_rt_srcloc_t here = {"test_mpi_basic.c", 0, "test"};
static int module_ran;

static void module_init(void) { module_ran++; }

__attribute__((constructor)) static void register_module(void) {
  xmp_rt_register_module_init(module_init);
}

/* Sums over all ranks, via the runtime's own reduction. */
static long all_sum(long v) {
  xmp_rt_reduce(&v, 1, XMP_RT_LONG, XMP_RT_OP_SUM, NULL, NULL, &here);
  return v;
}

/* Sum of i for i in lb..ub step s on template t dim 0, each iteration counted where owned. */
static long distributed_sum(xmp_rt_template_t *t, long off, long lb, long ub, long step) {
  long llb, lub, ls, s = 0;
  xmp_rt_loop_bounds(t, 0, off, lb, ub, step, &llb, &lub, &ls);
  for (long i = llb; ls > 0 ? i <= lub : i >= lub; i += ls)
    s += i;
  xmp_rt_reduce(&s, 1, XMP_RT_LONG, XMP_RT_OP_SUM, t, NULL, &here);
  return s;
}

static long serial_sum(long lb, long ub, long step) {
  long s = 0;
  for (long i = lb; step > 0 ? i <= ub : i >= ub; i += step)
    s += i;
  return s;
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  int np = xmp_all_num_nodes();
  CHECK(module_ran == 1);
  CHECK(xmp_node_num() == xmpc_node_num() + 1 && xmp_num_nodes() == np);
  CHECK(xmp_all_node_num() == xmpc_all_node_num() + 1);
  CHECK(xmp_wtick() > 0 && xmp_wtime() >= 0);

  long star = -1;
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &here);
  CHECK(xmp_rt_nodes_size(p, 0) == np && xmp_rt_nodes_coord(p, 0) == xmpc_node_num());

  /* Block template t(1:10): local ranges tile the template. */
  long lo = 1, hi = 10;
  xmp_rt_template_t *t = xmp_rt_template_create(1, &lo, &hi, "t", &here);
  /* Undistributed: every node runs all iterations and already has the full sum. */
  CHECK(distributed_sum(t, 0, 1, 10, 1) == 55);
  int kinds[] = {XMP_RT_DIST_BLOCK};
  intptr_t params[] = {0};
  xmp_rt_template_distribute(t, kinds, params, p, &here);
  long tl, tu;
  xmp_rt_template_local_range(t, 0, &tl, &tu);
  CHECK(all_sum(tu >= tl ? tu - tl + 1 : 0) == 10);
  CHECK(distributed_sum(t, 0, 1, 10, 1) == 55);
  CHECK(distributed_sum(t, -1, 11, 2, -3) == serial_sum(11, 2, -3));
  {
    /* A nest's bounds in one call equal the loops' one by one. */
    int nd[] = {0, 0};
    long noff[] = {0, -1}, nlb[] = {1, 11}, nub[] = {10, 2}, nst[] = {2, -3}, out[6];
    xmp_rt_loop_bounds_nest(t, 2, nd, noff, nlb, nub, nst, out);
    for (int k = 0; k < 2; ++k) {
      long l, u, s;
      xmp_rt_loop_bounds(t, 0, noff[k], nlb[k], nub[k], nst[k], &l, &u, &s);
      CHECK(out[3 * k] == l && out[3 * k + 1] == u && out[3 * k + 2] == s);
    }
  }


  /* Array a[10] aligned a[i] with t(i+1): each rank writes its part, the sum is global. */
  long ext = 10, off = 1;
  int tdim = 0;
  xmp_rt_array_t *a = xmp_rt_array_create(1, &ext, sizeof(double), t, &tdim, &off, "a", &here);
  xmp_rt_layout_t lay;
  xmp_rt_array_allocate(a, &lay);
  CHECK(lay.addr != NULL && lay.stride[0] == 1);
  long al, au, llb, lub, ls;
  xmp_rt_array_local_range(a, 0, &al, &au);
  CHECK(al == tl - 1 && au == tu - 1);
  double *ad = lay.addr, dsum = 0;
  xmp_rt_loop_bounds(t, 0, 1, 0, 9, 1, &llb, &lub, &ls);
  for (long i = llb; i <= lub; i += ls) {
    ad[(i - lay.base[0]) * lay.stride[0]] = (double)i;
    dsum += ad[(i - lay.base[0]) * lay.stride[0]];
  }
  xmp_rt_reduce(&dsum, 1, XMP_RT_DOUBLE, XMP_RT_OP_SUM, t, NULL, &here);
  CHECK(dsum == 45.0);

  /* 2-d: b[6][5] aligned with template u(0:5, 0:4) distributed (block, *) plus collapsed. */
  long ulo[] = {0, 0}, uhi[] = {5, 4};
  xmp_rt_template_t *u = xmp_rt_template_create(2, ulo, uhi, "u", &here);
  int ukinds[] = {XMP_RT_DIST_BLOCK, XMP_RT_DIST_NONE};
  intptr_t uparams[] = {0, 0};
  xmp_rt_template_distribute(u, ukinds, uparams, p, &here);
  long bext[] = {6, 5}, boff[] = {0, 0};
  int btdim[] = {0, -1};
  xmp_rt_array_t *b = xmp_rt_array_create(2, bext, sizeof(int), u, btdim, boff, "b", &here);
  xmp_rt_array_allocate(b, &lay);
  long bl, bu;
  xmp_rt_array_local_range(b, 1, &bl, &bu);
  CHECK(bl == 0 && bu == 4 && lay.stride[1] == 1 && lay.stride[0] == 5);
  xmp_rt_array_local_range(b, 0, &bl, &bu);
  int *bd = lay.addr;
  long cnt = 0;
  for (long i = bl; i <= bu; i++)
    for (long j = 0; j < 5; j++)
      cnt += bd[(i - lay.base[0]) * lay.stride[0] + (j - lay.base[1]) * lay.stride[1]] == 0;
  CHECK(all_sum(cnt) == 30);
  xmp_rt_array_free(b);

  /* A loop no template distributes: every node, every iteration, the last made exact. */
  {
    long l, u2, s;
    xmp_rt_loop_bounds_all(1, 10, 3, &l, &u2, &s, &here);
    CHECK(l == 1 && u2 == 10 && s == 3);
    xmp_rt_loop_bounds_all(10, 1, -4, &l, &u2, &s, &here);
    CHECK(l == 10 && u2 == 2 && s == -4);
    xmp_rt_loop_bounds_all(0, -1, 1, &l, &u2, &s, &here);
    CHECK(u2 < l);
  }

  /* The reduction of a distributed array over nodes owning the same part: rr[3][4] aligned
   * with u's undistributed dimension, so every node owns all of it. Each adds (rank + 1) times
   * the element's position. */
  {
    long rext[] = {3, 4}, roff[] = {0, 0};
    int rtdim[] = {1, -1};
    xmp_rt_array_t *rr = xmp_rt_array_create(2, rext, sizeof(long), u, rtdim, roff, "rr", &here);
    xmp_rt_array_allocate(rr, &lay);
    long *rd = lay.addr;
    for (long i = 0; i < 3; i++)
      for (long j = 0; j < 4; j++)
        rd[(i - lay.base[0]) * lay.stride[0] + (j - lay.base[1]) * lay.stride[1]] =
            (xmpc_node_num() + 1) * (i * 4 + j);
    xmp_rt_reduce_array(rr, XMP_RT_LONG, XMP_RT_OP_SUM, NULL, NULL, &here);
    long bad = 0;
    for (long i = 0; i < 3; i++)
      for (long j = 0; j < 4; j++)
        bad += rd[(i - lay.base[0]) * lay.stride[0] + (j - lay.base[1]) * lay.stride[1]] !=
               (long)np * (np + 1) / 2 * (i * 4 + j);
    CHECK(all_sum(bad) == 0);
    xmp_rt_array_free(rr);
  }

  /* Library procedures: m[10][3] split by rows over t(1:10) (offset 1), its transpose
   * mt[3][10] split by columns, and the product q[10][10] = m mt, by rows. */
  {
    long mext[] = {10, 3}, text[] = {3, 10}, qext[] = {10, 10}, one[] = {1, 1};
    int rows[] = {0, -1}, cols[] = {-1, 0};
    xmp_rt_array_t *m = xmp_rt_array_create(2, mext, sizeof(double), t, rows, one, "m", &here);
    xmp_rt_array_t *mt = xmp_rt_array_create(2, text, sizeof(double), t, cols, one, "mt", &here);
    xmp_rt_array_t *q = xmp_rt_array_create(2, qext, sizeof(double), t, rows, one, "q", &here);
    xmp_rt_layout_t ml, tl2, ql;
    xmp_rt_array_set_type(m, XMP_RT_DOUBLE);
    xmp_rt_array_set_type(mt, XMP_RT_DOUBLE);
    xmp_rt_array_set_type(q, XMP_RT_DOUBLE);
    xmp_rt_array_allocate(m, &ml);
    xmp_rt_array_allocate(mt, &tl2);
    xmp_rt_array_allocate(q, &ql);
    long lo, hi;
    xmp_rt_array_local_range(m, 0, &lo, &hi);
    double *md = ml.addr, *td = tl2.addr, *qd = ql.addr;
    for (long i = lo; i <= hi; i++)
      for (long j = 0; j < 3; j++)
        md[(i - ml.base[0]) * ml.stride[0] + (j - ml.base[1]) * ml.stride[1]] = (double)(i + j);
    xmp_transpose(xmp_rt_desc(mt, XMP_RT_DESC_ARRAY), xmp_rt_desc(m, XMP_RT_DESC_ARRAY), 1);
    xmp_matmul(xmp_rt_desc(q, XMP_RT_DESC_ARRAY), xmp_rt_desc(m, XMP_RT_DESC_ARRAY),
               xmp_rt_desc(mt, XMP_RT_DESC_ARRAY));
    long bad = 0;
    for (long i = 0; i < 3; i++)
      for (long j = lo; j <= hi; j++)
        bad += td[(i - tl2.base[0]) * tl2.stride[0] + (j - tl2.base[1]) * tl2.stride[1]] !=
               (double)(i + j);
    for (long i = lo; i <= hi; i++)
      for (long j = 0; j < 10; j++)
        bad += qd[(i - ql.base[0]) * ql.stride[0] + (j - ql.base[1]) * ql.stride[1]] !=
               (double)(3 * i * j + 3 * (i + j) + 5);
    /* pack the elements of m with (i + j) even into pv[30] (block over t30), and unpack. */
    long l30 = 0, h30 = 29, vext = 30, zero = 0;
    xmp_rt_template_t *t30 = xmp_rt_template_create(1, &l30, &h30, "t30", &here);
    xmp_rt_template_distribute(t30, kinds, params, p, &here);
    int vdim = 0;
    xmp_rt_array_t *pv = xmp_rt_array_create(1, &vext, sizeof(double), t30, &vdim, &zero, "pv",
                                             &here);
    xmp_rt_array_t *mk = xmp_rt_array_create(2, mext, sizeof(char), t, rows, one, "mk", &here);
    xmp_rt_layout_t vl, kl;
    xmp_rt_array_allocate(pv, &vl);
    xmp_rt_array_allocate(mk, &kl);
    char *kd = kl.addr;
    for (long i = lo; i <= hi; i++)
      for (long j = 0; j < 3; j++)
        kd[(i - kl.base[0]) * kl.stride[0] + (j - kl.base[1]) * kl.stride[1]] = (i + j) % 2 == 0;
    long vlo, vhi;
    xmp_rt_array_local_range(pv, 0, &vlo, &vhi);
    double *vd = vl.addr;
    for (long k = vlo; k <= vhi; k++)
      vd[k - vl.base[0]] = -1;
    void *dpv = xmp_rt_desc(pv, XMP_RT_DESC_ARRAY), *dm = xmp_rt_desc(m, XMP_RT_DESC_ARRAY),
         *dk = xmp_rt_desc(mk, XMP_RT_DESC_ARRAY);
    xmp_pack(dpv, dm, dk);
    for (long k = vlo; k <= vhi; k++) {
      /* the k-th selected element in C order: 15 of the 30 are selected */
      long seen = -1, want = -1;
      for (long e = 0; e < 30 && k < 15; e++)
        if ((e / 3 + e % 3) % 2 == 0 && ++seen == k)
          want = e / 3 + e % 3;
      bad += vd[k - vl.base[0]] != (double)want;
    }
    for (long i = lo; i <= hi; i++)
      for (long j = 0; j < 3; j++)
        md[(i - ml.base[0]) * ml.stride[0] + (j - ml.base[1]) * ml.stride[1]] = 0;
    xmp_unpack(dm, dpv, dk);
    for (long i = lo; i <= hi; i++)
      for (long j = 0; j < 3; j++)
        bad += md[(i - ml.base[0]) * ml.stride[0] + (j - ml.base[1]) * ml.stride[1]] !=
               ((i + j) % 2 == 0 ? (double)(i + j) : 0.0);
    /* sort pv down into sd, and scatter sd back reversed through an index array. */
    xmp_rt_array_t *sd = xmp_rt_array_create(1, &vext, sizeof(double), t30, &vdim, &zero, "sd",
                                             &here);
    xmp_rt_array_t *ix = xmp_rt_array_create(1, &vext, sizeof(int), t30, &vdim, &zero, "ix",
                                             &here);
    xmp_rt_array_set_type(pv, XMP_RT_DOUBLE);
    xmp_rt_array_set_type(sd, XMP_RT_DOUBLE);
    xmp_rt_array_set_type(ix, XMP_RT_INT);
    xmp_rt_layout_t sl, il;
    xmp_rt_array_allocate(sd, &sl);
    xmp_rt_array_allocate(ix, &il);
    for (long k = vlo; k <= vhi; k++)
      ((int *)il.addr)[k - il.base[0]] = (int)(29 - k);
    void *dsd = xmp_rt_desc(sd, XMP_RT_DESC_ARRAY), *dix = xmp_rt_desc(ix, XMP_RT_DESC_ARRAY);
    xmp_sort_down(dpv, dsd);
    xmp_scatter(dpv, dsd, dix); /* pv[29 - k] = sd[k]: pv increasing */
    double *sdd = sl.addr;
    for (long k = vlo; k <= vhi; k++) {
      bad += k > vlo && sdd[k - sl.base[0]] > sdd[k - 1 - sl.base[0]];
      bad += k > vlo && vd[k - vl.base[0]] < vd[k - 1 - vl.base[0]];
    }
    CHECK(all_sum(bad) == 0);
    xmp_rt_array_free(ix);
    xmp_rt_array_free(sd);
    xmp_rt_array_free(mk);
    xmp_rt_array_free(pv);
    xmp_rt_array_free(q);
    xmp_rt_array_free(mt);
    xmp_rt_array_free(m);
  }

  /* Cyclic and gblock loops over all ranks. */
  xmp_rt_template_t *c = xmp_rt_template_create(1, &lo, &hi, "c", &here);
  int ckinds[] = {XMP_RT_DIST_CYCLIC};
  intptr_t cparams[] = {1};
  xmp_rt_template_distribute(c, ckinds, cparams, p, &here);
  CHECK(distributed_sum(c, 0, 1, 10, 1) == 55);
  CHECK(distributed_sum(c, 0, 10, 1, -2) == serial_sum(10, 1, -2));
  xmp_rt_array_t *ca = xmp_rt_array_create(1, &ext, sizeof(int), c, &tdim, &off, "ca", &here);
  xmp_rt_array_allocate(ca, &lay); /* block-cyclic storage is whole: freed at finalize */
  CHECK(lay.addr != NULL);

  int gsizes[4] = {0};
  for (int r = 0; r < np; r++)
    gsizes[r] = 10 / np + (r < 10 % np);
  xmp_rt_template_t *g = xmp_rt_template_create(1, &lo, &hi, "g", &here);
  int gkinds[] = {XMP_RT_DIST_GBLOCK};
  intptr_t gparams[] = {(intptr_t)gsizes};
  xmp_rt_template_distribute(g, gkinds, gparams, p, &here);
  CHECK(distributed_sum(g, 0, 1, 10, 2) == serial_sum(1, 10, 2));

  /* 2-d nodes (row-major ranks) when np is even: q(2, *). */
  if (np % 2 == 0) {
    long qs[] = {2, -1};
    xmp_rt_nodes_t *q = xmp_rt_nodes_create(2, qs, "q", &here);
    int me = xmpc_all_node_num();
    CHECK(xmp_rt_nodes_size(q, 1) == np / 2);
    CHECK(xmp_rt_nodes_coord(q, 0) == me / (np / 2) && xmp_rt_nodes_coord(q, 1) == me % (np / 2));
    long qlo[] = {0, 0}, qhi[] = {3, 7};
    xmp_rt_template_t *qt = xmp_rt_template_create(2, qlo, qhi, "qt", &here);
    int qk[] = {XMP_RT_DIST_BLOCK, XMP_RT_DIST_BLOCK};
    intptr_t qp[] = {0, 0};
    xmp_rt_template_distribute(qt, qk, qp, q, &here);
    long r0l, r0u, r1l, r1u;
    xmp_rt_template_local_range(qt, 0, &r0l, &r0u);
    xmp_rt_template_local_range(qt, 1, &r1l, &r1u);
    CHECK(all_sum((r0u - r0l + 1) * (r1u - r1l + 1)) == 32);
    xmp_rt_barrier(q);
  }

  /* Reduction types and operators. */
  int me1 = xmp_node_num();
  double dmax = me1;
  xmp_rt_reduce(&dmax, 1, XMP_RT_DOUBLE, XMP_RT_OP_MAX, NULL, p, &here);
  CHECK(dmax == np);
  long double ld[2] = {1.0L, (long double)me1};
  xmp_rt_reduce(ld, 2, XMP_RT_LDOUBLE, XMP_RT_OP_MINUS, NULL, NULL, &here);
  CHECK(ld[0] == np && ld[1] == np * (np + 1) / 2);
  char ch = (char)('a' + me1);
  xmp_rt_reduce(&ch, 1, XMP_RT_CHAR, XMP_RT_OP_MIN, NULL, NULL, &here);
  CHECK(ch == 'b');
  bool all = me1 != 2, any = me1 == 2;
  xmp_rt_reduce(&all, 1, XMP_RT_BOOL, XMP_RT_OP_LAND, NULL, NULL, &here);
  xmp_rt_reduce(&any, 1, XMP_RT_BOOL, XMP_RT_OP_SUM, NULL, NULL, &here);
  CHECK(all == (np < 2) && any == (np >= 2));
  unsigned bits = 1u << me1;
  xmp_rt_reduce(&bits, 1, XMP_RT_UINT, XMP_RT_OP_BOR, NULL, NULL, &here);
  CHECK(bits == ((1u << (np + 1)) - 2));
  float f = 2.0f;
  xmp_rt_reduce(&f, 1, XMP_RT_FLOAT, XMP_RT_OP_PROD, NULL, NULL, &here);
  CHECK(f == (float)(1 << np));

  xmp_rt_barrier(NULL);
  xmp_rt_array_free(a);
  int rc = CHECK_RESULT();
  xmp_rt_reduce(&rc, 1, XMP_RT_INT, XMP_RT_OP_MAX, NULL, NULL, &here);
  return xmp_rt_finalize(rc);
}
