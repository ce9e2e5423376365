/* coarray_rma.c - puts and gets of coarray sections: each side of an assignment is a section
 * (per dimension a count and a stride in bytes) turned into an MPI datatype, checked first:
 * the remote section must lie inside the coarray, the shapes must conform (the counts with
 * the 1s dropped equal, or the source one element, repeated), a destination must not repeat
 * an element. A put returns when its source may be reused (it completes on its target at the
 * next image control statement, coarray.c's xmpi_coarray_complete_all, or before the next
 * get from that image); a get returns with the values. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmp.h"
#include "xmpi_internal.h"

/* Fortran's limit of rank + corank: more than any C object declared as a coarray has. */
#define MAX_RANK 15

/* One side of a transfer, with its dimensions of count 1 dropped. */
typedef struct sect {
  int rank;
  long count[MAX_RANK], stride[MAX_RANK];
  int dim[MAX_RANK]; /* the dimension as given */
  long total;        /* elements */
  int given;         /* the rank as given, and its counts, for messages */
  long shape[MAX_RANK];
} sect_t;

/* ---- datatypes ---- */

/* count elements of type inner, stride bytes apart; over INT_MAX as blocks of INT_MAX and the
 * rest. */
static MPI_Datatype hvector(long count, long stride, MPI_Datatype inner) {
  MPI_Datatype t;
  if (count <= INT_MAX) {
    MPI_Type_create_hvector((int)count, 1, (MPI_Aint)stride, inner, &t);
    return t;
  }
  long q = count / INT_MAX, r = count % INT_MAX;
  MPI_Datatype block, blocks;
  MPI_Type_create_hvector(INT_MAX, 1, (MPI_Aint)stride, inner, &block);
  blocks = hvector(q, stride * (long)INT_MAX, block); /* q < count: terminates */
  MPI_Type_free(&block);
  if (r == 0)
    return blocks;
  MPI_Datatype rest;
  MPI_Type_create_hvector((int)r, 1, (MPI_Aint)stride, inner, &rest);
  int lens[2] = {1, 1};
  MPI_Aint disp[2] = {0, (MPI_Aint)(q * (long)INT_MAX * stride)};
  MPI_Datatype types[2] = {blocks, rest};
  MPI_Type_create_struct(2, lens, disp, types, &t);
  MPI_Type_free(&blocks);
  MPI_Type_free(&rest);
  return t;
}

MPI_Datatype xmpi_section_type(int rank, const long *count, const long *stride, size_t elem) {
  MPI_Datatype t;
  MPI_Type_contiguous((int)elem, MPI_BYTE, &t);
  for (int d = rank - 1; d >= 0; d--) {
    MPI_Datatype outer = hvector(count[d], stride[d], t);
    MPI_Type_free(&t);
    t = outer;
  }
  MPI_Type_commit(&t);
  return t;
}

/* ---- checks ---- */

static void check_elem(size_t elem, const char *label, const xmp_rt_srcloc_t *where) {
  if (elem == 0 || elem > INT_MAX)
    xmpb_fatal(where, "%s: element size %zu bytes (1 to %d)", label, elem, INT_MAX);
}

static void parse(sect_t *s, int rank, const xmp_rt_span_t *spans, const char *label,
                  const char *side, const xmp_rt_srcloc_t *where) {
  if (rank < 0 || rank > MAX_RANK || (rank > 0 && spans == NULL))
    xmpb_fatal(where, "%s: the %s section has rank %d (0 to %d)", label, side, rank, MAX_RANK);
  s->given = rank;
  s->rank = 0;
  s->total = 1;
  int empty = 0;
  for (int d = 0; d < rank; d++) {
    long n = spans[d].count;
    if (n < 0)
      xmpb_fatal(where, "%s: the %s section has a negative count (%ld) in dimension %d", label,
                 side, n, d);
    s->shape[d] = n;
    if (n == 0)
      empty = 1;
    else if (__builtin_mul_overflow(s->total, n, &s->total))
      xmpb_fatal(where, "%s: the %s section has more elements than this runtime counts", label,
                 side);
    if (n != 1) {
      s->count[s->rank] = n;
      s->stride[s->rank] = spans[d].stride;
      s->dim[s->rank++] = d;
    }
  }
  if (empty)
    s->total = 0;
}

static void shape_text(const sect_t *s, char *buf, size_t cap) {
  size_t n = 0;
  buf[0] = '\0';
  for (int d = 0; d < s->given && n < cap; d++)
    n += (size_t)snprintf(buf + n, cap - n, "[%ld]", s->shape[d]);
  if (s->given == 0)
    snprintf(buf, cap, "[]");
}

/* 1 when the source is one element assigned to every element of the destination. */
static int conform(const sect_t *dst, const sect_t *src, const char *label,
                   const xmp_rt_srcloc_t *where) {
  if (src->total == 1 && dst->total != 1)
    return 1;
  if (dst->total != src->total)
    xmpb_fatal(where, "%s: the destination section has %ld elements but the source section "
               "has %ld", label, dst->total, src->total);
  int same = dst->rank == src->rank;
  for (int i = 0; same && i < dst->rank; i++)
    same = dst->count[i] == src->count[i];
  if (!same) {
    char a[200], b[200];
    shape_text(dst, a, sizeof a);
    shape_text(src, b, sizeof b);
    xmpb_fatal(where, "%s: the sections have shapes %s and %s: they do not conform", label, a,
               b);
  }
  return 0;
}

static void no_repeats(const sect_t *s, const char *label, const xmp_rt_srcloc_t *where) {
  for (int i = 0; i < s->rank; i++)
    if (s->stride[i] == 0)
      xmpb_fatal(where, "%s: the destination section repeats an element (stride 0 in "
                 "dimension %d)", label, s->dim[i]);
}

static long offset_of(const xmp_rt_coarray_t *c, const void *at) {
  return (long)((intptr_t)at - (intptr_t)c->base);
}

/* The remote section, off bytes from the coarray's base on image, must lie inside it. */
static void check_range(const xmp_rt_coarray_t *c, int image, const sect_t *s, long off,
                        size_t elem, const xmp_rt_srcloc_t *where) {
  if (s->total == 0)
    return;
  long lo = off, hi = off;
  int bad = 0;
  for (int i = 0; i < s->rank; i++) {
    long ext;
    bad |= __builtin_mul_overflow(s->count[i] - 1, s->stride[i], &ext);
    if (ext < 0)
      bad |= __builtin_add_overflow(lo, ext, &lo);
    else
      bad |= __builtin_add_overflow(hi, ext, &hi);
  }
  bad |= __builtin_add_overflow(hi, (long)elem - 1, &hi);
  if (bad)
    xmpb_fatal(where, "coarray '%s': the section on image %d reaches past the addresses this "
               "runtime computes", c->name, image);
  if (lo < 0 || hi >= (long)c->bytes)
    xmpb_fatal(where, "coarray '%s': the section on image %d covers bytes %ld..%ld, outside "
               "the coarray's %zu bytes", c->name, image, lo, hi, c->bytes);
}

/* Makes every stride of the remote section non-negative (some one-sided components handle
 * only those well): a dimension that runs backwards is run forwards on both sides, which
 * pairs the same elements. local NULL: one element, repeated. */
static void normalize(sect_t *remote, long *off, sect_t *local, char **at) {
  for (int i = 0; i < remote->rank; i++)
    if (remote->stride[i] < 0) {
      *off += (remote->count[i] - 1) * remote->stride[i];
      remote->stride[i] = -remote->stride[i];
      if (local != NULL) {
        *at += (local->count[i] - 1) * local->stride[i];
        local->stride[i] = -local->stride[i];
      }
    }
}

/* A contiguous buffer holding s's elements in order: s's shape, packed. */
static void packed(const sect_t *s, size_t elem, sect_t *p) {
  *p = *s;
  long stride = (long)elem;
  for (int i = s->rank - 1; i >= 0; i--) {
    p->stride[i] = stride;
    stride *= s->count[i];
  }
}

/* ---- transfers ---- */

/* Checked sections: src (local, or NULL for one element repeated) into r on image. */
static void issue_put(xmp_rt_coarray_t *c, int image, sect_t *r, long off, const void *src,
                      sect_t *l, size_t elem) {
  char *origin = (char *)src;
  normalize(r, &off, l, &origin);
  MPI_Datatype tt = xmpi_section_type(r->rank, r->count, r->stride, elem), ot;
  if (l != NULL) {
    ot = xmpi_section_type(l->rank, l->count, l->stride, elem);
  } else {
    long zero = 0;
    ot = xmpi_section_type(1, &r->total, &zero, elem);
  }
  MPI_Put(origin, 1, ot, image, (MPI_Aint)off, 1, tt, c->rma.win);
  MPI_Type_free(&ot);
  MPI_Type_free(&tt);
  if (image == xmpi_image_me()) {
    /* This image's own loads come next, in program order: complete it now. */
    MPI_Win_flush(image, c->rma.win);
    MPI_Win_sync(c->rma.win);
  } else {
    MPI_Win_flush_local(image, c->rma.win);
    xmpi_rma_note(&c->rma, image);
  }
}

/* Checked sections: r on image into l at dst. */
static void issue_get(xmp_rt_coarray_t *c, int image, sect_t *r, long off, void *dst,
                      sect_t *l, size_t elem) {
  char *origin = dst;
  normalize(r, &off, l, &origin);
  MPI_Datatype tt = xmpi_section_type(r->rank, r->count, r->stride, elem);
  MPI_Datatype ot = xmpi_section_type(l->rank, l->count, l->stride, elem);
  xmpi_rma_flush(&c->rma, image); /* this image's earlier puts there land first */
  if (image == xmpi_image_me())
    MPI_Win_sync(c->rma.win); /* this image's stores, for MPI's view of the window */
  MPI_Get(origin, 1, ot, image, (MPI_Aint)off, 1, tt, c->rma.win);
  MPI_Win_flush(image, c->rma.win);
  MPI_Type_free(&ot);
  MPI_Type_free(&tt);
}

/* Every element of section l at dst = the element at val. */
static void fill(char *dst, const sect_t *l, const void *val, size_t elem) {
  long idx[MAX_RANK] = {0};
  for (long k = 0; k < l->total; k++) {
    char *p = dst;
    for (int i = 0; i < l->rank; i++)
      p += idx[i] * l->stride[i];
    memcpy(p, val, elem);
    for (int i = l->rank - 1; i >= 0; i--) {
      if (++idx[i] < l->count[i])
        break;
      idx[i] = 0;
    }
  }
}

static void label_of(char *buf, size_t cap, const xmp_rt_coarray_t *a,
                     const xmp_rt_coarray_t *b) {
  if (b == NULL || b == a)
    snprintf(buf, cap, "coarray '%s'", a->name);
  else
    snprintf(buf, cap, "coarrays '%s' and '%s'", a->name, b->name);
}

/* A transfer between a coarray's section on an image (remote_at, remote spans) and a local
 * one, checked: the element size, the image, both shapes, that they conform (or the source
 * is one element, repeated: *repeat), the remote range, and a destination that names no
 * element twice. `to_remote`: the remote section is the destination (a put). */
typedef struct {
  sect_t remote, local;
  long off;
  int repeat;
} transfer_t;

static void prepare(transfer_t *t, xmp_rt_coarray_t *c, int image, const void *remote_at,
                    int rank, const xmp_rt_span_t *remote, int local_rank,
                    const xmp_rt_span_t *local, size_t elem, int to_remote,
                    const xmp_rt_srcloc_t *where) {
  char label[300];
  label_of(label, sizeof label, c, NULL);
  check_elem(elem, label, where);
  xmpi_check_image(image, c->name, where);
  parse(&t->remote, rank, remote, label, to_remote ? "destination" : "source", where);
  parse(&t->local, local_rank, local, label, to_remote ? "source" : "destination", where);
  t->repeat = to_remote ? conform(&t->remote, &t->local, label, where)
                        : conform(&t->local, &t->remote, label, where);
  t->off = offset_of(c, remote_at);
  check_range(c, image, &t->remote, t->off, elem, where);
  no_repeats(to_remote ? &t->remote : &t->local, label, where);
}

void xmp_rt_coarray_put(xmp_rt_coarray_t *c, int image, const void *remote_at, int rank,
                        const xmp_rt_span_t *remote, const void *src, int src_rank,
                        const xmp_rt_span_t *src_spans, size_t elem,
                        const xmp_rt_srcloc_t *where) {
  transfer_t t;
  prepare(&t, c, image, remote_at, rank, remote, src_rank, src_spans, elem, 1, where);
  if (t.remote.total > 0)
    issue_put(c, image, &t.remote, t.off, src, t.repeat ? NULL : &t.local, elem);
}

void xmp_rt_coarray_get(xmp_rt_coarray_t *c, int image, const void *remote_at, int rank,
                        const xmp_rt_span_t *remote, void *dst, int dst_rank,
                        const xmp_rt_span_t *dst_spans, size_t elem,
                        const xmp_rt_srcloc_t *where) {
  transfer_t t;
  prepare(&t, c, image, remote_at, rank, remote, dst_rank, dst_spans, elem, 0, where);
  if (t.local.total == 0)
    return;
  if (!t.repeat) {
    issue_get(c, image, &t.remote, t.off, dst, &t.local, elem);
    return;
  }
  void *one = xmpb_calloc_or_die(1, elem, where);
  sect_t single = {.total = 1};
  issue_get(c, image, &t.remote, t.off, one, &single, elem);
  fill(dst, &t.local, one, elem);
  free(one);
}

void *xmp_rt_coarray_get_element(xmp_rt_coarray_t *c, int image, const void *remote_at,
                                 void *out, size_t elem, const xmp_rt_srcloc_t *where) {
  xmp_rt_coarray_get(c, image, remote_at, 0, NULL, out, 0, NULL, elem, where);
  return out;
}

void xmp_rt_coarray_copy(xmp_rt_coarray_t *dst, int dst_image, const void *dst_at, int dst_rank,
                         const xmp_rt_span_t *dst_spans, xmp_rt_coarray_t *src, int src_image,
                         const void *src_at, int src_rank, const xmp_rt_span_t *src_spans,
                         size_t elem, const xmp_rt_srcloc_t *where) {
  char label[300];
  label_of(label, sizeof label, dst, src);
  check_elem(elem, label, where);
  xmpi_check_image(dst_image, dst->name, where);
  xmpi_check_image(src_image, src->name, where);
  sect_t d, s;
  parse(&d, dst_rank, dst_spans, label, "destination", where);
  parse(&s, src_rank, src_spans, label, "source", where);
  int repeat = conform(&d, &s, label, where);
  long doff = offset_of(dst, dst_at), soff = offset_of(src, src_at);
  check_range(dst, dst_image, &d, doff, elem, where);
  check_range(src, src_image, &s, soff, elem, where);
  no_repeats(&d, label, where);
  if (d.total == 0)
    return;
  /* The source's elements, packed in its order, then put from there. */
  void *tmp = xmpb_calloc_or_die((size_t)s.total, elem, where);
  sect_t p;
  packed(&s, elem, &p);
  issue_get(src, src_image, &s, soff, tmp, &p, elem);
  packed(&s, elem, &p); /* issue_get may have turned its strides round */
  issue_put(dst, dst_image, &d, doff, tmp, repeat ? NULL : &p, elem);
  free(tmp);
}

/* ---- atomic subroutines: one integer element of a coarray, this image's or another's ---- */

/* The MPI type of an atomic variable of elem bytes. */
static MPI_Datatype atom_type(const xmp_rt_coarray_t *c, size_t elem, const char *what,
                              const xmp_rt_srcloc_t *where) {
  if (elem == 4)
    return MPI_INT32_T;
  if (elem == 8)
    return MPI_INT64_T;
  xmpb_fatal(where, "coarray '%s': %s takes a 4- or 8-byte integer element, not one of %zu "
             "bytes", c->name, what, elem);
}

/* The image (-1: this one) and the displacement of the atom at `at`, checked. */
static long atom_at(const xmp_rt_coarray_t *c, int *image, const void *at, size_t elem,
                    const xmp_rt_srcloc_t *where) {
  if (*image == -1)
    *image = xmpi_image_me();
  xmpi_check_image(*image, c->name, where);
  sect_t one = {.total = 1};
  long off = offset_of(c, at);
  check_range(c, *image, &one, off, elem, where);
  if (off % (long)elem != 0)
    xmpb_fatal(where, "coarray '%s': an atomic variable must be aligned to its %zu bytes", c->name,
               elem);
  return off;
}

/* This image's own atom, where MPI's window is the memory itself (the unified model): a
 * processor atomic, as MPI's accumulates into it are. Through MPI instead, an image that
 * polls its own flag with MPI_Fetch_and_op (the usual wait for another image's
 * xmp_atomic_define) kept Open MPI's osc/ucx from ever applying the other image's
 * accumulate (2 and 3 images hung, 4 did not). */
static int local_atomics(const xmp_rt_coarray_t *c, int image) {
  return image == xmpi_image_me() && c->rma.unified;
}

void xmp_rt_coarray_atomic_define(xmp_rt_coarray_t *c, int image, const void *at,
                                  const void *value, size_t elem, const xmp_rt_srcloc_t *where) {
  MPI_Datatype t = atom_type(c, elem, "xmp_atomic_define", where);
  long off = atom_at(c, &image, at, elem, where);
  if (local_atomics(c, image)) {
    if (elem == 4)
      __atomic_store_n((int32_t *)(c->base + off), *(const int32_t *)value, __ATOMIC_SEQ_CST);
    else
      __atomic_store_n((int64_t *)(c->base + off), *(const int64_t *)value, __ATOMIC_SEQ_CST);
    MPI_Win_sync(c->rma.win);
    return;
  }
  MPI_Accumulate(value, 1, t, image, (MPI_Aint)off, 1, t, MPI_REPLACE, c->rma.win);
  MPI_Win_flush(image, c->rma.win);
}

void xmp_rt_coarray_atomic_ref(xmp_rt_coarray_t *c, int image, const void *at, void *out,
                               size_t elem, const xmp_rt_srcloc_t *where) {
  MPI_Datatype t = atom_type(c, elem, "xmp_atomic_ref", where);
  long off = atom_at(c, &image, at, elem, where);
  if (local_atomics(c, image)) {
    /* A poll of one's own flag must let MPI progress: another image's accumulate into it may
     * need this process's help (Open MPI's osc/ucx). */
    int pending;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, xmpi_coarray_sync_comm(), &pending, MPI_STATUS_IGNORE);
    MPI_Win_sync(c->rma.win);
    if (elem == 4)
      *(int32_t *)out = __atomic_load_n((int32_t *)(c->base + off), __ATOMIC_SEQ_CST);
    else
      *(int64_t *)out = __atomic_load_n((int64_t *)(c->base + off), __ATOMIC_SEQ_CST);
    return;
  }
  MPI_Fetch_and_op(NULL, out, t, image, (MPI_Aint)off, MPI_NO_OP, c->rma.win);
  MPI_Win_flush(image, c->rma.win);
}

/* What a call the compiler did not replace reaches (one in an included file): an error. */
void xmp_atomic_define(long long atom, long long value) {
  (void)atom, (void)value;
  xmpb_fatal(NULL, "xmp_atomic_define: the call is not in a file xmpcc translated (write it in "
                   "the .c file compiled, where its atom, a coarray element, is known)");
}

void xmp_atomic_ref(void *value, long long atom) {
  (void)value, (void)atom;
  xmpb_fatal(NULL, "xmp_atomic_ref: the call is not in a file xmpcc translated (write it in "
                   "the .c file compiled, where its atom, a coarray element, is known)");
}
