/* template_span.c - the node set of a loop over some dimensions of a template: the template's
 * nodes along the node dimensions those template dimensions are distributed over, this node's
 * row (or column, ...) of the grid along the others. A loop's reduction combines exactly these
 * nodes (xmp_rt_template_span in xmp_rt.h); the others computed the same values. One
 * communicator per template and mask, split from the template's nodes once. */
#include <stdlib.h>

#include "xmpi_internal.h"

typedef struct xmpi_span {
  unsigned mask;
  const xmp_rt_nodes_t *of; /* the template's nodes when it was built */
  xmp_rt_nodes_t nodes;
  struct xmpi_span *next;
} xmpi_span_t;

const xmp_rt_nodes_t *xmp_rt_template_span(xmp_rt_template_t *t, unsigned tdims,
                                           const xmp_rt_srcloc_t *where) {
  if (t == NULL || !t->distributed || t->nodes->comm == MPI_COMM_NULL)
    return NULL;
  const xmp_rt_nodes_t *p = t->nodes;
  int keep[XMP_RT_MAX_DIMS] = {0}, all = 1;
  for (int d = 0; d < t->rank; d++)
    if ((tdims >> d & 1u) && t->node_dim[d] >= 0 && t->dist[d].kind != XMP_RT_DIST_NONE)
      keep[t->node_dim[d]] = 1;
  for (int nd = 0; nd < p->rank; nd++)
    all &= keep[nd];
  if (all)
    return NULL;
  unsigned mask = 0;
  for (int nd = 0; nd < p->rank; nd++)
    mask |= (unsigned)keep[nd] << nd;
  for (xmpi_span_t *s = t->spans; s != NULL; s = s->next)
    if (s->mask == mask && s->of == p)
      return &s->nodes;
  /* Same color: the same coordinates along the node dimensions the loop does not span. */
  int color = 0, rank;
  for (int nd = 0; nd < p->rank; nd++)
    if (!keep[nd])
      color = color * p->size[nd] + p->coord[nd];
  MPI_Comm_rank(p->comm, &rank);
  xmpi_span_t *s = xmpb_calloc_or_die(1, sizeof *s, where);
  s->mask = mask;
  s->of = p;
  MPI_Comm_split(p->comm, color, rank, &s->nodes.comm);
  s->nodes.rank = 1;
  MPI_Comm_size(s->nodes.comm, &s->nodes.size[0]);
  MPI_Comm_rank(s->nodes.comm, &s->nodes.coord[0]);
  s->nodes.name = t->name;
  s->nodes.where = t->where;
  s->nodes.parent = p;
  s->nodes.subset = 1;
  s->next = t->spans;
  t->spans = s;
  return &s->nodes;
}

void xmpi_template_spans_free(xmp_rt_template_t *t) {
  while (t->spans != NULL) {
    xmpi_span_t *s = t->spans;
    t->spans = s->next;
    if (s->nodes.comm != MPI_COMM_NULL && xmpb_mpi_active())
      MPI_Comm_free(&s->nodes.comm);
    free(s);
  }
}
