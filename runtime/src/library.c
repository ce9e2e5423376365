/* library.c - the specification's library procedures on whole distributed arrays:
 * xmp_transpose and xmp_matmul. Each is collective over the executing node set. The operands
 * are gathered whole onto every node (a collective gmove into host memory), and every node
 * computes the elements of the result it owns and writes them into its storage (their shadow
 * copies are not updated, as after a gmove): simple, right for every distribution, and memory
 * of the operands' global size per node. */
#include <stdlib.h>
#include <string.h>

#include "xmp.h"
#include "xmpi_internal.h"

static xmp_rt_array_t *array_arg(xmp_desc_t d, const char *proc, const char *which) {
  xmp_rt_array_t *a = xmpi_array_of_desc(d);
  if (a == NULL)
    xmpi_fatal_collective(NULL, "%s: the %s is not the descriptor of a distributed array "
                          "(xmp_desc_of(a))", proc, which);
  if (a->rank != 2)
    xmpi_fatal_collective(NULL, "%s: array '%s' has %d dimensions; it takes two", proc, a->name,
                          a->rank);
  if (a->data == NULL)
    xmpi_fatal_collective(NULL, "%s: array '%s' has no storage yet", proc, a->name);
  return a;
}

/* Every element of a, on every node of the executing set: a[i][j] at i * extent[1] + j. */
static char *gather_whole(xmp_rt_array_t *a) {
  char *buf = xmpi_calloc_or_die((size_t)(a->extent[0] * a->extent[1]), a->elem_size, NULL);
  xmp_rt_section_t dst, src;
  memset(&dst, 0, sizeof dst);
  memset(&src, 0, sizeof src);
  dst.addr = buf;
  src.desc = a;
  dst.elem_size = src.elem_size = a->elem_size;
  dst.rank = src.rank = 2;
  for (int d = 0; d < 2; d++) {
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

void xmp_transpose(xmp_desc_t dst_d, xmp_desc_t src_d, int opt) {
  (void)opt; /* 0 lets the source be overwritten; it never is here */
  xmp_rt_array_t *dst = array_arg(dst_d, "xmp_transpose", "destination");
  xmp_rt_array_t *src = array_arg(src_d, "xmp_transpose", "source");
  if (dst->extent[0] != src->extent[1] || dst->extent[1] != src->extent[0] ||
      dst->elem_size != src->elem_size)
    xmpi_fatal_collective(NULL, "xmp_transpose: '%s' is %ld x %ld of %zu-byte elements; the "
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
  xmp_rt_array_t *x = array_arg(x_d, "xmp_matmul", "result");
  xmp_rt_array_t *a = array_arg(a_d, "xmp_matmul", "first factor");
  xmp_rt_array_t *b = array_arg(b_d, "xmp_matmul", "second factor");
  long kk = a->extent[1], nn = b->extent[1];
  if (x->extent[0] != a->extent[0] || x->extent[1] != nn || b->extent[0] != kk)
    xmpi_fatal_collective(NULL, "xmp_matmul: '%s' (%ld x %ld) = '%s' (%ld x %ld) x '%s' (%ld x "
                          "%ld): the shapes do not agree",
                          x->name, x->extent[0], x->extent[1], a->name, a->extent[0], kk,
                          b->name, b->extent[0], nn);
  if (x->type < 0 || a->type != x->type || b->type != x->type)
    xmpi_fatal_collective(NULL, "xmp_matmul: '%s', '%s' and '%s' must have elements of one "
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
    xmpi_fatal_collective(NULL, "xmp_matmul: '%s' has elements of a type it does not multiply "
                          "(char, _Bool or complex)", x->name);
  }
  free(ga);
  free(gb);
}
