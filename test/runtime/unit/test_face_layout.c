/* The layout arithmetic of device halo faces (starpu/face_kernels.h), which the kernel-store
 * kernel and gpu_faces.c's copies run on the GPU, checked on the host against brute force:
 * boxes of rank 1-5 taken from one storage and put into another of other extents, element by
 * element, against the walk of the layout by units (the store unit the kernel picks, and whole
 * runs as the copy engines move them): every byte of the destination box written once with
 * its source byte, nothing else written, every unit aligned to its size. Also the faces of
 * bench/halo's a[outer][4][inner] arrays keep the shapes the copies rely on. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "face_kernels.h"

enum { MAXR = 5 };

static unsigned long long seed = 88172645463325252ull;
static long rnd(long n) { /* xorshift: [0, n) */
  seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
  return (long)(seed % (unsigned long long)n);
}

static size_t storage(int rank, const long *extent, size_t elem) {
  size_t n = elem;
  for (int e = 0; e < rank; e++)
    n *= (size_t)extent[e];
  return n;
}

/* Byte offset of the element at start + idx in a storage of extent (C order). */
static size_t offset_of(int rank, const long *extent, const long *start, const long *idx,
                        size_t elem) {
  size_t off = 0;
  for (int e = 0; e < rank; e++)
    off = off * (size_t)extent[e] + (size_t)(start[e] + idx[e]);
  return off * elem;
}

/* Moves the box by the layout's units into dst (writes[] counts each byte's stores); with
 * `aligned`, each unit must sit at a multiple of its size from the bases standing for the two
 * addresses (the kernel's vector stores; a copy engine's rows need not). */
static void walk(const xmpsp_face_layout_t *l, size_t unit, int aligned,
                 const unsigned char *src, size_t src_at, unsigned char *dst,
                 unsigned char *writes, size_t dst_at, uintptr_t src_base, uintptr_t dst_base,
                 size_t src_bytes, size_t dst_bytes) {
  size_t total = xmpsp_face_units(l, unit);
  for (size_t u = 0; u < total; u++) {
    size_t s, d;
    xmpsp_face_unit_at(l, unit, u, &s, &d);
    s += src_at, d += dst_at;
    CHECKF(s + unit <= src_bytes && d + unit <= dst_bytes, "unit %zu of %zu outside", u, total);
    if (s + unit > src_bytes || d + unit > dst_bytes)
      return;
    if (aligned && ((src_base + s) % unit != 0 || (dst_base + d) % unit != 0)) {
      CHECKF(0, "unit %zu of %zu bytes at +%zu -> +%zu unaligned", u, unit, s, d);
      return;
    }
    for (size_t b = 0; b < unit; b++) {
      dst[d + b] = src[s + b];
      writes[d + b]++;
    }
  }
}

/* One case: the layout walked by the kernel's unit and by whole runs, against brute force. */
static void check_case(int rank, size_t elem, const long *count, const long *sext,
                       const long *sstart, const long *dext, const long *dstart,
                       uintptr_t src_base, uintptr_t dst_base) {
  xmpsp_face_layout_t l;
  size_t src_at, dst_at;
  xmpsp_face_layout(rank, elem, count, sext, sstart, dext, dstart, &l, &src_at, &dst_at);
  CHECK(l.nouter <= rank && l.nouter < XMPSP_FACE_MAX_OUTER);
  size_t sbytes = storage(rank, sext, elem), dbytes = storage(rank, dext, elem);
  unsigned char *src = malloc(sbytes), *dst = malloc(dbytes), *writes = malloc(dbytes);
  unsigned char *want = calloc(dbytes, 1), *in_box = calloc(dbytes, 1);
  for (size_t i = 0; i < sbytes; i++)
    src[i] = (unsigned char)(i * 131 + i / 251 + 7);
  /* brute force */
  long idx[MAXR] = {0}, n = 1;
  for (int e = 0; e < rank; e++)
    n *= count[e];
  for (long k = 0; k < n; k++) {
    long rem = k;
    for (int e = rank - 1; e >= 0; e--) {
      idx[e] = rem % count[e];
      rem /= count[e];
    }
    size_t s = offset_of(rank, sext, sstart, idx, elem), d = offset_of(rank, dext, dstart, idx, elem);
    for (size_t b = 0; b < elem; b++) {
      want[d + b] = src[s + b];
      in_box[d + b] = 1;
    }
  }
  uintptr_t src_addr = src_base + src_at, dst_addr = dst_base + dst_at;
  size_t units[2] = {xmpsp_face_unit(dst_addr, src_addr, &l), l.width};
  for (int w = 0; w < 2; w++) {
    if (units[w] == 0)
      continue; /* an empty face: no runs */
    memset(dst, 0, dbytes);
    memset(writes, 0, dbytes);
    walk(&l, units[w], w == 0, src, src_at, dst, writes, dst_at, src_base, dst_base, sbytes,
         dbytes);
    long bad = 0;
    for (size_t i = 0; i < dbytes; i++)
      bad += in_box[i] ? writes[i] != 1 || dst[i] != want[i] : writes[i] != 0;
    CHECKF(bad == 0, "rank %d elem %zu unit %zu: %ld bytes wrong (width %zu, %d outer)", rank,
           elem, units[w], bad, l.width, l.nouter);
  }
  free(src), free(dst), free(writes), free(want), free(in_box);
}

static void random_cases(int ncases) {
  static const size_t elems[] = {1, 2, 4, 8, 12, 16};
  for (int c = 0; c < ncases; c++) {
    int rank = 1 + (int)rnd(MAXR);
    size_t elem = elems[rnd(6)];
    long count[MAXR], sext[MAXR], sstart[MAXR], dext[MAXR], dstart[MAXR];
    for (int e = 0; e < rank; e++) {
      sext[e] = 1 + rnd(5);
      count[e] = rnd(8) == 0 ? 0 : 1 + rnd(sext[e]); /* empty faces now and then */
      if (count[e] > sext[e])
        count[e] = sext[e];
      sstart[e] = rnd(sext[e] - count[e] + 1);
      /* the peer's storage: the same extent, or a larger one (uneven blocks, wider shadows) */
      dext[e] = rnd(2) ? sext[e] : count[e] + rnd(4);
      if (dext[e] == 0)
        dext[e] = 1;
      dstart[e] = rnd(dext[e] - count[e] + 1);
    }
    /* allocation bases: 256-aligned, or off by what a sub-allocation might add */
    uintptr_t src_base = 4096 + (uintptr_t)(rnd(4) * 8), dst_base = 65536 + (uintptr_t)rnd(3) * 4;
    check_case(rank, elem, count, sext, sstart, dext, dstart, src_base, dst_base);
  }
}

/* bench/halo's faces: plane 2 of a[outer][4][inner] into plane 0 of the peer's (same
 * storage): contiguous ones are one run, the others one outer dimension of pitch 4 * inner
 * elements, and 8-byte units at least. */
static void bench_faces(void) {
  static const long shapes[][2] = {{1, 128}, {1, 2048}, {16, 8}, {32, 64}, {128, 1}, {2048, 1}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    long outer = shapes[i][0], inner = shapes[i][1];
    long ext[3] = {outer, 4, inner}, from[3] = {0, 2, 0}, to[3] = {0, 0, 0};
    long count[3] = {outer, 1, inner};
    xmpsp_face_layout_t l;
    size_t src_at, dst_at;
    xmpsp_face_layout(3, 8, count, ext, from, ext, to, &l, &src_at, &dst_at);
    CHECKF(src_at == (size_t)(2 * inner * 8) && dst_at == 0, "face %zu offsets", i);
    if (outer == 1) {
      CHECKF(l.nouter == 0 && l.width == (size_t)inner * 8, "face %zu: one run", i);
    } else {
      CHECKF(l.nouter == 1 && l.width == (size_t)inner * 8 && l.count[0] == (size_t)outer &&
                 l.src_pitch[0] == (size_t)(4 * inner * 8) && l.dst_pitch[0] == l.src_pitch[0],
             "face %zu: %ld runs of %ld", i, outer, inner);
    }
    CHECKF(xmpsp_face_unit(4096, 4096 + src_at, &l) >= 8, "face %zu: unit", i);
    check_case(3, 8, count, ext, from, ext, to, 4096, 8192);
  }
}

/* A box whole in its own storage (one run) put into a wider one: the ends merge differently,
 * so the layout keeps what both share. */
static void uneven_ends(void) {
  long count[2] = {3, 4}, sext[2] = {3, 4}, sstart[2] = {0, 0}, dext[2] = {5, 6},
       dstart[2] = {1, 1};
  xmpsp_face_layout_t l;
  size_t src_at, dst_at;
  xmpsp_face_layout(2, 8, count, sext, sstart, dext, dstart, &l, &src_at, &dst_at);
  CHECK(l.nouter == 1 && l.width == 32 && l.count[0] == 3 && l.src_pitch[0] == 32 &&
        l.dst_pitch[0] == 48 && src_at == 0 && dst_at == 56);
  check_case(2, 8, count, sext, sstart, dext, dstart, 4096, 8192);
}

int main(void) {
  bench_faces();
  uneven_ends();
  random_cases(20000);
  return CHECK_RESULT();
}
