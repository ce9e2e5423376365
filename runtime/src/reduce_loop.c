/* reduce_loop.c - a loop's location reduction (firstmax, firstmin, lastmax, lastmin). Before
 * the loop xmp_rt_reduce_loc_begin keeps the variable and its location variables and sets the
 * variable to max's or min's identity, so that each node's extreme and locations are its own
 * loop's; after the reduction over the nodes, xmp_rt_reduce_loc_end puts the kept ones back
 * where they come first in sequential order (max and min being idempotent, this is what the
 * reduction construct on the values the nodes started from gives, with the locations of the
 * iteration that set them). Kept entries form a stack searched from the top: loops with
 * location reductions may nest. (Plain operators need none of this: the loop's reduction is
 * the reduction construct right after the loop.)
 *
 * firstmax ... also track, while the loop runs, the position in the loop's sequential order
 * of the iteration whose values the node's variables hold (xmp_rt_reduce_loc_order: a
 * xmp_rt_loc_track_t in the kept entry): the generated loop calls xmp_rt_loc_step after each
 * iteration, which records the iteration's key when the value or a location variable
 * changed; xmp_rt_reduce_loc_loop breaks ties between the nodes by it. */
#include <stdlib.h>
#include <string.h>

#include "xmphc.h"
#include "xmpi_internal.h"

typedef struct kept {
  struct kept *next;
  void *var;
  int count, type, op, nloc;
  size_t elem, loc_bytes;
  void **vars;              /* _loc_begin: the value's and the location variables' addresses */
  size_t *sizes;            /* and sizes */
  xmp_rt_loc_track_t track; /* xmp_rt_reduce_loc_order; depth 0 until then */
  unsigned char bytes[]; /* count elements, then the location variables one after another */
} kept_t;

static void kept_free(kept_t *k) {
  free(k->vars);
  free(k->sizes);
  free(k->track.snap);
  free(k->track.key);
  free(k);
}

static kept_t *stack;

static size_t elem_size(int type, const xmp_rt_srcloc_t *where) {
  int size = 0;
  MPI_Datatype t = xmpb_mpi_type(type);
  if (t != MPI_DATATYPE_NULL)
    MPI_Type_size(t, &size);
  if (size <= 0)
    xmpb_fatal(where, "internal: reduction of an unknown type %d", type);
  return (size_t)size;
}

static kept_t *push(void *var, int count, int type, int op, int nloc, void *const *locs,
                    const size_t *loc_sizes, const xmp_rt_srcloc_t *where) {
  size_t elem = elem_size(type, where), loc_bytes = 0;
  for (int i = 0; i < nloc; i++)
    loc_bytes += loc_sizes[i];
  kept_t *k = xmpb_calloc_or_die(1, sizeof *k + elem * (size_t)count + loc_bytes, where);
  *k = (kept_t){.next = stack, .var = var, .count = count, .type = type, .op = op,
                .nloc = nloc, .elem = elem, .loc_bytes = loc_bytes};
  memcpy(k->bytes, var, elem * (size_t)count);
  unsigned char *at = k->bytes + elem * (size_t)count;
  for (int i = 0; i < nloc; i++) {
    memcpy(at, locs[i], loc_sizes[i]);
    at += loc_sizes[i];
  }
  stack = k;
  for (int i = 0; i < count; i++)
    if (xmphc_reduce_identity(op, type, (char *)var + elem * (size_t)i))
      xmpb_fatal(where, "reduction '%s' does not apply to this variable's type",
                 xmpb_op_name(op));
  return k;
}

/* The kept value of var at the loop ending here: the innermost open one of var (one clause
 * may end its variables in any order). */
static kept_t *pop(void *var, int count, int type, int op, const xmp_rt_srcloc_t *where) {
  for (kept_t **l = &stack; *l != NULL; l = &(*l)->next) {
    kept_t *k = *l;
    if (k->var == var && k->count == count && k->type == type && k->op == op) {
      *l = k->next;
      return k;
    }
  }
  xmpb_fatal(where, "internal: a loop reduction ends that did not begin");
}

/* The innermost open location reduction of value, left on the stack. */
static kept_t *top_loc(void *value, int type, int op, const xmp_rt_srcloc_t *where) {
  for (kept_t *k = stack; k != NULL; k = k->next)
    if (k->var == value && k->count == 1 && k->type == type && k->op == op)
      return k;
  xmpb_fatal(where, "internal: a loop's location reduction did not begin");
}

void xmp_rt_reduce_loc_begin(void *value, int type, int op, int nloc, void *const *locs,
                             const size_t *loc_sizes, const xmp_rt_srcloc_t *where) {
  kept_t *k = push(value, 1, type, op, nloc, locs, loc_sizes, where);
  k->vars = xmpb_calloc_or_die((size_t)nloc + 1, sizeof *k->vars, where);
  k->sizes = xmpb_calloc_or_die((size_t)nloc + 1, sizeof *k->sizes, where);
  k->vars[0] = value;
  k->sizes[0] = k->elem;
  for (int i = 0; i < nloc; i++) {
    k->vars[i + 1] = locs[i];
    k->sizes[i + 1] = loc_sizes[i];
  }
}

xmp_rt_loc_track_t *xmp_rt_reduce_loc_order(void *value, int type, int op, int depth,
                                            const xmp_rt_srcloc_t *where) {
  kept_t *k = top_loc(value, type, op, where);
  if (depth <= 0 || k->track.depth != 0)
    xmpb_fatal(where, "internal: iteration order of %d loops for a location reduction", depth);
  k->track = (xmp_rt_loc_track_t){.nvars = k->nloc + 1, .depth = depth, .vars = k->vars,
                                  .sizes = k->sizes,
                                  .snap = xmpb_calloc_or_die(k->elem + k->loc_bytes, 1, where),
                                  .key = xmpb_calloc_or_die((size_t)depth, sizeof(long), where)};
  xmp_rt_loc_record(&k->track, k->track.key); /* the variables now; no key yet */
  k->track.keyed = 0;
  return &k->track;
}

void xmp_rt_loc_record(xmp_rt_loc_track_t *t, const long *key) {
  unsigned char *at = t->snap;
  for (int i = 0; i < t->nvars; i++) {
    memcpy(at, t->vars[i], t->sizes[i]);
    at += t->sizes[i];
  }
  memmove(t->key, key, (size_t)t->depth * sizeof(long));
  t->keyed = 1;
}

void xmp_rt_reduce_loc_loop(void *value, int type, int op, int nloc, void *const *locs,
                            const size_t *loc_sizes, const xmp_rt_template_t *t,
                            const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  kept_t *k = top_loc(value, type, op, where);
  xmpi_reduce_loc(value, type, op, nloc, locs, loc_sizes, t, n,
                  k->track.depth > 0 ? &k->track : NULL, where);
}

/* The loop's extreme replaces the kept value (and its location variables) where it wins as
 * it would have in the loop's sequential order after the kept value: firstmax when greater,
 * lastmax when greater or equal (min alike); else the kept ones come back. */
void xmp_rt_reduce_loc_end(void *value, int type, int op, int nloc, void *const *locs,
                           const size_t *loc_sizes, const xmp_rt_srcloc_t *where) {
  kept_t *k = pop(value, 1, type, op, where);
  int wins = 0;
  if (xmphc_reduce_loc_later(op, type, k->bytes, value, &wins))
    xmpb_fatal(where, "reduction '%s' does not apply to this variable's type",
               xmpb_op_name(op));
  if (!wins) {
    memcpy(value, k->bytes, k->elem);
    const unsigned char *at = k->bytes + k->elem;
    for (int i = 0; i < nloc && i < k->nloc; i++) {
      memcpy(locs[i], at, loc_sizes[i]);
      at += loc_sizes[i];
    }
  }
  kept_free(k);
}
