/* Face shapes (hybridcomm/face.c) against brute force: every region a halo exchange can move
 * in storages of rank 1-3 is enumerated element by element, its byte offsets cut into maximal
 * contiguous runs, and the runs compared with the classification (count, length, stride,
 * first offset, kind). */
#include <stdlib.h>

#include "check.h"
#include "xmphc_internal.h"

/* Runs of the region from its element offsets, in storage order. */
typedef struct runs {
  long n;
  size_t first_len, first_off, stride;
  int regular; /* all runs the same length, equally spaced */
} runs_t;

static runs_t enumerate(int rank, const long *ext, size_t es, const long *start,
                        const long *count) {
  runs_t r = {0, 0, 0, 0, 1};
  long idx[3] = {0, 0, 0};
  size_t prev_end = (size_t)-1, run_start = 0, run_len = 0, last_start = 0;
  long total = 1;
  for (int e = 0; e < rank; e++)
    total *= count[e];
  for (long k = 0; k < total; k++) {
    long rem = k;
    for (int e = rank - 1; e >= 0; e--) {
      idx[e] = start[e] + rem % count[e];
      rem /= count[e];
    }
    size_t off = 0;
    for (int e = 0; e < rank; e++)
      off = off * (size_t)ext[e] + (size_t)idx[e];
    off *= es;
    if (off != prev_end) { /* a new run */
      if (r.n > 0) {
        if (r.n == 1)
          r.first_len = run_len;
        else if (run_len != r.first_len)
          r.regular = 0;
        if (r.n == 2)
          r.stride = run_start - last_start;
        else if (r.n > 2 && run_start - last_start != r.stride)
          r.regular = 0;
      }
      if (r.n == 0)
        r.first_off = off;
      if (r.n > 0)
        last_start = run_start;
      r.n++;
      run_start = off;
      run_len = 0;
    }
    run_len += es;
    prev_end = off + es;
  }
  if (r.n == 1)
    r.first_len = run_len;
  else if (r.n > 1 && run_len != r.first_len)
    r.regular = 0;
  if (r.n == 2)
    r.stride = run_start - last_start;
  return r;
}

static void check_all(int rank, const long *ext, size_t es) {
  for (int d = 0; d < rank; d++)
    for (long s = 0; s < ext[d]; s++)
      for (long c = 1; s + c <= ext[d]; c++) {
        long start[3] = {0, 0, 0}, count[3];
        for (int e = 0; e < rank; e++)
          count[e] = ext[e];
        start[d] = s;
        count[d] = c;
        xmphc_face_shape_t sh;
        int st = xmphc_face_classify(rank, ext, es, d, start, count, &sh);
        CHECKF(st == XMPHC_OK, "rank %d dim %d start %ld count %ld", rank, d, s, c);
        runs_t r = enumerate(rank, ext, es, start, count);
        CHECKF(r.regular, "rank %d dim %d: the face is not regular", rank, d);
        CHECKF(sh.nblocks == r.n && sh.block_bytes == r.first_len &&
                   sh.offset_bytes == r.first_off && sh.bytes == (size_t)r.n * r.first_len,
               "rank %d ext %ld,%ld,%ld dim %d start %ld count %ld: %ld runs of %zu at %zu, "
               "expected %ld of %zu at %zu", rank, ext[0], rank > 1 ? ext[1] : 0,
               rank > 2 ? ext[2] : 0, d, s, c, sh.nblocks, sh.block_bytes, sh.offset_bytes,
               r.n, r.first_len, r.first_off);
        if (r.n > 1)
          CHECKF(sh.stride_bytes == r.stride, "dim %d: stride %zu, expected %zu", d,
                 sh.stride_bytes, r.stride);
        int kind = r.n <= 1 ? XMPHC_FACE_CONTIGUOUS
                   : r.first_len == es ? XMPHC_FACE_STRIDE : XMPHC_FACE_BLOCK_STRIDE;
        CHECKF(sh.kind == kind, "rank %d dim %d count %ld: %s, expected %s", rank, d, c,
               xmphc_face_kind_name(sh.kind), xmphc_face_kind_name(kind));
      }
}

int main(void) {
  const long shapes[][3] = {{5, 1, 1}, {4, 6, 1}, {1, 7, 1}, {6, 1, 1}, {3, 4, 5},
                            {1, 3, 4}, {4, 1, 3}, {2, 3, 1}};
  const int ranks[] = {1, 2, 2, 2, 3, 3, 3, 3};
  for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++)
    for (size_t es = 1; es <= 8; es *= 2)
      check_all(ranks[i], shapes[i], es);

  /* The thesis's three planes of an N^3 array with one-wide halos. */
  long ext[3] = {8, 8, 8}, start[3] = {0, 0, 0}, count[3] = {1, 8, 8};
  xmphc_face_shape_t s;
  CHECK(xmphc_face_classify(3, ext, 8, 0, start, count, &s) == XMPHC_OK &&
        s.kind == XMPHC_FACE_CONTIGUOUS && s.bytes == 512);
  count[0] = 8, count[1] = 1;
  CHECK(xmphc_face_classify(3, ext, 8, 1, start, count, &s) == XMPHC_OK &&
        s.kind == XMPHC_FACE_BLOCK_STRIDE && s.nblocks == 8 && s.block_bytes == 64 &&
        s.stride_bytes == 512);
  count[1] = 8, count[2] = 1;
  CHECK(xmphc_face_classify(3, ext, 8, 2, start, count, &s) == XMPHC_OK &&
        s.kind == XMPHC_FACE_STRIDE && s.nblocks == 64 && s.block_bytes == 8 &&
        s.stride_bytes == 64);

  /* Not a face: partial in a dimension other than dim, outside the storage, bad dim. */
  long c2[3] = {1, 4, 8};
  CHECK(xmphc_face_classify(3, ext, 8, 0, start, c2, &s) == XMPHC_E_MISMATCH);
  long s2[3] = {7, 0, 0}, c3[3] = {2, 8, 8};
  CHECK(xmphc_face_classify(3, ext, 8, 0, s2, c3, &s) == XMPHC_E_MISMATCH);
  CHECK(xmphc_face_classify(3, ext, 8, 3, start, count, &s) == XMPHC_E_MISMATCH);
  return CHECK_RESULT();
}
