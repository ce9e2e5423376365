/* gmove_side.c - one side of a gmove assignment (see xmpi_gmove.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpi_gmove.h"

#define MAXD XMPI_GMOVE_MAXD

static const char *side_name(const xmpi_gside_t *s) {
  return s->a != NULL ? s->a->name : "(replicated data)";
}

void xmpi_gside_init(xmpi_gside_t *s, const xmp_rt_section_t *sec, const char *role,
                     const xmp_rt_srcloc_t *where) {
  memset(s, 0, sizeof *s);
  s->sec = sec;
  s->a = sec->desc;
  s->role = role;
  const xmp_rt_array_t *a = s->a;
  if (sec->rank < (a != NULL) || sec->rank > MAXD)
    xmpb_fatal_collective(where, "gmove %s has %d dimensions; %d to %d are supported", role,
                          sec->rank, a != NULL, MAXD);
  if (a != NULL && (sec->rank != a->rank || sec->elem_size != a->elem_size))
    xmpb_fatal_collective(where, "gmove %s: section of %d dimensions and %zu-byte elements "
                          "does not match array '%s' (%d dimensions, %zu-byte elements)",
                          role, sec->rank, sec->elem_size, a->name, a->rank, a->elem_size);
  if (a != NULL && a->data == NULL)
    xmpb_fatal_collective(where, "gmove %s: array '%s' is not allocated", role, a->name);
  if (a == NULL && sec->addr == NULL)
    xmpb_fatal_collective(where, "gmove %s: no storage given", role);
  s->data = a != NULL ? a->data : sec->addr;
  long stride = 1;
  for (int d = sec->rank - 1; d >= 0; d--) {
    /* Plain data's extent < 0: the leading dimension of a pointer, unknown. */
    long ext = a != NULL ? a->extent[d] : sec->extent[d];
    int bounded = a != NULL || ext >= 0;
    s->base[d] = a != NULL ? a->base[d] : 0;
    s->stride[d] = stride;
    stride *= a != NULL ? a->local_extent[d] : ext;
    long lb = sec->lb[d], len = sec->scalar[d] ? 1 : sec->len[d], st = sec->step[d];
    if (!sec->scalar[d] && st < 1)
      xmpb_fatal_collective(where, "gmove %s '%s' dimension %d: step %ld must be positive",
                            role, side_name(s), d, st);
    if (len == -1 && bounded && !sec->scalar[d]) /* `[lb:]`, `[:]`: up to the extent */
      len = lb < ext ? (ext - lb + st - 1) / st : 0;
    s->len[d] = len;
    long last = lb + (len - 1) * (sec->scalar[d] ? 0 : st);
    if (len < 0 || (len > 0 && (lb < 0 || (bounded && last >= ext))))
      xmpb_fatal_collective(where, "gmove %s '%s' dimension %d: section %ld:%ld:%ld is "
                            "outside 0..%ld", role, side_name(s), d, lb, len, st, ext - 1);
  }
  for (int d = 0; d < sec->rank; d++)
    if (!sec->scalar[d]) {
      s->shape_dim[s->nshape] = d;
      s->shape[s->nshape++] = s->len[d];
    }
  if (a != NULL && a->tmpl != NULL && a->tmpl->distributed) {
    s->nodes = a->tmpl->nodes;
    for (int d = 0; d < a->rank; d++)
      s->node_dim[d] = a->align_tdim[d] < 0 ? -1 : a->tmpl->node_dim[a->align_tdim[d]];
  }
}

static void shape_text(const xmpi_gside_t *s, char *buf, size_t size) {
  int n = snprintf(buf, size, "[");
  for (int j = 0; j < s->nshape; j++)
    n += snprintf(buf + n, size - (size_t)n, "%s%ld", j ? ", " : "", s->shape[j]);
  snprintf(buf + n, size - (size_t)n, "]");
}

int xmpi_gside_check_pair(const xmpi_gside_t *dst, const xmpi_gside_t *src,
                          const xmp_rt_srcloc_t *where) {
  int same = dst->nshape == src->nshape || src->nshape == 0;
  for (int j = 0; same && j < src->nshape; j++)
    same = dst->shape[j] == src->shape[j];
  if (!same) {
    char ds[MAXD * 24], ss[MAXD * 24];
    shape_text(dst, ds, sizeof ds);
    shape_text(src, ss, sizeof ss);
    xmpb_fatal_collective(where, "gmove: the destination section has shape %s but the source "
                          "section has shape %s", ds, ss);
  }
  size_t de = dst->sec->elem_size, se = src->sec->elem_size;
  if (de != se || de == 0 || de > INT_MAX)
    xmpb_fatal_collective(where, "gmove: destination elements have %zu bytes, source "
                          "elements %zu", de, se);
  for (int j = 0; j < dst->nshape; j++)
    if (dst->shape[j] == 0)
      return 0;
  return 1;
}

void xmpi_gside_map(xmpi_gside_t *s, MPI_Comm comm, int nexec, const xmp_rt_srcloc_t *where) {
  const xmp_rt_nodes_t *n = s->nodes;
  if (n == NULL)
    return;
  int mine[MAXD];
  for (int k = 0; k < MAXD; k++)
    mine[k] = k < n->rank && xmpi_nodes_member(n) ? n->coord[k] : -1;
  s->coords = xmpb_calloc_or_die((size_t)nexec * MAXD, sizeof *s->coords, where);
  MPI_Allgather(mine, MAXD, MPI_INT, s->coords, MAXD, MPI_INT, comm);
  size_t nnodes = 1;
  for (int k = 0; k < n->rank; k++)
    nnodes *= (size_t)n->size[k];
  s->exec_of = xmpb_calloc_or_die(nnodes, sizeof *s->exec_of, where);
  for (size_t i = 0; i < nnodes; i++)
    s->exec_of[i] = -1;
  for (int r = 0; r < nexec; r++) {
    const int *c = s->coords + (size_t)r * MAXD;
    if (c[0] < 0)
      continue;
    size_t lin = 0;
    for (int k = 0; k < n->rank; k++)
      lin = lin * (size_t)n->size[k] + (size_t)c[k];
    s->exec_of[lin] = r;
  }
}

void xmpi_gside_my_coords(const xmpi_gside_t *s, int *my) {
  const xmp_rt_nodes_t *n = s->nodes;
  for (int k = 0; k < MAXD; k++)
    my[k] = n != NULL && k < n->rank && xmpi_nodes_member(n) ? n->coord[k] : -1;
}

int xmpi_gside_dim_owner(const xmpi_gside_t *s, int d, long g) {
  int td = s->a->align_tdim[d];
  return xmpi_dist_owner(&s->a->tmpl->dist[td], g + s->a->align_offset[d]);
}

void xmpi_gside_owner_coords(const xmpi_gside_t *s, const long *g, int *fixed) {
  for (int k = 0; k < s->nodes->rank; k++)
    fixed[k] = -1;
  for (int d = 0; d < s->sec->rank; d++)
    if (s->node_dim[d] >= 0)
      fixed[s->node_dim[d]] = xmpi_gside_dim_owner(s, d, g[d]);
}

int xmpi_gside_is_holder(const xmpi_gside_t *s, const int *fixed, int r) {
  if (s->nodes == NULL)
    return 1;
  const int *c = s->coords + (size_t)r * MAXD;
  if (c[0] < 0)
    return 0;
  for (int k = 0; k < s->nodes->rank; k++)
    if (fixed[k] >= 0 && c[k] != fixed[k])
      return 0;
  return 1;
}

long xmpi_gside_holder_count(const xmpi_gside_t *s, const int *fixed, int nexec) {
  if (s->nodes == NULL)
    return nexec;
  long count = 1;
  for (int k = 0; k < s->nodes->rank; k++)
    if (fixed[k] < 0)
      count *= s->nodes->size[k];
  return count;
}

size_t xmpi_gside_holder_node(const xmpi_gside_t *s, const int *fixed, long i) {
  size_t lin = 0, mult = 1;
  for (int k = s->nodes->rank - 1; k >= 0; k--) {
    long c = fixed[k];
    if (c < 0) {
      c = i % s->nodes->size[k];
      i /= s->nodes->size[k];
    }
    lin += (size_t)c * mult;
    mult *= (size_t)s->nodes->size[k];
  }
  return lin;
}

/* all: every position, whoever holds it. */
static void positions(xmpi_gside_t *s, const int *my, int all, const xmp_rt_srcloc_t *where) {
  const xmp_rt_section_t *sec = s->sec;
  if (s->nodes == NULL)
    my = NULL;
  int holds = all || my == NULL || my[0] >= 0;
  for (int j = 0; j < s->nshape; j++)
    s->pos[j] = xmpb_calloc_or_die((size_t)s->shape[j] + 1, sizeof(long), where);
  for (int d = 0, j = 0; d < sec->rank; d++) {
    long len = s->len[d], step = sec->scalar[d] ? 0 : sec->step[d];
    for (long p = 0; p < len; p++) {
      long g = sec->lb[d] + p * step;
      int mine = 1;
      if (s->nodes != NULL && s->node_dim[d] >= 0) {
        int o = xmpi_gside_dim_owner(s, d, g);
        if (o < 0)
          xmpb_fatal_collective(where, "gmove %s: index %ld of array '%s' dimension %d is "
                                "outside template '%s'", s->role, g, s->a->name, d,
                                s->a->tmpl->name);
        mine = all || (my != NULL && o == my[s->node_dim[d]]);
      }
      if (sec->scalar[d])
        holds &= mine;
      else if (mine)
        s->pos[j][s->npos[j]++] = p;
    }
    j += !sec->scalar[d];
  }
  /* With no shape dimension (one element) the position lists cannot say "none". */
  s->holds = holds;
}

void xmpi_gside_positions(xmpi_gside_t *s, const int *my, const xmp_rt_srcloc_t *where) {
  positions(s, my, 0, where);
}

void xmpi_gside_positions_all(xmpi_gside_t *s, const xmp_rt_srcloc_t *where) {
  positions(s, NULL, 1, where);
}

void xmpi_gside_global_index(const xmpi_gside_t *s, const long *p, long *g) {
  for (int d = 0, j = 0; d < s->sec->rank; d++)
    g[d] = s->sec->lb[d] + (s->sec->scalar[d] ? 0 : p[j++] * s->sec->step[d]);
}

long xmpi_gside_offset(const xmpi_gside_t *s, const long *g) {
  long off = 0;
  for (int d = 0; d < s->sec->rank; d++)
    off += (g[d] - s->base[d]) * s->stride[d];
  return off;
}

void xmpi_gside_walk(const xmpi_gside_t *s, void (*visit)(void *ctx, const long *p), void *ctx) {
  long idx[MAXD] = {0}, p[MAXD];
  if (!s->holds)
    return;
  for (int j = 0; j < s->nshape; j++)
    if (s->npos[j] == 0)
      return;
  for (;;) {
    for (int j = 0; j < s->nshape; j++)
      p[j] = s->pos[j][idx[j]];
    visit(ctx, p);
    int j = s->nshape - 1;
    while (j >= 0 && ++idx[j] == s->npos[j])
      idx[j--] = 0;
    if (j < 0)
      return;
  }
}

void xmpi_gside_free(xmpi_gside_t *s) {
  for (int j = 0; j < s->nshape; j++)
    free(s->pos[j]);
  free(s->coords);
  free(s->exec_of);
}
