/* task.c - `task on n(...)` / `task on t(...)`: entering the subset as the executing set.
 *
 * Every process of the executing set calls task_begin; all take part in one MPI_Comm_split
 * of the executing set's communicator the first time a (set, selection) pair is seen, and
 * keep the result (their subset's communicator, or MPI_COMM_NULL) for the next time, so a
 * task inside a time loop splits once. */
#include <stdlib.h>
#include <string.h>

#include "xmpi_internal.h"

enum { TASK_NODES, TASK_TEMPLATE };

typedef struct task_entry {
  struct task_entry *next;
  /* The key. Objects live until finalize, so their addresses stay unique. */
  MPI_Comm parent;
  int kind;
  const void *obj;
  int rank;
  long lb[XMP_RT_MAX_DIMS], ub[XMP_RT_MAX_DIMS], st[XMP_RT_MAX_DIMS];
  MPI_Comm comm; /* MPI_COMM_NULL: this process is not in the subset */
} task_entry_t;

/* A program has few distinct tasks, so a list (newest first) is enough. */
static task_entry_t *cache;
static long splits;

long xmpi_task_split_count(void) { return splits; }

static task_entry_t *lookup(int kind, const void *obj, int rank, const long *lb,
                            const long *ub, const long *st) {
  MPI_Comm parent = xmpi_exec_comm();
  size_t bytes = (size_t)rank * sizeof(long);
  for (task_entry_t *e = cache; e != NULL; e = e->next)
    if (e->parent == parent && e->kind == kind && e->obj == obj && e->rank == rank &&
        !memcmp(e->lb, lb, bytes) && !memcmp(e->ub, ub, bytes) && !memcmp(e->st, st, bytes))
      return e;
  return NULL;
}

/* Splits the executing set (collective) and remembers this process's part. key orders the
 * members of the subset; member == 0 leaves this process out. */
static task_entry_t *insert(int kind, const void *obj, int rank, const long *lb,
                            const long *ub, const long *st, int member, int color, int key,
                            const xmp_rt_srcloc_t *where) {
  task_entry_t *e = xmpi_calloc_or_die(1, sizeof *e, where);
  e->parent = xmpi_exec_comm();
  e->kind = kind;
  e->obj = obj;
  e->rank = rank;
  for (int d = 0; d < rank; d++) {
    e->lb[d] = lb[d];
    e->ub[d] = ub[d];
    e->st[d] = st[d];
  }
  MPI_Comm_split(e->parent, member ? color : MPI_UNDEFINED, key, &e->comm);
  splits++;
  e->next = cache;
  cache = e;
  return e;
}

static int enter(const task_entry_t *e, const xmp_rt_srcloc_t *where) {
  if (e->comm == MPI_COMM_NULL)
    return 0;
  xmpi_exec_push(e->comm, where);
  return 1;
}

int xmp_rt_task_begin_nodes(const xmp_rt_nodes_t *n, const long *lb, const long *ub,
                            const long *st, const xmp_rt_srcloc_t *where) {
  int rank = n != NULL ? n->rank : 1;
  task_entry_t *e = lookup(TASK_NODES, n, rank, lb, ub, st);
  if (e == NULL) {
    /* Checked on first use only: the same key was valid before. */
    xmpi_selection_t sel;
    xmpi_nodes_select(n, lb, ub, st, &sel, where);
    int member = sel.pos >= 0;
    e = insert(TASK_NODES, n, rank, lb, ub, st, member, member ? xmpi_selection_color(n, lb) : 0,
               member ? (int)sel.pos : 0, where);
  }
  return enter(e, where);
}

/* Whether node coord of template dimension tdim owns an index of the `count` indices
 * lb, lb + st, ... */
static int owns_any(const xmp_rt_template_t *t, int tdim, int coord, long lb, long ub, long st,
                    long count) {
  long l, u, s;
  if (xmpi_dist_loop_bounds(&t->dist[tdim], coord, 0, lb, ub, st, &l, &u, &s) == XMPI_OK)
    return s > 0 ? l <= u : l >= u;
  /* Formats the interval arithmetic does not cover (block-cyclic): ask index by index. */
  for (long k = 0; k < count; k++)
    if (xmpi_dist_owner(&t->dist[tdim], lb + k * st) == coord)
      return 1;
  return 0;
}

int xmp_rt_task_begin_template(const xmp_rt_template_t *t, const long *lb, const long *ub,
                               const long *st, const xmp_rt_srcloc_t *where) {
  xmpi_template_check_fixed(t, where);
  task_entry_t *e = lookup(TASK_TEMPLATE, t, t->rank, lb, ub, st);
  if (e == NULL) {
    if (!t->distributed)
      xmpi_fatal_collective(where, "task on template '%s', which is not distributed",
                            t->name);
    long count[XMP_RT_MAX_DIMS];
    for (int d = 0; d < t->rank; d++) {
      if (xmpi_triplet_count(lb[d], ub[d], st[d], &count[d]))
        xmpi_fatal_collective(where, "template '%s' dimension %d: triplet step 0", t->name, d);
      long last = lb[d] + (count[d] - 1) * st[d];
      if (count[d] > 0 && (lb[d] < t->lower[d] || lb[d] > t->upper[d] ||
                           last < t->lower[d] || last > t->upper[d]))
        xmpi_fatal_collective(where, "template '%s' dimension %d is [%ld:%ld], but the "
                              "selection %ld:%ld:%ld reaches outside", t->name, d,
                              t->lower[d], t->upper[d], lb[d], ub[d], st[d]);
    }
    /* A node owns a selected element iff in every dimension it owns a selected index. */
    int member = xmpi_nodes_member(t->nodes), key = 0;
    for (int d = 0; d < t->rank && member; d++)
      member = count[d] > 0 &&
               owns_any(t, d, xmpi_template_coord(t, d), lb[d], ub[d], st[d], count[d]);
    if (member)
      MPI_Comm_rank(t->nodes->comm, &key); /* members in the nodes' C order */
    e = insert(TASK_TEMPLATE, t, t->rank, lb, ub, st, member, 0, key, where);
  }
  return enter(e, where);
}

void xmp_rt_task_end(void) {
  if (xmpi_exec_pop())
    xmpi_fatal(NULL, "end of a task, but no task is active");
}

void xmpi_task_shutdown(void) {
  xmpi_exec_reset();
  while (cache != NULL) {
    task_entry_t *e = cache;
    cache = e->next;
    if (e->comm != MPI_COMM_NULL)
      MPI_Comm_free(&e->comm);
    free(e);
  }
}
