/* test_mpi_coarray.c - coarrays (local view) through the runtime ABI on 1 to 4 images: puts
 * and gets of elements and of 1-D, 2-D, strided, reversed and repeated sections, copies
 * between two other images, image indices of several codimensions, sync images, post / wait
 * and locks, each checked against values computed here. Each image writes to its right
 * neighbour (me + 1) % n, so what an image finds came from its left neighbour. */
#include <limits.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "xmp.h"
#include "xmp_rt.h"
#include "xmpi_internal.h" /* xmpi_section_type */

static const xmp_rt_srcloc_t here = {"test_mpi_coarray.c", 0, "coarray"};

static long a[16], d[16], e[16], cc[8][8], cnt;
static int m[4];
static xmp_lock_t lk;
static xmp_rt_coarray_t *ca, *cd, *ce, *ccc, *ccnt, *cm, *clk;

static void module_init(void) {
  long star = -1, co2[2] = {2, -1};
  ca = xmp_rt_coarray_new(a, sizeof a, 1, &star, "a", &here);
  cd = xmp_rt_coarray_new(d, sizeof d, 1, &star, "d", &here);
  ce = xmp_rt_coarray_new(e, sizeof e, 1, &star, "e", &here);
  ccc = xmp_rt_coarray_new(cc, sizeof cc, 1, &star, "cc", &here);
  ccnt = xmp_rt_coarray_new(&cnt, sizeof cnt, 1, &star, "cnt", &here);
  cm = xmp_rt_coarray_new(m, sizeof m, 2, co2, "m", &here);
  clk = xmp_rt_coarray_new(&lk, sizeof lk, 1, &star, "lk", &here);
  /* The same object again (another file's declaration): the same coarray. */
  CHECK(xmp_rt_coarray_new(a, sizeof a, 1, &star, "a", &here) == ca);
}

__attribute__((constructor)) static void register_module(void) {
  xmp_rt_register_module_init(module_init);
}

static int me, n, right, left;
#define L sizeof(long)
#define SP(count, stride) ((xmp_rt_span_t){(count), (long)(stride)})

/* A value that names the image it came from and an index. */
static long f(int img, long i) { return 1000L * (img + 1) + i; }

static void pause_ms(long ms) {
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* A pause inside MPI: the other images' transfers to this one progress meanwhile (with some
 * one-sided components only then). */
static void pause_in_mpi(double seconds) {
  double until = MPI_Wtime() + seconds;
  while (MPI_Wtime() < until) {
    int flag;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  }
}

/* Every coarray back to -1 (the lock and the counter to 0), on every image, before anyone
 * writes again. */
static void reset(void) {
  xmp_sync_all(NULL);
  for (int i = 0; i < 16; i++)
    a[i] = d[i] = e[i] = -1;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      cc[i][j] = -1;
  for (int i = 0; i < 4; i++)
    m[i] = -1;
  cnt = 0;
  lk.xmp_lock_word_ = 0;
  xmp_sync_all(NULL);
}

static long get1(xmp_rt_coarray_t *c, int image, const long *at) {
  long v = -99;
  CHECK(xmp_rt_coarray_get_element(c, image, at, &v, L, &here) == &v);
  return v;
}

static void put1(xmp_rt_coarray_t *c, int image, long *at, long v) {
  xmp_rt_coarray_put(c, image, at, 0, NULL, &v, 0, NULL, L, &here);
}

static void test_elements(void) {
  reset();
  put1(ca, right, &a[me], f(me, 7));
  /* A get sees this image's earlier put to the same image without a sync (only the left
   * neighbour writes a[15] of an image). */
  put1(ca, right, &a[15], f(me, 15));
  CHECK(get1(ca, right, &a[15]) == f(me, 15));
  xmp_sync_all(NULL);
  for (int i = 0; i < 15; i++)
    CHECKF(a[i] == (i == left ? f(left, 7) : -1), "a[%d] = %ld", i, a[i]);
  CHECK(a[15] == f(left, 15));
  /* The right neighbour's a[me] holds what this image put there. */
  CHECK(get1(ca, right, &a[me]) == f(me, 7));
  long g = -5;
  xmp_rt_coarray_get(ca, right, &a[me], 0, NULL, &g, 0, NULL, L, &here);
  CHECK(g == f(me, 7));
}

static void test_sections_1d(void) {
  long s[10], t[10], g[16];
  for (int i = 0; i < 10; i++) {
    s[i] = f(me, i);
    t[i] = f(me, 100 + i);
  }
  /* Contiguous: a[0:5] on the right = s[0:5]; back by a get. */
  reset();
  xmp_rt_coarray_put(ca, right, &a[0], 1, (xmp_rt_span_t[]){SP(5, L)}, s, 1,
                     (xmp_rt_span_t[]){SP(5, L)}, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 16; i++)
    CHECKF(a[i] == (i < 5 ? f(left, i) : -1), "contiguous: a[%d] = %ld", i, a[i]);
  for (int i = 0; i < 16; i++)
    g[i] = -2;
  xmp_rt_coarray_get(ca, right, &a[0], 1, (xmp_rt_span_t[]){SP(5, L)}, g, 1,
                     (xmp_rt_span_t[]){SP(5, L)}, L, &here);
  for (int i = 0; i < 16; i++)
    CHECKF(g[i] == (i < 5 ? f(me, i) : -2), "contiguous get: g[%d] = %ld", i, g[i]);

  /* Strided: a[1:5:2] = s[0:5]; d[2:4:3] = t[0:4:2] (another stride on each side). */
  reset();
  xmp_rt_coarray_put(ca, right, &a[1], 1, (xmp_rt_span_t[]){SP(5, 2 * L)}, s, 1,
                     (xmp_rt_span_t[]){SP(5, L)}, L, &here);
  xmp_rt_coarray_put(cd, right, &d[2], 1, (xmp_rt_span_t[]){SP(4, 3 * L)}, t, 1,
                     (xmp_rt_span_t[]){SP(4, 2 * L)}, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 16; i++) {
    int in2 = i >= 1 && i <= 9 && (i - 1) % 2 == 0, in3 = i >= 2 && i <= 11 && (i - 2) % 3 == 0;
    CHECKF(a[i] == (in2 ? f(left, (i - 1) / 2) : -1), "stride 2: a[%d] = %ld", i, a[i]);
    CHECKF(d[i] == (in3 ? f(left, 100 + 2 * ((i - 2) / 3)) : -1), "stride 3: d[%d] = %ld", i,
           d[i]);
  }
  /* g[0:5:3] = a[1:5:2] of the right neighbour, which holds s. */
  for (int i = 0; i < 16; i++)
    g[i] = -2;
  xmp_rt_coarray_get(ca, right, &a[1], 1, (xmp_rt_span_t[]){SP(5, 2 * L)}, g, 1,
                     (xmp_rt_span_t[]){SP(5, 3 * L)}, L, &here);
  for (int i = 0; i < 16; i++)
    CHECKF(g[i] == (i % 3 == 0 && i < 15 ? f(me, i / 3) : -2), "strided get: g[%d] = %ld", i,
           g[i]);

  /* Backwards: a[4], a[3], ... a[0] = s[0:5]; then g[4], g[3], ... g[0] = a[0:5]. */
  reset();
  xmp_rt_coarray_put(ca, right, &a[4], 1, (xmp_rt_span_t[]){SP(5, -(long)L)}, s, 1,
                     (xmp_rt_span_t[]){SP(5, L)}, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 16; i++)
    CHECKF(a[i] == (i < 5 ? f(left, 4 - i) : -1), "backwards: a[%d] = %ld", i, a[i]);
  for (int i = 0; i < 16; i++)
    g[i] = -2;
  xmp_rt_coarray_get(ca, right, &a[0], 1, (xmp_rt_span_t[]){SP(5, L)}, &g[4], 1,
                     (xmp_rt_span_t[]){SP(5, -(long)L)}, L, &here);
  for (int i = 0; i < 16; i++)
    CHECKF(g[i] == (i < 5 ? f(me, i) : -2), "backwards get: g[%d] = %ld", i, g[i]);
}

static void test_sections_2d(void) {
  long blk[5][5], h[3][4], row[8];
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++)
      blk[i][j] = f(me, 10 * i + j);
  /* cc[0:5][0:5] = blk. */
  reset();
  xmp_rt_coarray_put(ccc, right, &cc[0][0], 2, (xmp_rt_span_t[]){SP(5, 8 * L), SP(5, L)}, blk,
                     2, (xmp_rt_span_t[]){SP(5, 5 * L), SP(5, L)}, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      CHECKF(cc[i][j] == (i < 5 && j < 5 ? f(left, 10 * i + j) : -1), "block: cc[%d][%d] = %ld",
             i, j, cc[i][j]);

  /* cc[1:3:3][0:4:2] (rows 1, 4, 7; columns 0, 2, 4, 6) = blk[0:3][1:4]. */
  reset();
  xmp_rt_coarray_put(ccc, right, &cc[1][0], 2,
                     (xmp_rt_span_t[]){SP(3, 3 * 8 * L), SP(4, 2 * L)}, &blk[0][1], 2,
                     (xmp_rt_span_t[]){SP(3, 5 * L), SP(4, L)}, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) {
      int in = i % 3 == 1 && j % 2 == 0;
      CHECKF(cc[i][j] == (in ? f(left, 10 * (i / 3) + 1 + j / 2) : -1),
             "strided 2-D: cc[%d][%d] = %ld", i, j, cc[i][j]);
    }
  /* h = the right neighbour's cc[1:3:3][0:4:2], which holds this image's blk[0:3][1:4]. */
  memset(h, 0, sizeof h);
  xmp_rt_coarray_get(ccc, right, &cc[1][0], 2, (xmp_rt_span_t[]){SP(3, 3 * 8 * L), SP(4, 2 * L)},
                     h, 2, (xmp_rt_span_t[]){SP(3, 4 * L), SP(4, L)}, L, &here);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      CHECKF(h[i][j] == f(me, 10 * i + 1 + j), "strided 2-D get: h[%d][%d] = %ld", i, j,
             h[i][j]);

  /* cc[2][0:8] (shape [1][8]) = row[0:8] (shape [8]): the 1s do not count. */
  reset();
  for (int j = 0; j < 8; j++)
    row[j] = f(me, 50 + j);
  xmp_rt_coarray_put(ccc, right, &cc[2][0], 2, (xmp_rt_span_t[]){SP(1, 8 * L), SP(8, L)}, row, 1,
                     (xmp_rt_span_t[]){SP(8, L)}, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      CHECKF(cc[i][j] == (i == 2 ? f(left, 50 + j) : -1), "row: cc[%d][%d] = %ld", i, j,
             cc[i][j]);
}

static void test_repeat(void) {
  long v = f(me, 77), x[8];
  /* a[0:16] = v; cc[0:4:2][0:8] = v. */
  reset();
  xmp_rt_coarray_put(ca, right, &a[0], 1, (xmp_rt_span_t[]){SP(16, L)}, &v, 0, NULL, L, &here);
  xmp_rt_coarray_put(ccc, right, &cc[0][0], 2, (xmp_rt_span_t[]){SP(4, 2 * 8 * L), SP(8, L)},
                     &v, 0, NULL, L, &here);
  xmp_sync_all(NULL);
  for (int i = 0; i < 16; i++)
    CHECKF(a[i] == f(left, 77), "repeat: a[%d] = %ld", i, a[i]);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      CHECKF(cc[i][j] == (i % 2 == 0 ? f(left, 77) : -1), "repeat 2-D: cc[%d][%d] = %ld", i, j,
             cc[i][j]);
  /* x[0:6] = a[3] of the right neighbour (a source of one element, repeated). */
  for (int i = 0; i < 8; i++)
    x[i] = -2;
  xmp_rt_coarray_get(ca, right, &a[3], 0, NULL, x, 1, (xmp_rt_span_t[]){SP(6, L)}, L, &here);
  for (int i = 0; i < 8; i++)
    CHECKF(x[i] == (i < 6 ? f(me, 77) : -2), "repeat get: x[%d] = %ld", i, x[i]);
}

/* d[1:4:3] on image me + 2 = a[0:4:2] on image me + 1 (3 images when n >= 3); cc[3][0:8] on
 * me + 2 = a[5] on me + 1 (repeated); cc[5:2][2:3] on me + 2 = cc[0:2][0:3] on me + 1. */
static void test_copy(void) {
  reset();
  for (int i = 0; i < 16; i++)
    a[i] = f(me, i);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      cc[i][j] = f(me, 100 + 8 * i + j);
  xmp_sync_all(NULL);
  int src = (me + 1) % n, dst = (me + 2) % n;
  xmp_rt_coarray_copy(cd, dst, &d[1], 1, (xmp_rt_span_t[]){SP(4, 3 * L)}, ca, src, &a[0], 1,
                      (xmp_rt_span_t[]){SP(4, 2 * L)}, L, &here);
  xmp_rt_coarray_copy(ccc, dst, &cc[3][0], 2, (xmp_rt_span_t[]){SP(1, 8 * L), SP(8, L)}, ca, src,
                      &a[5], 0, NULL, L, &here);
  xmp_rt_coarray_copy(ccc, dst, &cc[5][2], 2, (xmp_rt_span_t[]){SP(2, 8 * L), SP(3, L)}, ccc, src,
                      &cc[0][0], 2, (xmp_rt_span_t[]){SP(2, 8 * L), SP(3, L)}, L, &here);
  xmp_sync_all(NULL);
  int from = (me + n - 1) % n; /* the source image of the copies that wrote here */
  for (int i = 0; i < 16; i++) {
    int in = i % 3 == 1 && i < 12;
    CHECKF(d[i] == (in ? f(from, 2 * (i / 3)) : -1), "copy: d[%d] = %ld", i, d[i]);
  }
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) {
      long want = f(me, 100 + 8 * i + j);
      if (i == 3)
        want = f(from, 5);
      else if (i >= 5 && i < 7 && j >= 2 && j < 5)
        want = f(from, 100 + 8 * (i - 5) + j - 2);
      CHECKF(cc[i][j] == want, "copy: cc[%d][%d] = %ld", i, j, cc[i][j]);
    }
}

/* m has codimensions [2][*]: image = c0 + 2 * c1. */
static void test_coshape(void) {
  for (long c1 = 0; 2 * c1 < n; c1++)
    for (long c0 = 0; c0 < 2 && c0 + 2 * c1 < n; c0++)
      CHECKF(xmp_rt_coarray_image(cm, (long[]){c0, c1}, &here) == c0 + 2 * c1, "image(%ld, %ld)",
             c0, c1);
  reset();
  int img = xmp_rt_coarray_image(cm, (long[]){right % 2, right / 2}, &here);
  CHECK(img == right);
  int v = 10 * me + 3;
  xmp_rt_coarray_put(cm, img, &m[1], 0, NULL, &v, 0, NULL, sizeof(int), &here);
  xmp_sync_all(NULL);
  CHECK(m[1] == 10 * left + 3 && m[0] == -1 && m[2] == -1);
}

static void test_sync_images(void) {
  int st;
  /* A chain: image i waits for i - 1, which put a[6] = i here before, then puts i + 1 into
   * image i + 1 and releases it. */
  reset();
  long v = 0;
  if (me > 0) {
    st = -1;
    xmp_sync_image(me - 1, &st);
    CHECK(st == XMP_STAT_SUCCESS);
    v = a[6];
    CHECKF(v == me, "chain: a[6] = %ld", v);
  }
  if (me + 1 < n) {
    pause_ms(me == 0 ? 20 : 0); /* the others are waiting already */
    put1(ca, me + 1, &a[6], v + 1);
    xmp_sync_image(me + 1, NULL);
  }

  /* Pairs of neighbours, this image named too (it is skipped). */
  reset();
  if (me + 1 < n)
    put1(ca, me + 1, &a[7], f(me, 1));
  if (me > 0)
    put1(ca, me - 1, &a[8], f(me, 2));
  int set[3], k = 0;
  if (me > 0)
    set[k++] = me - 1;
  set[k++] = me;
  if (me + 1 < n)
    set[k++] = me + 1;
  st = -1;
  xmp_sync_images(k, set, &st);
  CHECK(st == XMP_STAT_SUCCESS);
  CHECK(a[7] == (me > 0 ? f(me - 1, 1) : -1));
  CHECK(a[8] == (me + 1 < n ? f(me + 1, 2) : -1));
  xmp_sync_images(0, NULL, NULL);

  /* Every image: e[me] = me + 1 on every image. */
  reset();
  for (int i = 0; i < n; i++)
    put1(ce, i, &e[me], me + 1);
  st = -1;
  xmp_sync_images_all(&st);
  CHECK(st == XMP_STAT_SUCCESS);
  for (int i = 0; i < 16; i++)
    CHECKF(e[i] == (i < n ? i + 1 : -1), "sync images all: e[%d] = %ld", i, e[i]);

  st = -1;
  xmp_sync_memory(&st);
  CHECK(st == XMP_STAT_SUCCESS);
  st = -1;
  xmp_sync_all(&st);
  CHECK(st == XMP_STAT_SUCCESS);
}

static void test_post_wait(void) {
  /* Two posts, two waits: the second put is made well after the first post, so that a wait
   * that does not count posts would be seen. */
  reset();
  put1(ca, right, &a[9], f(me, 9));
  xmp_rt_post(right, 3, &here);
  pause_ms(30);
  put1(ca, right, &a[10], f(me, 10));
  xmp_rt_post(right, 3, &here);
  xmp_rt_wait(left, 1, 3, &here);
  CHECK(a[9] == f(left, 9));
  xmp_rt_wait(left, 1, 3, &here);
  CHECK(a[10] == f(left, 10));

  /* Any image, any tag: every image posts to image 0 with its own tag. */
  reset();
  put1(ce, 0, &e[me], me + 1);
  xmp_rt_post(0, 10 + me, &here);
  if (me == 0) {
    for (int i = 0; i < n; i++)
      xmp_rt_wait(-1, 0, 0, &here);
    for (int i = 0; i < 16; i++)
      CHECKF(e[i] == (i < n ? i + 1 : -1), "wait any: e[%d] = %ld", i, e[i]);
  }

  /* A given image, any tag; any image, a given tag (the largest MPI guarantees). */
  reset();
  put1(ca, right, &a[11], f(me, 11));
  xmp_rt_post(right, 5 + me, &here);
  xmp_rt_wait(left, 0, 0, &here);
  CHECK(a[11] == f(left, 11));
  put1(ca, right, &a[12], f(me, 12));
  xmp_rt_post(right, 32767, &here);
  xmp_rt_wait(-1, 1, 32767, &here);
  CHECK(a[12] == f(left, 12));
}

/* Every image adds 1 to cnt on image 0, 10 times, each under lk on image 0. */
static void test_lock(void) {
  reset();
  for (int k = 0; k < 10; k++) {
    xmp_rt_coarray_lock(clk, 0, &lk, &here);
    long long word = -1;
    xmp_rt_coarray_get_element(clk, 0, &lk, &word, sizeof word, &here);
    CHECKF(word == me + 1, "lock word %lld", word);
    long v = get1(ccnt, 0, &cnt);
    pause_in_mpi(0.002); /* without the lock, another image's increment would come in here */
    CHECKF(get1(ccnt, 0, &cnt) == v, "counter changed under the lock: %ld, then %ld", v,
           get1(ccnt, 0, &cnt));
    put1(ccnt, 0, &cnt, v + 1);
    xmp_rt_coarray_unlock(clk, 0, &lk, &here);
  }
  xmp_sync_all(NULL);
  CHECKF(get1(ccnt, 0, &cnt) == 10L * n, "counter %ld", get1(ccnt, 0, &cnt));
  if (me == 0)
    CHECK(cnt == 10L * n && lk.xmp_lock_word_ == 0);
}

/* Datatypes of more than INT_MAX elements (no transfer: their sizes and extents). */
static void test_datatypes(void) {
  MPI_Count lb, ext, size;
  long big = 3000000000L, zero = 0;
  MPI_Datatype t = xmpi_section_type(1, &big, &zero, 8);
  MPI_Type_size_x(t, &size);
  MPI_Type_get_true_extent_x(t, &lb, &ext);
  CHECK(size == 24000000000LL && lb == 0 && ext == 8);
  MPI_Type_free(&t);
  long odd = (long)INT_MAX + 5, sixteen = 16;
  t = xmpi_section_type(1, &odd, &sixteen, 8);
  MPI_Type_size_x(t, &size);
  MPI_Type_get_true_extent_x(t, &lb, &ext);
  CHECK(size == (MPI_Count)odd * 8 && lb == 0 && ext == (MPI_Count)(odd - 1) * 16 + 8);
  MPI_Type_free(&t);
  long count[2] = {3, 2L * INT_MAX + 1}, stride[2] = {1L << 40, 4};
  t = xmpi_section_type(2, count, stride, 4);
  MPI_Type_size_x(t, &size);
  MPI_Type_get_true_extent_x(t, &lb, &ext);
  CHECK(size == (MPI_Count)3 * count[1] * 4 && lb == 0 &&
        ext == (MPI_Count)2 * (1L << 40) + (MPI_Count)(count[1] - 1) * 4 + 4);
  MPI_Type_free(&t);
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  me = xmpc_this_image();
  n = xmpc_num_images();
  CHECK(n == xmp_num_images() && n == xmp_all_num_nodes());
  right = (me + 1) % n;
  left = (me + n - 1) % n;
  test_elements();
  test_sections_1d();
  test_sections_2d();
  test_repeat();
  test_copy();
  test_coshape();
  test_sync_images();
  test_post_wait();
  test_lock();
  test_datatypes();
  return xmp_rt_finalize(CHECK_RESULT()); /* mpirun fails when any image does */
}
