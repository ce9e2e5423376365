/* library.c - the specification's library procedures on whole distributed arrays:
 * xmp_transpose, xmp_matmul, xmp_pack, xmp_unpack, xmp_gather, xmp_scatter, xmp_sort_up and
 * xmp_sort_down. Each is collective over the executing node set. The operands
 * are gathered whole onto every node (a collective gmove into host memory), and every node
 * computes the elements of the result it owns and writes them into its storage (their shadow
 * copies are not updated, as after a gmove): simple, right for every distribution, and memory
 * of the operands' global size per node. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "xmp.h"
#include "xmpi_internal.h"

/* The distributed array descriptor d names, of `rank` dimensions (0: any). */
static xmp_rt_array_t *array_arg(xmp_desc_t d, int rank, const char *proc, const char *which) {
  xmp_rt_array_t *a = xmpi_array_of_desc(d);
  if (a == NULL)
    xmpb_fatal_collective(NULL, "%s: the %s is not the descriptor of a distributed array "
                          "(xmp_desc_of(a))", proc, which);
  if (rank > 0 && a->rank != rank)
    xmpb_fatal_collective(NULL, "%s: array '%s' has %d dimensions; the %s takes %d", proc,
                          a->name, a->rank, which, rank);
  if (a->data == NULL)
    xmpb_fatal_collective(NULL, "%s: array '%s' has no storage yet", proc, a->name);
  return a;
}

static long elements(const xmp_rt_array_t *a) {
  long n = 1;
  for (int d = 0; d < a->rank; d++)
    n *= a->extent[d];
  return n;
}

/* Every element of a, on every node of the executing set, in C order. */
static char *gather_whole(xmp_rt_array_t *a) {
  char *buf = xmpb_calloc_or_die((size_t)elements(a) + 1, a->elem_size, NULL);
  xmp_rt_section_t dst, src;
  memset(&dst, 0, sizeof dst);
  memset(&src, 0, sizeof src);
  dst.addr = buf;
  src.desc = a;
  dst.elem_size = src.elem_size = a->elem_size;
  dst.rank = src.rank = a->rank;
  for (int d = 0; d < a->rank; d++) {
    dst.extent[d] = src.extent[d] = a->extent[d];
    dst.len[d] = src.len[d] = a->extent[d];
    dst.step[d] = src.step[d] = 1;
  }
  xmp_rt_gmove(&dst, &src, NULL);
  return buf;
}

static char *element(const xmp_rt_array_t *a, long i, long j) {
  return (char *)a->data +
         (size_t)((i - a->base[0]) * a->local_extent[1] + (j - a->base[1])) * a->elem_size;
}

/* The elements this node owns, in C order: g their global indices, at their storage, and
 * their position in the whole array in C order. */
typedef struct owned_iter {
  const xmp_rt_array_t *a;
  long lo[XMP_RT_MAX_DIMS], hi[XMP_RT_MAX_DIMS], g[XMP_RT_MAX_DIMS];
  int more;
} owned_iter_t;

static void owned_begin(owned_iter_t *it, const xmp_rt_array_t *a) {
  it->a = a;
  xmpi_array_owned_box(a, it->lo, it->hi, NULL);
  it->more = 1;
  for (int d = 0; d < a->rank; d++) {
    it->g[d] = it->lo[d];
    it->more &= it->lo[d] <= it->hi[d];
  }
}

static void owned_next(owned_iter_t *it) {
  int d = it->a->rank - 1;
  while (d >= 0 && it->g[d] == it->hi[d])
    it->g[d] = it->lo[d], d--;
  if (d < 0)
    it->more = 0;
  else
    it->g[d]++;
}

static char *owned_storage(const owned_iter_t *it) {
  const xmp_rt_array_t *a = it->a;
  long at = 0;
  for (int d = 0; d < a->rank; d++)
    at = at * a->local_extent[d] + (it->g[d] - a->base[d]);
  return (char *)a->data + (size_t)at * a->elem_size;
}

static long owned_position(const owned_iter_t *it) {
  long at = 0;
  for (int d = 0; d < it->a->rank; d++)
    at = at * it->a->extent[d] + it->g[d];
  return at;
}

static int nonzero(const char *p, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (p[k] != 0)
      return 1;
  return 0;
}

/* The shapes of two arrays agree. */
static void same_shape(const xmp_rt_array_t *a, const xmp_rt_array_t *m, const char *proc) {
  int same = a->rank == m->rank;
  for (int d = 0; same && d < a->rank; d++)
    same = a->extent[d] == m->extent[d];
  if (!same)
    xmpb_fatal_collective(NULL, "%s: the mask '%s' does not have the shape of '%s'", proc,
                          m->name, a->name);
}

/* Two arrays whose elements one copies into the other: of one element size. */
static void same_elements(const xmp_rt_array_t *x, const xmp_rt_array_t *a, const char *proc) {
  if (x->elem_size != a->elem_size)
    xmpb_fatal_collective(NULL, "%s: '%s' has %zu-byte elements, '%s' %zu-byte ones", proc,
                          x->name, x->elem_size, a->name, a->elem_size);
}

void xmp_pack(xmp_desc_t v_d, xmp_desc_t a_d, xmp_desc_t mask_d) {
  xmp_rt_array_t *v = array_arg(v_d, 1, "xmp_pack", "result");
  xmp_rt_array_t *a = array_arg(a_d, 0, "xmp_pack", "source");
  xmp_rt_array_t *m = array_arg(mask_d, 0, "xmp_pack", "mask");
  same_shape(a, m, "xmp_pack");
  same_elements(v, a, "xmp_pack");
  char *ga = gather_whole(a), *gm = gather_whole(m);
  /* The selected elements in C order, packed in place. */
  long n = elements(a), count = 0;
  for (long k = 0; k < n; k++)
    if (nonzero(gm + (size_t)k * m->elem_size, m->elem_size))
      memmove(ga + (size_t)count++ * a->elem_size, ga + (size_t)k * a->elem_size, a->elem_size);
  owned_iter_t it;
  for (owned_begin(&it, v); it.more; owned_next(&it))
    if (it.g[0] < count)
      memcpy(owned_storage(&it), ga + (size_t)it.g[0] * a->elem_size, a->elem_size);
  free(ga);
  free(gm);
}

void xmp_unpack(xmp_desc_t a_d, xmp_desc_t v_d, xmp_desc_t mask_d) {
  xmp_rt_array_t *a = array_arg(a_d, 0, "xmp_unpack", "result");
  xmp_rt_array_t *v = array_arg(v_d, 1, "xmp_unpack", "source");
  xmp_rt_array_t *m = array_arg(mask_d, 0, "xmp_unpack", "mask");
  same_shape(a, m, "xmp_unpack");
  same_elements(v, a, "xmp_unpack");
  char *gv = gather_whole(v), *gm = gather_whole(m);
  /* Each selected element's place in v: how many selected ones come before it. */
  long n = elements(m), *rank_of = xmpb_calloc_or_die((size_t)n + 1, sizeof *rank_of, NULL);
  long count = 0;
  for (long k = 0; k < n; k++)
    rank_of[k] = nonzero(gm + (size_t)k * m->elem_size, m->elem_size) ? count++ : -1;
  if (count > v->extent[0])
    xmpb_fatal_collective(NULL, "xmp_unpack: the mask '%s' selects %ld elements, '%s' has %ld",
                          m->name, count, v->name, v->extent[0]);
  owned_iter_t it;
  for (owned_begin(&it, a); it.more; owned_next(&it)) {
    long r = rank_of[owned_position(&it)];
    if (r >= 0)
      memcpy(owned_storage(&it), gv + (size_t)r * a->elem_size, a->elem_size);
  }
  free(rank_of);
  free(gv);
  free(gm);
}

void xmp_transpose(xmp_desc_t dst_d, xmp_desc_t src_d, int opt) {
  (void)opt; /* 0 lets the source be overwritten; it never is here */
  xmp_rt_array_t *dst = array_arg(dst_d, 2, "xmp_transpose", "destination");
  xmp_rt_array_t *src = array_arg(src_d, 2, "xmp_transpose", "source");
  if (dst->extent[0] != src->extent[1] || dst->extent[1] != src->extent[0] ||
      dst->elem_size != src->elem_size)
    xmpb_fatal_collective(NULL, "xmp_transpose: '%s' is %ld x %ld of %zu-byte elements; the "
                          "transpose of '%s' (%ld x %ld of %zu-byte elements) is not",
                          dst->name, dst->extent[0], dst->extent[1], dst->elem_size, src->name,
                          src->extent[0], src->extent[1], src->elem_size);
  char *s = gather_whole(src);
  long lo[2], hi[2];
  xmpi_array_owned_box(dst, lo, hi, NULL);
  for (long i = lo[0]; i <= hi[0]; i++)
    for (long j = lo[1]; j <= hi[1]; j++)
      memcpy(element(dst, i, j), s + (size_t)(j * src->extent[1] + i) * src->elem_size,
             src->elem_size);
  free(s);
}

#define MATMUL_CASE(TYPE_ID, T)                                                                \
  case TYPE_ID:                                                                                \
    for (long i = lo[0]; i <= hi[0]; i++)                                                      \
      for (long j = lo[1]; j <= hi[1]; j++) {                                                  \
        T sum = 0;                                                                             \
        for (long k = 0; k < kk; k++)                                                          \
          sum += ((const T *)ga)[i * kk + k] * ((const T *)gb)[k * nn + j];                    \
        *(T *)element(x, i, j) = sum;                                                          \
      }                                                                                        \
    break;

void xmp_matmul(xmp_desc_t x_d, xmp_desc_t a_d, xmp_desc_t b_d) {
  xmp_rt_array_t *x = array_arg(x_d, 2, "xmp_matmul", "result");
  xmp_rt_array_t *a = array_arg(a_d, 2, "xmp_matmul", "first factor");
  xmp_rt_array_t *b = array_arg(b_d, 2, "xmp_matmul", "second factor");
  long kk = a->extent[1], nn = b->extent[1];
  if (x->extent[0] != a->extent[0] || x->extent[1] != nn || b->extent[0] != kk)
    xmpb_fatal_collective(NULL, "xmp_matmul: '%s' (%ld x %ld) = '%s' (%ld x %ld) x '%s' (%ld x "
                          "%ld): the shapes do not agree",
                          x->name, x->extent[0], x->extent[1], a->name, a->extent[0], kk,
                          b->name, b->extent[0], nn);
  if (x->type < 0 || a->type != x->type || b->type != x->type)
    xmpb_fatal_collective(NULL, "xmp_matmul: '%s', '%s' and '%s' must have elements of one "
                          "arithmetic type", x->name, a->name, b->name);
  char *ga = gather_whole(a), *gb = gather_whole(b);
  long lo[2], hi[2];
  xmpi_array_owned_box(x, lo, hi, NULL);
  switch (x->type) {
    MATMUL_CASE(XMP_RT_SHORT, short)
    MATMUL_CASE(XMP_RT_USHORT, unsigned short)
    MATMUL_CASE(XMP_RT_INT, int)
    MATMUL_CASE(XMP_RT_UINT, unsigned)
    MATMUL_CASE(XMP_RT_LONG, long)
    MATMUL_CASE(XMP_RT_ULONG, unsigned long)
    MATMUL_CASE(XMP_RT_LLONG, long long)
    MATMUL_CASE(XMP_RT_ULLONG, unsigned long long)
    MATMUL_CASE(XMP_RT_FLOAT, float)
    MATMUL_CASE(XMP_RT_DOUBLE, double)
    MATMUL_CASE(XMP_RT_LDOUBLE, long double)
  default:
    xmpb_fatal_collective(NULL, "xmp_matmul: '%s' has elements of a type it does not multiply "
                          "(char, _Bool or complex)", x->name);
  }
  free(ga);
  free(gb);
}

/* An index array's element at position k (C order), whatever its integer type. */
static long index_at(const xmp_rt_array_t *idx, const char *whole, long k, const char *proc) {
  const char *p = whole + (size_t)k * idx->elem_size;
  switch (idx->type) {
  case XMP_RT_SHORT: return *(const short *)p;
  case XMP_RT_USHORT: return *(const unsigned short *)p;
  case XMP_RT_INT: return *(const int *)p;
  case XMP_RT_UINT: return (long)*(const unsigned *)p;
  case XMP_RT_LONG: return *(const long *)p;
  case XMP_RT_ULONG: return (long)*(const unsigned long *)p;
  case XMP_RT_LLONG: return (long)*(const long long *)p;
  case XMP_RT_ULLONG: return (long)*(const unsigned long long *)p;
  default:
    xmpb_fatal_collective(NULL, "%s: the index array '%s' does not have integer elements", proc,
                          idx->name);
  }
}

/* The index arrays of a gather or scatter (one per dimension of `indexed`, each of the shape
 * of `shaped`), gathered whole. */
static void index_arrays(va_list ap, const xmp_rt_array_t *indexed, const xmp_rt_array_t *shaped,
                         xmp_rt_array_t **idx, char **whole, const char *proc) {
  for (int d = 0; d < indexed->rank; d++) {
    idx[d] = array_arg(va_arg(ap, xmp_desc_t), 0, proc, "index array");
    int same = idx[d]->rank == shaped->rank;
    for (int e = 0; same && e < shaped->rank; e++)
      same = idx[d]->extent[e] == shaped->extent[e];
    if (!same)
      xmpb_fatal_collective(NULL, "%s: the index array '%s' does not have the shape of '%s'",
                            proc, idx[d]->name, shaped->name);
    whole[d] = gather_whole(idx[d]);
  }
}

/* The C-order position in `indexed` that the index arrays give at position k. */
static long indexed_position(const xmp_rt_array_t *indexed, xmp_rt_array_t **idx, char **whole,
                             long k, const char *proc) {
  long at = 0;
  for (int d = 0; d < indexed->rank; d++) {
    long i = index_at(idx[d], whole[d], k, proc);
    if (i < 0 || i >= indexed->extent[d])
      xmpb_fatal(NULL, "%s: index %ld of dimension %d of '%s' (from '%s') is outside 0:%ld", proc,
                 i, d, indexed->name, idx[d]->name, indexed->extent[d] - 1);
    at = at * indexed->extent[d] + i;
  }
  return at;
}

/* The operands of a gather or scatter: x, a, the index arrays gathered whole (one per dimension
 * of the indexed array, each of the other's shape), and a gathered whole. */
typedef struct indexed {
  xmp_rt_array_t *x, *a, *idx[XMP_RT_MAX_DIMS];
  char *whole[XMP_RT_MAX_DIMS], *ga;
  int nidx;
} indexed_t;

static void indexed_begin(indexed_t *w, xmp_desc_t x_d, xmp_desc_t a_d, va_list ap,
                          int indexes_x, const char *proc) {
  w->x = array_arg(x_d, 0, proc, "result");
  w->a = array_arg(a_d, 0, proc, "source");
  same_elements(w->x, w->a, proc);
  const xmp_rt_array_t *indexed = indexes_x ? w->x : w->a;
  w->nidx = indexed->rank;
  index_arrays(ap, indexed, indexes_x ? w->a : w->x, w->idx, w->whole, proc);
  w->ga = gather_whole(w->a);
}

static void indexed_end(indexed_t *w) {
  for (int d = 0; d < w->nidx; d++)
    free(w->whole[d]);
  free(w->ga);
}

void xmp_gather(xmp_desc_t x_d, xmp_desc_t a_d, ...) {
  indexed_t w;
  va_list ap;
  va_start(ap, a_d);
  indexed_begin(&w, x_d, a_d, ap, 0, "xmp_gather");
  va_end(ap);
  size_t size = w.a->elem_size;
  owned_iter_t it;
  for (owned_begin(&it, w.x); it.more; owned_next(&it))
    memcpy(owned_storage(&it),
           w.ga + (size_t)indexed_position(w.a, w.idx, w.whole, owned_position(&it),
                                           "xmp_gather") * size,
           size);
  indexed_end(&w);
}

void xmp_scatter(xmp_desc_t x_d, xmp_desc_t a_d, ...) {
  indexed_t w;
  va_list ap;
  va_start(ap, a_d);
  indexed_begin(&w, x_d, a_d, ap, 1, "xmp_scatter");
  va_end(ap);
  size_t size = w.a->elem_size;
  /* Where each element of a goes, in C order (the last of several to one place wins). */
  long n = elements(w.a), nx = elements(w.x);
  long *to = xmpb_calloc_or_die((size_t)nx + 1, sizeof *to, NULL);
  for (long k = 0; k < nx; k++)
    to[k] = -1;
  for (long k = 0; k < n; k++)
    to[indexed_position(w.x, w.idx, w.whole, k, "xmp_scatter")] = k;
  owned_iter_t it;
  for (owned_begin(&it, w.x); it.more; owned_next(&it)) {
    long from = to[owned_position(&it)];
    if (from >= 0)
      memcpy(owned_storage(&it), w.ga + (size_t)from * size, size);
  }
  free(to);
  indexed_end(&w);
}

/* qsort comparators, ascending, per element type. */
#define SORT_CMP(NAME, T)                                                                      \
  static int NAME(const void *x, const void *y) {                                              \
    T a = *(const T *)x, b = *(const T *)y;                                                    \
    return (a > b) - (a < b);                                                                  \
  }
SORT_CMP(cmp_char, signed char)
SORT_CMP(cmp_uchar, unsigned char)
SORT_CMP(cmp_short, short)
SORT_CMP(cmp_ushort, unsigned short)
SORT_CMP(cmp_int, int)
SORT_CMP(cmp_uint, unsigned)
SORT_CMP(cmp_long, long)
SORT_CMP(cmp_ulong, unsigned long)
SORT_CMP(cmp_llong, long long)
SORT_CMP(cmp_ullong, unsigned long long)
SORT_CMP(cmp_float, float)
SORT_CMP(cmp_double, double)
SORT_CMP(cmp_ldouble, long double)

static void sort(xmp_desc_t a_d, xmp_desc_t b_d, int down, const char *proc) {
  xmp_rt_array_t *a = array_arg(a_d, 1, proc, "source");
  xmp_rt_array_t *b = array_arg(b_d, 1, proc, "result");
  if (a->extent[0] != b->extent[0] || a->type != b->type)
    xmpb_fatal_collective(NULL, "%s: '%s' and '%s' must have the same length and element type",
                          proc, a->name, b->name);
  int (*cmp)(const void *, const void *) = NULL;
  switch (a->type) {
  case XMP_RT_CHAR: cmp = (char)-1 < 0 ? cmp_char : cmp_uchar; break;
  case XMP_RT_SCHAR: cmp = cmp_char; break;
  case XMP_RT_UCHAR: case XMP_RT_BOOL: cmp = cmp_uchar; break;
  case XMP_RT_SHORT: cmp = cmp_short; break;
  case XMP_RT_USHORT: cmp = cmp_ushort; break;
  case XMP_RT_INT: cmp = cmp_int; break;
  case XMP_RT_UINT: cmp = cmp_uint; break;
  case XMP_RT_LONG: cmp = cmp_long; break;
  case XMP_RT_ULONG: cmp = cmp_ulong; break;
  case XMP_RT_LLONG: cmp = cmp_llong; break;
  case XMP_RT_ULLONG: cmp = cmp_ullong; break;
  case XMP_RT_FLOAT: cmp = cmp_float; break;
  case XMP_RT_DOUBLE: cmp = cmp_double; break;
  case XMP_RT_LDOUBLE: cmp = cmp_ldouble; break;
  default:
    xmpb_fatal_collective(NULL, "%s: '%s' has elements without an order (complex, or not "
                          "arithmetic)", proc, a->name);
  }
  char *ga = gather_whole(a);
  long n = a->extent[0];
  qsort(ga, (size_t)n, a->elem_size, cmp);
  owned_iter_t it;
  for (owned_begin(&it, b); it.more; owned_next(&it)) {
    long k = down ? n - 1 - it.g[0] : it.g[0];
    memcpy(owned_storage(&it), ga + (size_t)k * a->elem_size, a->elem_size);
  }
  free(ga);
}

void xmp_sort_up(xmp_desc_t a, xmp_desc_t b) { sort(a, b, 0, "xmp_sort_up"); }
void xmp_sort_down(xmp_desc_t a, xmp_desc_t b) { sort(a, b, 1, "xmp_sort_down"); }
