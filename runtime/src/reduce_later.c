/* reduce_later.c - a device loop's reductions completed when the program reads them.
 *
 * A device loop with a reduction clause gives the host a value: on a GPU, its kernels' results
 * come back, then the nodes combine theirs. Done at the loop, the host waits for the kernels
 * (and every node for the slowest) at every execution, although a time-stepping program (Himeno:
 * `gosa = 0; device loop reduction(+:gosa); ...` per step) usually reads the value only after
 * the last step. Where the compiler can see every statement that touches the variable (a local
 * whose address is never taken), it marks the statements that read it (xmp_dev_reduce_wait
 * before them) and those that assign it first (xmp_dev_reduce_forget), and runs the loop
 * lazily: the loop queues its kernels and returns; its results are combined into the variables
 * and reduced across the nodes only when the program waits for one of them, and never when it
 * assigns them first. The marks are statements of the blocks around the loop, which every node
 * that ran the loop reaches together, so the waits stay collective as the reduction is.
 *
 * One entry per loop execution not yet completed, with the loop's variables; an entry ends when
 * one of its variables is waited for (all of them complete), when all are forgotten, or when
 * the loop runs again (its results are then overwritten: the compiler waits for the variables
 * before it). Executions inside a task complete at once (the nodes that would reduce later
 * could differ). Whether an execution completes later is the same on every node, whatever
 * executor ran it there: a node whose results are there at once still reduces with the others
 * at the first wait. */
#include <stdlib.h>
#include <string.h>

#include "xmp_dev.h"
#include "xmphc.h"
#include "xmpi_exec.h"
#include "xmpi_internal.h"

typedef struct later {
  xmp_dev_loop_t *site;
  const void *partials;
  int ntasks;
  size_t partial_bytes;
  int nvars; /* variables (NULL: forgotten) */
  xmp_dev_red_t *vars;
  const xmp_rt_template_t *t;
  const xmp_rt_nodes_t *n;
  int node_local;
  xmp_rt_srcloc_t where;
} later_t;

static later_t *entries;
static int nentries, cap;
static int hooked;

/* Combines the tasks' results into the variables in task order, then across the nodes. */
static void complete(const later_t *e, int wait) {
  if (wait)
    xmp_dev_loop_results(e->site, &e->where);
  for (int v = 0; v < e->nvars; v++) {
    const xmp_dev_red_t *r = &e->vars[v];
    if (r->var == NULL)
      continue;
    xmphc_reduce_op_t op;
    if (xmphc_reduce_op(r->op, r->type, &op) != XMPHC_OK)
      xmpb_fatal_collective(&e->where, "reduction operator '%s' cannot be applied to this type",
                            xmpb_op_name(r->op));
    for (int k = 0; k < e->ntasks; k++)
      op.fn(r->var, r->var, (const char *)e->partials + (size_t)k * e->partial_bytes + r->offset,
            1);
    if (!e->node_local)
      xmp_rt_reduce(r->var, 1, r->type, r->op, e->t, e->n, &e->where);
  }
}

static void remove_at(int i) {
  free(entries[i].vars);
  entries[i] = entries[--nentries];
}

static void clear(void) {
  while (nentries > 0)
    remove_at(nentries - 1);
  free(entries);
  entries = NULL;
  cap = 0;
  hooked = 0;
}

/* The entry that var belongs to, -1 if none. */
static int find(const void *var, int *slot) {
  for (int i = 0; i < nentries; i++)
    for (int v = 0; v < entries[i].nvars; v++)
      if (entries[i].vars[v].var == var) {
        *slot = v;
        return i;
      }
  return -1;
}

void xmp_dev_reduce_later(xmp_dev_loop_t *s, int pending, const void *partials, int ntasks,
                          size_t partial_bytes, int nvars, const xmp_dev_red_t *vars,
                          const xmp_rt_template_t *t, const xmp_rt_nodes_t *n, int node_local,
                          const xmp_rt_srcloc_t *where) {
  later_t e = {s, partials, ntasks, partial_bytes, nvars, (xmp_dev_red_t *)vars, t, n,
               node_local, *where};
  for (int i = nentries - 1; i >= 0; i--) /* this loop's earlier execution, never read */
    if (entries[i].site == s)
      remove_at(i);
  /* Every node of the loop must decide alike (the reduction across them is collective),
   * so not by whether its own results are there (a node without iterations, or whose loop
   * StarPU ran, has them at once). */
  if (xmpi_exec_depth() > 0) {
    complete(&e, pending);
    return;
  }
  for (int v = 0; v < nvars; v++) { /* a variable of another entry: that value is replaced */
    xmp_dev_reduce_forget(vars[v].var);
  }
  if (nentries == cap) {
    int ncap = cap > 0 ? 2 * cap : 8;
    later_t *grown = xmpb_calloc_or_die((size_t)ncap, sizeof *grown, where);
    if (nentries > 0)
      memcpy(grown, entries, (size_t)nentries * sizeof *entries);
    free(entries);
    entries = grown;
    cap = ncap;
  }
  e.vars = xmpb_calloc_or_die((size_t)nvars, sizeof *e.vars, where);
  memcpy(e.vars, vars, (size_t)nvars * sizeof *vars);
  entries[nentries++] = e;
  if (!hooked) { /* before the device loops' sites go */
    xmpb_at_shutdown(clear);
    hooked = 1;
  }
}

void xmp_dev_reduce_wait(void *var) {
  int slot, i = find(var, &slot);
  if (i < 0)
    return;
  later_t e = entries[i];
  entries[i] = entries[--nentries];
  complete(&e, 1);
  free(e.vars);
}

void xmp_dev_reduce_forget(void *var) {
  int slot, i = find(var, &slot);
  if (i < 0)
    return;
  entries[i].vars[slot].var = NULL;
  for (int v = 0; v < entries[i].nvars; v++)
    if (entries[i].vars[v].var != NULL)
      return;
  remove_at(i); /* every variable forgotten */
}
