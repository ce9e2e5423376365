/* test_mpi_reduce_loc.c [MODE] - firstmax / firstmin / lastmax / lastmin with location
 * variables against a serial computation over every rank's (deterministic) value, and
 * block-cyclic loops writing arrays aligned with cyclic(w) templates through their layout.
 * With MODE, makes one user error instead (see test/runtime/CMakeLists.txt). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "xmp_rt.h"

static const xmp_rt_srcloc_t here = {"reduce_loc.c", 7, "reduction (firstmax: v / i)"};

/* Rank r's value in pattern k: few distinct values, so extremes tie across ranks. */
static int value_of(int r, int k) { return (r * 7 + k) % 3 - 1 + (k == 3 ? r / 2 : 0); }

/* Serial reference: the extreme over ranks 0..np-1 and its first / last holder. */
static int reference(int np, int k, int op, int *holder) {
  int max = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_LASTMAX;
  int first = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_FIRSTMIN;
  int best = value_of(0, k);
  *holder = 0;
  for (int r = 1; r < np; r++) {
    int v = value_of(r, k);
    if (max ? v > best : v < best) {
      best = v;
      *holder = r;
    } else if (v == best && !first) {
      *holder = r;
    }
  }
  return best;
}

static const int ops[] = {XMP_RT_OP_FIRSTMAX, XMP_RT_OP_FIRSTMIN, XMP_RT_OP_LASTMAX,
                          XMP_RT_OP_LASTMIN};

/* One type: the value converted to T, locations an int and a double naming the rank. */
#define CHECK_TYPE(T, CODE, t, n)                                                          \
  do {                                                                                     \
    for (int k = 0; k < 4; k++)                                                            \
      for (int o = 0; o < 4; o++) {                                                        \
        int holder, want = reference(np, k, ops[o], &holder);                              \
        T v = (T)value_of(me, k);                                                          \
        int idx = 100 + me;                                                                \
        double pos = 0.5 * me;                                                             \
        void *const locs[] = {&idx, &pos};                                                 \
        const size_t sizes[] = {sizeof idx, sizeof pos};                                   \
        xmp_rt_reduce_loc(&v, CODE, ops[o], 2, locs, sizes, t, n, &here);                  \
        CHECKF(v == (T)want && idx == 100 + holder && pos == 0.5 * holder,                 \
               #T " pattern %d op %d np %d: value %g loc %d %g, want %d at %d", k, ops[o], \
               np, (double)v, idx, pos, want, holder);                                     \
      }                                                                                    \
  } while (0)

static void reductions(xmp_rt_nodes_t *p, xmp_rt_template_t *t) {
  int np = xmp_all_num_nodes(), me = xmpc_all_node_num();
  CHECK_TYPE(int, XMP_RT_INT, NULL, NULL);
  CHECK_TYPE(double, XMP_RT_DOUBLE, NULL, p);
  CHECK_TYPE(long, XMP_RT_LONG, t, NULL);
  CHECK_TYPE(float, XMP_RT_FLOAT, NULL, NULL);
  CHECK_TYPE(signed char, XMP_RT_SCHAR, NULL, NULL);
  CHECK_TYPE(long long, XMP_RT_LLONG, NULL, NULL);
  CHECK_TYPE(long double, XMP_RT_LDOUBLE, NULL, NULL);

  /* Unsigned: the comparison must be unsigned (a byte-wise or signed one would differ). */
  unsigned u = me == np - 1 ? 0x80000000u : 5u;
  int loc = me;
  void *const ul[] = {&loc};
  const size_t us[] = {sizeof loc};
  xmp_rt_reduce_loc(&u, XMP_RT_UINT, XMP_RT_OP_FIRSTMAX, 1, ul, us, NULL, NULL, &here);
  CHECK(u == 0x80000000u && loc == np - 1);
  /* Booleans: max is "any". */
  bool b = me == 1;
  loc = me;
  xmp_rt_reduce_loc(&b, XMP_RT_BOOL, XMP_RT_OP_LASTMAX, 1, ul, us, NULL, NULL, &here);
  CHECK(b == (np > 1) && loc == (np > 1 ? 1 : 0));
  /* No location variables: the value alone. */
  short sh = (short)(me * 3);
  xmp_rt_reduce_loc(&sh, XMP_RT_SHORT, XMP_RT_OP_LASTMIN, 0, NULL, NULL, NULL, NULL, &here);
  CHECK(sh == 0);
  /* A location struct of odd size. */
  struct {
    char name[3];
  } where3 = {{(char)('a' + me), 'x', (char)('a' + me)}};
  void *const wl[] = {&where3};
  const size_t ws[] = {sizeof where3};
  double dv = me == 0 ? 1.0 : 2.0;
  xmp_rt_reduce_loc(&dv, XMP_RT_DOUBLE, XMP_RT_OP_FIRSTMIN, 1, wl, ws, NULL, NULL, &here);
  CHECK(dv == 1.0 && where3.name[0] == 'a' && where3.name[2] == 'a');
}

/* Undistributed template: every node computed everything already, nothing moves. */
/* A loop's location reduction (xmp_rt_reduce_loc_begin, _order, xmp_rt_loc_step, _loop,
 * _end) over N iterations dealt to the ranks in blocks of w, cyclically, ascending or (down)
 * descending, against the same loop run serially: ties inside a rank and across ranks go by
 * the loop's order, not by rank. */
#define LOOP_N 13
static int loop_value(int i) { return i % 4 == 1 ? 7 : i % 3; }

static void loop_order(void) {
  int np = xmp_all_num_nodes(), me = xmpc_all_node_num();
  for (int w = 1; w <= 3; w++)
    for (int down = 0; down <= 1; down++)
      for (int o = 0; o < 4; o++) {
        int op = ops[o];
        int max = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_LASTMAX;
        int last = op == XMP_RT_OP_LASTMAX || op == XMP_RT_OP_LASTMIN;
#define TAKES(a, v) (max ? (last ? (a) >= (v) : (a) > (v)) : (last ? (a) <= (v) : (a) < (v)))
        int want = max ? -100 : 100, want_at = -1;
        for (int s = 0; s < LOOP_N; s++) {
          int i = down ? LOOP_N - 1 - s : s;
          if (TAKES(loop_value(i), want)) {
            want = loop_value(i);
            want_at = i;
          }
        }
        int v = max ? -100 : 100, at = -1;
        void *const locs[] = {&at};
        const size_t sizes[] = {sizeof at};
        xmp_rt_reduce_loc_begin(&v, XMP_RT_INT, op, 1, locs, sizes, &here);
        xmp_rt_loc_track_t *track = xmp_rt_reduce_loc_order(&v, XMP_RT_INT, op, 1, &here);
        for (int s = 0; s < LOOP_N; s++) {
          int i = down ? LOOP_N - 1 - s : s;
          if (i / w % np != me)
            continue;
          if (TAKES(loop_value(i), v)) {
            v = loop_value(i);
            at = i;
          }
          xmp_rt_loc_step(track, (const long[]){down ? -(long)i : (long)i});
        }
#undef TAKES
        xmp_rt_reduce_loc_loop(&v, XMP_RT_INT, op, 1, locs, sizes, NULL, NULL, &here);
        xmp_rt_reduce_loc_end(&v, XMP_RT_INT, op, 1, locs, sizes, &here);
        CHECKF(v == want && at == want_at, "loop op %d cyclic(%d)%s np %d: %d at %d, want %d at %d",
               op, w, down ? " down" : "", np, v, at, want, want_at);
      }
}

static void undistributed(void) {
  long lo = 0, hi = 9;
  xmp_rt_template_t *u = xmp_rt_template_create(1, &lo, &hi, "u", &here);
  int v = xmpc_all_node_num(), loc = v;
  void *const l[] = {&loc};
  const size_t s[] = {sizeof loc};
  xmp_rt_reduce_loc(&v, XMP_RT_INT, XMP_RT_OP_FIRSTMAX, 1, l, s, u, NULL, &here);
  CHECK(v == xmpc_all_node_num() && loc == v);
}

static long all_sum(long v) {
  xmp_rt_reduce(&v, 1, XMP_RT_LONG, XMP_RT_OP_SUM, NULL, NULL, &here);
  return v;
}

/* `loop (i) on t(i + off)` over lb..ub step st, run the way xmpcc emits it for a cyclic
 * dimension: a[i] = i*i + 1 through the layout; returns the global sum of what each node
 * wrote and read back, and checks that every iteration ran once, on its owner. */
static long cyclic_loop(xmp_rt_template_t *t, long tlower, long tupper, long w,
                        xmp_rt_layout_t *lay, long off, long lb, long ub, long st) {
  int np = xmp_all_num_nodes(), me = xmpc_all_node_num();
  long *a = lay->addr, sum = 0, ran = 0;
  long nb = xmp_rt_loop_block_count(t, 0, off, lb, ub, st);
  for (long b = 0; b < nb; ++b) {
    long llb, lub, ls;
    xmp_rt_loop_block(t, 0, off, lb, ub, st, b, &llb, &lub, &ls);
    CHECK(ls > 0 ? llb <= lub : llb >= lub); /* no empty blocks */
    for (long i = llb; ls > 0 ? i <= lub : i >= lub; i += ls) {
      CHECKF(((i + off - tlower) / w) % np == me, "iteration %ld on node %d", i, me);
      a[(i - lay->base[0]) * lay->stride[0]] = i * i + 1;
      sum += a[(i - lay->base[0]) * lay->stride[0]];
      ran++;
    }
  }
  long want = 0;
  for (long i = lb; st > 0 ? i <= ub : i >= ub; i += st)
    want += i + off >= tlower && i + off <= tupper;
  CHECKF(all_sum(ran) == want, "loop %ld:%ld:%ld off %ld", lb, ub, st, off);
  return all_sum(sum);
}

static long serial(long lb, long ub, long st) {
  long s = 0;
  for (long i = lb; st > 0 ? i <= ub : i >= ub; i += st)
    s += i * i + 1;
  return s;
}

static void cyclic_arrays(xmp_rt_nodes_t *p) {
  /* a[0..40] aligned a[i] with t(i + 1), template t(1:41) cyclic(2). */
  long lo = 1, hi = 41, ext = 41, off = 1;
  xmp_rt_template_t *t = xmp_rt_template_create(1, &lo, &hi, "t", &here);
  int kind = XMP_RT_DIST_CYCLIC, tdim = 0;
  intptr_t w = 2;
  xmp_rt_template_distribute(t, &kind, &w, p, &here);
  xmp_rt_array_t *a = xmp_rt_array_create(1, &ext, sizeof(long), t, &tdim, &off, "a", &here);
  xmp_rt_layout_t lay;
  xmp_rt_array_allocate(a, &lay);
  /* Several blocks per node: the whole dimension is stored, at its global positions. */
  if (xmp_all_num_nodes() > 1)
    CHECK(lay.base[0] == 0 && lay.stride[0] == 1);
  CHECK(cyclic_loop(t, 1, 41, 2, &lay, 1, 0, 40, 1) == serial(0, 40, 1));
  CHECK(cyclic_loop(t, 1, 41, 2, &lay, 1, 40, 0, -3) == serial(40, 0, -3));
  CHECK(cyclic_loop(t, 1, 41, 2, &lay, 1, 2, 37, 5) == serial(2, 37, 5));
  /* Reading back after the loop: a node's owned elements hold its values, the sum over
   * owners is the serial one. */
  long *ad = lay.addr, mine = 0;
  for (long i = 0; i < ext; i++)
    if ((i / 2) % xmp_all_num_nodes() == xmpc_all_node_num()) /* t(i + 1), lower 1 */
      mine += ad[(i - lay.base[0]) * lay.stride[0]];
  CHECK(all_sum(mine) == serial(0, 40, 1));
  xmp_rt_array_free(a);

  /* A short template: with 4 nodes cyclic(3) on t2(0:5) gives nodes 0, 1 one block each
   * (stored as that interval) and nodes 2, 3 nothing. */
  long lo2 = 0, hi2 = 5, ext2 = 6, off2 = 0;
  xmp_rt_template_t *t2 = xmp_rt_template_create(1, &lo2, &hi2, "t2", &here);
  intptr_t w3 = 3;
  xmp_rt_template_distribute(t2, &kind, &w3, p, &here);
  xmp_rt_array_t *a2 = xmp_rt_array_create(1, &ext2, sizeof(long), t2, &tdim, &off2, "a2",
                                           &here);
  xmp_rt_array_allocate(a2, &lay);
  CHECK(cyclic_loop(t2, 0, 5, 3, &lay, 0, 5, 0, -1) == serial(5, 0, -1));
  CHECK(cyclic_loop(t2, 0, 5, 3, &lay, 0, -4, 9, 2) == serial(0, 4, 2));
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  long star = -1;
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", &here);
  long lo = 0, hi = 99;
  xmp_rt_template_t *t = xmp_rt_template_create(1, &lo, &hi, "tb", &here);
  int kind = XMP_RT_DIST_BLOCK;
  intptr_t param = 0;
  xmp_rt_template_distribute(t, &kind, &param, p, &here);

  const char *mode = argc > 1 ? argv[1] : "";
  int v = 1, loc = 0;
  void *const l[] = {&loc};
  const size_t s[] = {sizeof loc};
  if (strcmp(mode, "plain") == 0)
    xmp_rt_reduce(&v, 1, XMP_RT_INT, XMP_RT_OP_LASTMIN, NULL, NULL, &here);
  if (strcmp(mode, "sum") == 0)
    xmp_rt_reduce_loc(&v, XMP_RT_INT, XMP_RT_OP_SUM, 1, l, s, NULL, NULL, &here);
  if (strcmp(mode, "block") == 0) {
    long llb, lub, ls, nb = xmp_rt_loop_block_count(t, 0, 0, 0, 99, 1);
    xmp_rt_loop_block(t, 0, 0, 0, 99, 1, nb, &llb, &lub, &ls);
  }
  if (mode[0] != '\0')
    return xmp_rt_finalize(0); /* not reached */

  reductions(p, t);
  loop_order();
  undistributed();
  cyclic_arrays(p);
  int rc = CHECK_RESULT();
  xmp_rt_reduce(&rc, 1, XMP_RT_INT, XMP_RT_OP_MAX, NULL, NULL, &here);
  return xmp_rt_finalize(rc);
}
