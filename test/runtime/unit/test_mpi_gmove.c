/* test_mpi_gmove.c - xmp_rt_gmove on 1 to 4 ranks against a serial reference: every array
 * is also kept whole in plain memory, the same assignment is done there, and every element a
 * node holds (by ownership computed here from the distribution formats) must match it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmp_rt.h"

static const xmp_rt_srcloc_t here = {"test_mpi_gmove.c", 0, "gmove"};

/* A template as this test knows it: enough to tell independently who owns an index. */
typedef struct ttmpl {
  xmp_rt_template_t *t;
  long lo[2], hi[2];
  int kind[2];
  long w[2];
  const int *gsizes[2];
  int nprocs[2], coord[2];
} ttmpl_t;

/* An array: distributed (a != NULL) or plain and replicated, plus its whole serial copy. */
typedef struct tarr {
  const char *name;
  int id, rank;
  long ext[2];
  xmp_rt_array_t *a;
  xmp_rt_layout_t lay;
  const ttmpl_t *tm;
  int tdim[2];
  long off[2];
  long *plain; /* storage of a plain array */
  long *ref;   /* serial reference, row-major over ext */
} tarr_t;

typedef struct trip {
  long lb, len, step;
  int scalar;
} trip_t;
#define T(lb, len, step) {lb, len, step, 0}
#define S(i) {i, 1, 1, 1}

static void make_template(ttmpl_t *tm, int rank, const long *lo, const long *hi,
                          const int *kind, const intptr_t *param, xmp_rt_nodes_t *n) {
  tm->t = xmp_rt_template_create(rank, lo, hi, "t", &here);
  xmp_rt_template_distribute(tm->t, kind, param, n, &here);
  for (int d = 0, nd = 0; d < rank; d++) {
    tm->lo[d] = lo[d];
    tm->hi[d] = hi[d];
    tm->kind[d] = kind[d];
    tm->w[d] = kind[d] == XMP_RT_DIST_CYCLIC ? (long)param[d] : 1;
    tm->gsizes[d] = kind[d] == XMP_RT_DIST_GBLOCK ? (const int *)param[d] : NULL;
    tm->nprocs[d] = kind[d] == XMP_RT_DIST_NONE ? 1 : xmp_rt_nodes_size(n, nd);
    tm->coord[d] = kind[d] == XMP_RT_DIST_NONE ? 0 : xmp_rt_nodes_coord(n, nd);
    nd += kind[d] != XMP_RT_DIST_NONE;
  }
}

/* Node coordinate owning template index i of dimension d; -1: every node. */
static int ref_owner(const ttmpl_t *tm, int d, long i) {
  long rel = i - tm->lo[d], n = tm->hi[d] - tm->lo[d] + 1, p = tm->nprocs[d];
  switch (tm->kind[d]) {
  case XMP_RT_DIST_BLOCK: return (int)(rel / ((n + p - 1) / p));
  case XMP_RT_DIST_CYCLIC: return (int)((rel / tm->w[d]) % p);
  case XMP_RT_DIST_GBLOCK: {
    int k = 0;
    for (long end = tm->gsizes[d][0]; rel >= end; end += tm->gsizes[d][++k]) {
    }
    return k;
  }
  default: return -1;
  }
}

static long total(const tarr_t *x) { return x->rank == 1 ? x->ext[0] : x->ext[0] * x->ext[1]; }

static void unlinear(const tarr_t *x, long lin, long *g) {
  g[x->rank - 1] = lin % x->ext[x->rank - 1];
  if (x->rank == 2)
    g[0] = lin / x->ext[1];
}

static int holds(const tarr_t *x, const long *g) {
  if (x->a == NULL)
    return 1;
  for (int d = 0; d < x->rank; d++) {
    int td = x->tdim[d];
    if (td < 0)
      continue;
    int o = ref_owner(x->tm, td, g[d] + x->off[d]);
    if (o >= 0 && o != x->tm->coord[td])
      return 0;
  }
  return 1;
}

static long *at(tarr_t *x, const long *g) {
  if (x->a == NULL)
    return x->plain + (x->rank == 1 ? g[0] : g[0] * x->ext[1] + g[1]);
  long off = 0;
  for (int d = 0; d < x->rank; d++)
    off += (g[d] - x->lay.base[d]) * x->lay.stride[d];
  return (long *)x->lay.addr + off;
}

static long value(const tarr_t *x, long lin) { return x->id * 100000L + lin + 1; }

/* Fills what this node holds (and the reference) with the array's own values; storage it
 * does not own stays 0, so reading from a wrong node shows. */
static void fill(tarr_t *x) {
  long g[2];
  for (long lin = 0; lin < total(x); lin++) {
    x->ref[lin] = value(x, lin);
    unlinear(x, lin, g);
    if (holds(x, g))
      *at(x, g) = value(x, lin);
  }
}

static void init_dist(tarr_t *x, const char *name, int id, int rank, const long *ext,
                      const ttmpl_t *tm, const int *tdim, const long *off) {
  memset(x, 0, sizeof *x);
  x->name = name;
  x->id = id;
  x->rank = rank;
  x->tm = tm;
  for (int d = 0; d < rank; d++) {
    x->ext[d] = ext[d];
    x->tdim[d] = tdim[d];
    x->off[d] = off[d];
  }
  x->a = xmp_rt_array_create(rank, ext, sizeof(long), tm->t, tdim, off, name, &here);
  xmp_rt_array_allocate(x->a, &x->lay);
  x->ref = calloc((size_t)total(x), sizeof(long));
}

static void init_plain(tarr_t *x, const char *name, int id, int rank, const long *ext) {
  memset(x, 0, sizeof *x);
  x->name = name;
  x->id = id;
  x->rank = rank;
  for (int d = 0; d < rank; d++)
    x->ext[d] = ext[d];
  x->plain = calloc((size_t)total(x), sizeof(long));
  x->ref = calloc((size_t)total(x), sizeof(long));
}

static xmp_rt_section_t section(tarr_t *x, const trip_t *tr) {
  xmp_rt_section_t s;
  memset(&s, 0, sizeof s);
  s.desc = x->a;
  s.addr = x->a != NULL ? x->lay.addr : x->plain;
  s.elem_size = sizeof(long);
  s.rank = x->rank;
  for (int d = 0; d < x->rank; d++) {
    s.extent[d] = x->ext[d];
    s.lb[d] = tr[d].lb;
    s.len[d] = tr[d].len;
    s.step[d] = tr[d].step;
    s.scalar[d] = tr[d].scalar;
  }
  return s;
}

/* Row-major linear offsets of the section's elements, in section order; returns the count. */
static long section_offsets(const tarr_t *x, const trip_t *tr, long *out) {
  long n = 1;
  for (int d = 0; d < x->rank; d++)
    n *= tr[d].scalar ? 1 : tr[d].len;
  for (long k = 0; k < n; k++) {
    long rest = k, lin = 0, mult = 1;
    for (int d = x->rank - 1; d >= 0; d--) {
      long p = 0;
      if (!tr[d].scalar) {
        p = rest % tr[d].len;
        rest /= tr[d].len;
      }
      lin += (tr[d].lb + p * tr[d].step) * mult;
      mult *= x->ext[d];
    }
    out[k] = lin;
  }
  return n;
}

/* dst(dtr) = src(str), on the nodes and serially; then every held element is compared. */
static void run_case(const char *what, tarr_t *dst, const trip_t *dtr, tarr_t *src,
                     const trip_t *str) {
  fill(src);
  if (dst != src)
    fill(dst);
  long *doff = malloc(sizeof(long) * (size_t)total(dst));
  long *soff = malloc(sizeof(long) * (size_t)total(src));
  long n = section_offsets(dst, dtr, doff);
  CHECKF(section_offsets(src, str, soff) == n, "%s: test shapes", what);
  long *tmp = malloc(sizeof(long) * (size_t)n);
  for (long k = 0; k < n; k++)
    tmp[k] = src->ref[soff[k]];
  for (long k = 0; k < n; k++)
    dst->ref[doff[k]] = tmp[k];

  xmp_rt_section_t ds = section(dst, dtr), ss = section(src, str);
  xmp_rt_gmove(&ds, &ss, &here);

  long g[2], held = 0;
  for (long lin = 0; lin < total(dst); lin++) {
    unlinear(dst, lin, g);
    if (!holds(dst, g))
      continue;
    held++;
    CHECKF(*at(dst, g) == dst->ref[lin], "%s: node %d: %s element %ld is %ld, expected %ld",
           what, xmpc_node_num(), dst->name, lin, *at(dst, g), dst->ref[lin]);
  }
  if (src != dst)
    for (long lin = 0; lin < total(src); lin++) {
      unlinear(src, lin, g);
      if (holds(src, g))
        CHECKF(*at(src, g) == src->ref[lin], "%s: source %s element %ld changed", what,
               src->name, lin);
    }
  /* Every element is held somewhere. */
  xmp_rt_reduce(&held, 1, XMP_RT_LONG, XMP_RT_OP_SUM, NULL, NULL, &here);
  CHECKF(held >= total(dst), "%s: only %ld elements held", what, held);
  free(tmp);
  free(soff);
  free(doff);
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  int np = xmp_all_num_nodes();
  long star = -1, qshape[] = {np % 2 == 0 ? 2 : 1, -1};
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &here);
  xmp_rt_nodes_t *q = xmp_rt_nodes_create(2, qshape, "q", &here);

  int block[] = {XMP_RT_DIST_BLOCK, XMP_RT_DIST_BLOCK};
  intptr_t noparam[] = {0, 0};
  int one_tdim[] = {0}, two_tdim[] = {0, 1};
  long zero[] = {0, 0};

  /* a[23] on t1(0:22) block; b[17] aligned b[i] with t2(i+3), t2(0:20) block. */
  ttmpl_t t1, t2, tm, tv, tc, tq, te;
  long lo1 = 0, hi1 = 22, hi2 = 20;
  make_template(&t1, 1, &lo1, &hi1, block, noparam, p);
  make_template(&t2, 1, &lo1, &hi2, block, noparam, p);
  tarr_t a, b;
  long ea = 23, eb = 17, offb = 3;
  init_dist(&a, "a", 1, 1, &ea, &t1, one_tdim, zero);
  init_dist(&b, "b", 2, 1, &eb, &t2, one_tdim, &offb);

  /* m[7][9] on tm(0:6, 0:8) (block, block) over the 2-d nodes q. */
  long mlo[] = {0, 0}, mhi[] = {6, 8}, em[] = {7, 9};
  make_template(&tm, 2, mlo, mhi, block, noparam, q);
  tarr_t m;
  init_dist(&m, "m", 3, 2, em, &tm, two_tdim, zero);

  /* v[11] aligned v[i] with tv(i+1), tv(1:11) gblock with node 1 owning nothing. */
  int gsizes[4] = {0};
  gsizes[0] = 11;
  for (int r = 2; r < np; r++) {
    gsizes[r] = 3;
    gsizes[0] -= 3;
  }
  int gk[] = {XMP_RT_DIST_GBLOCK};
  intptr_t gp[] = {(intptr_t)gsizes};
  long lov = 1, hiv = 11, ev = 11, offv = 1;
  make_template(&tv, 1, &lov, &hiv, gk, gp, p);
  tarr_t v;
  init_dist(&v, "v", 4, 1, &ev, &tv, one_tdim, &offv);

  /* c[20] on tc(0:19) cyclic(2). */
  int ck[] = {XMP_RT_DIST_CYCLIC};
  intptr_t cp[] = {2};
  long hic = 19, ec = 20;
  make_template(&tc, 1, &lo1, &hic, ck, cp, p);
  tarr_t c;
  init_dist(&c, "c", 5, 1, &ec, &tc, one_tdim, zero);

  /* r[10] aligned r[i] with tq(*, i), tq(0:1, 0:9) (block, block) over q: replicated along
   * q's first dimension (2 copies when np is even). */
  long qlo[] = {0, 0}, qhi[] = {1, 9}, er = 10;
  make_template(&tq, 2, qlo, qhi, block, noparam, q);
  tarr_t r;
  int rtdim[] = {1};
  init_dist(&r, "r", 6, 1, &er, &tq, rtdim, zero);

  /* e[5] on te(0:4) block: with 4 nodes the last owns nothing. */
  long hie = 4, ee = 5;
  make_template(&te, 1, &lo1, &hie, block, noparam, p);
  tarr_t e;
  init_dist(&e, "e", 7, 1, &ee, &te, one_tdim, zero);

  /* Plain replicated data. */
  tarr_t loc, loc1, x;
  long eloc[] = {6, 5}, eloc1 = 12, ex = 1;
  init_plain(&loc, "loc", 8, 2, eloc);
  init_plain(&loc1, "loc1", 9, 1, &eloc1);
  init_plain(&x, "x", 10, 1, &ex);

  { /* 1-d block -> block, offset sections, steps, different alignments */
    trip_t d[] = {T(2, 10, 2)}, s[] = {T(5, 10, 1)};
    run_case("a[2:10:2] = b[5:10]", &a, d, &b, s);
    run_case("b[5:10] = a[2:10:2]", &b, s, &a, d);
  }
  { /* a row and a column of a 2-d block-block array against a 1-d gblock one */
    trip_t d[] = {T(1, 9, 1)}, s[] = {S(3), T(0, 9, 1)};
    run_case("v[1:9] = m[3][0:9]", &v, d, &m, s);
    trip_t d2[] = {T(0, 7, 1), S(4)}, s2[] = {T(2, 7, 1)};
    run_case("m[0:7][4] = v[2:7]", &m, d2, &v, s2);
  }
  { /* distributed <-> replicated local, 2-d with steps */
    trip_t d[] = {T(1, 4, 1), T(0, 4, 1)}, s[] = {T(2, 4, 1), T(1, 4, 2)};
    run_case("loc[1:4][0:4] = m[2:4][1:4:2]", &loc, d, &m, s);
    run_case("m[2:4][1:4:2] = loc[1:4][0:4]", &m, s, &loc, d);
    trip_t d1[] = {T(1, 8, 2)}, s1[] = {T(3, 8, 1)};
    run_case("b[1:8:2] = loc1[3:8]", &b, d1, &loc1, s1);
    trip_t whole[] = {T(0, 9, 1)}, row[] = {S(6), T(0, 9, 1)};
    run_case("loc1[0:9] = m[6][0:9]", &loc1, whole, &m, row);
  }
  { /* single elements both ways */
    trip_t xs[] = {S(0)}, a5[] = {S(5)}, m68[] = {S(6), S(8)}, a7[] = {S(7)};
    run_case("x = a[5]", &x, xs, &a, a5);
    run_case("x = m[6][8]", &x, xs, &m, m68);
    run_case("a[7] = x", &a, a7, &x, xs);
    run_case("m[6][8] = a[5]", &m, m68, &a, a5);
  }
  { /* cyclic(2) source and destination */
    trip_t d[] = {T(1, 9, 2)}, s[] = {T(2, 9, 2)};
    run_case("a[1:9:2] = c[2:9:2]", &a, d, &c, s);
    trip_t d2[] = {T(0, 7, 3)}, s2[] = {T(3, 7, 1)};
    run_case("c[0:7:3] = a[3:7]", &c, d2, &a, s2);
    trip_t all[] = {T(0, 20, 1)};
    run_case("loc1[0:12] = c[8:12]", &loc1, (trip_t[]){T(0, 12, 1)}, &c,
             (trip_t[]){T(8, 12, 1)});
    run_case("c[0:20] = a[3:20]", &c, all, &a, (trip_t[]){T(3, 20, 1)});
  }
  { /* replicated copies of a distributed array: all written, any read */
    trip_t d[] = {T(0, 10, 1)}, s[] = {T(3, 10, 1)};
    run_case("r[0:10] = a[3:10]", &r, d, &a, s);
    trip_t d2[] = {T(10, 10, 1)};
    run_case("a[10:10] = r[0:10]", &a, d2, &r, d);
    trip_t rs[] = {T(1, 3, 3)}, ms[] = {T(0, 3, 2), S(5)};
    run_case("r[1:3:3] = m[0:3:2][5]", &r, rs, &m, ms);
  }
  { /* overlapping sections of one array: sources read before any write */
    trip_t hi8[] = {T(1, 8, 1)}, lo8[] = {T(0, 8, 1)};
    run_case("a[1:8] = a[0:8]", &a, hi8, &a, lo8);
    run_case("a[0:8] = a[1:8]", &a, lo8, &a, hi8);
    trip_t hi20[] = {T(3, 20, 1)}, lo20[] = {T(0, 20, 1)};
    run_case("a[3:20] = a[0:20]", &a, hi20, &a, lo20);
    run_case("loc1[2:10] = loc1[0:10]", &loc1, (trip_t[]){T(2, 10, 1)}, &loc1,
             (trip_t[]){T(0, 10, 1)});
    trip_t mrow[] = {S(2), T(0, 7, 1)}, mcol[] = {T(0, 7, 1), S(2)};
    run_case("m[2][0:7] = m[0:7][2]", &m, mrow, &m, mcol);
  }
  { /* uneven splits and nodes owning nothing */
    trip_t d[] = {T(0, 5, 1)}, s[] = {T(10, 5, 2)};
    run_case("e[0:5] = a[10:5:2]", &e, d, &a, s);
    run_case("v[6:5] = e[0:5]", &v, (trip_t[]){T(6, 5, 1)}, &e, d);
    run_case("e[0:5:1] = v[0:5:2]", &e, d, &v, (trip_t[]){T(0, 5, 2)});
  }
  { /* empty sections move nothing */
    run_case("a[4:0] = b[0:0]", &a, (trip_t[]){T(4, 0, 1)}, &b, (trip_t[]){T(0, 0, 1)});
  }

  tarr_t *all[] = {&a, &b, &m, &v, &c, &r, &e, &loc, &loc1, &x};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
    free(all[i]->ref);
    free(all[i]->plain);
  }
  int rc = CHECK_RESULT();
  xmp_rt_reduce(&rc, 1, XMP_RT_INT, XMP_RT_OP_MAX, NULL, NULL, &here);
  return xmp_rt_finalize(rc);
}
