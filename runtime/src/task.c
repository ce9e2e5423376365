/* task.c - `task on n(...)` / `task on t(...)`: entering the subset as the executing set.
 *
 * The first time a (set, selection) pair is seen, the members of the subset make its
 * communicator among themselves (MPI_Comm_create_group over the executing set's
 * communicator, in the subset's order); the other processes take no part, so tasks of
 * different subsets may run collectives of their own (or over a node array both belong to)
 * without waiting for each other, as `tasks` allows. Every process keeps the result (the
 * subset's communicator, or MPI_COMM_NULL) for the next time, so a task inside a time loop
 * creates it once. */
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
  MPI_Comm parent = xmpb_exec_comm();
  size_t bytes = (size_t)rank * sizeof(long);
  for (task_entry_t *e = cache; e != NULL; e = e->next)
    if (e->parent == parent && e->kind == kind && e->obj == obj && e->rank == rank &&
        !memcmp(e->lb, lb, bytes) && !memcmp(e->ub, ub, bytes) && !memcmp(e->st, st, bytes))
      return e;
  return NULL;
}

/* Ranks in the executing set's communicator of processes given by their ranks in comm,
 * in place; fatal if one is outside the executing set. */
static void to_exec_ranks(MPI_Comm comm, int *ranks, int n, const xmp_rt_srcloc_t *where) {
  MPI_Group from, to;
  MPI_Comm_group(comm, &from);
  MPI_Comm_group(xmpb_exec_comm(), &to);
  int *out = xmpb_calloc_or_die((size_t)(n > 0 ? n : 1), sizeof *out, where);
  MPI_Group_translate_ranks(from, n, ranks, to, out);
  for (int i = 0; i < n; i++) {
    if (out[i] == MPI_UNDEFINED)
      xmpb_fatal(where, "task: a selected node is not in the executing node set");
    ranks[i] = out[i];
  }
  free(out);
  MPI_Group_free(&from);
  MPI_Group_free(&to);
}

/* Remembers this process's part of a subset: members (member != 0) create its communicator
 * among themselves from `ranks`, the members' ranks in the executing set in the subset's
 * order (collective over those members only). */
static task_entry_t *insert(int kind, const void *obj, int rank, const long *lb,
                            const long *ub, const long *st, int member, const int *ranks,
                            int nranks, const xmp_rt_srcloc_t *where) {
  task_entry_t *e = xmpb_calloc_or_die(1, sizeof *e, where);
  e->parent = xmpb_exec_comm();
  e->kind = kind;
  e->obj = obj;
  e->rank = rank;
  for (int d = 0; d < rank; d++) {
    e->lb[d] = lb[d];
    e->ub[d] = ub[d];
    e->st[d] = st[d];
  }
  e->comm = MPI_COMM_NULL;
  if (member) {
    MPI_Group all, sub;
    MPI_Comm_group(e->parent, &all);
    MPI_Group_incl(all, nranks, ranks, &sub);
    MPI_Comm_create_group(e->parent, sub, 0, &e->comm);
    MPI_Group_free(&sub);
    MPI_Group_free(&all);
  }
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
    int member = sel.pos >= 0, *ranks = NULL;
    if (member) {
      /* The selected nodes in row-major order of the selection (n's C order). */
      ranks = xmpb_calloc_or_die((size_t)sel.total, sizeof *ranks, where);
      long count[XMP_RT_MAX_DIMS];
      for (int d = 0; d < rank; d++)
        xmpi_triplet_count(lb[d], ub[d], st[d], &count[d]);
      for (long k = 0; k < sel.total; k++) {
        int coords[XMP_RT_MAX_DIMS];
        for (long d = rank - 1, rest = k; d >= 0; rest /= count[d], d--)
          coords[d] = (int)(lb[d] + (rest % count[d]) * st[d]);
        if (n != NULL)
          MPI_Cart_rank(n->comm, coords, &ranks[k]);
        else
          ranks[k] = coords[0];
      }
      if (n != NULL)
        to_exec_ranks(n->comm, ranks, (int)sel.total, where);
    }
    e = insert(TASK_NODES, n, rank, lb, ub, st, member, ranks, (int)sel.total, where);
    free(ranks);
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
      xmpb_fatal_collective(where, "task on template '%s', which is not distributed",
                            t->name);
    long count[XMP_RT_MAX_DIMS];
    for (int d = 0; d < t->rank; d++) {
      if (xmpi_triplet_count(lb[d], ub[d], st[d], &count[d]))
        xmpb_fatal_collective(where, "template '%s' dimension %d: triplet step 0", t->name, d);
      long last = lb[d] + (count[d] - 1) * st[d];
      if (count[d] > 0 && (lb[d] < t->lower[d] || lb[d] > t->upper[d] ||
                           last < t->lower[d] || last > t->upper[d]))
        xmpb_fatal_collective(where, "template '%s' dimension %d is [%ld:%ld], but the "
                              "selection %ld:%ld:%ld reaches outside", t->name, d,
                              t->lower[d], t->upper[d], lb[d], ub[d], st[d]);
    }
    /* A node owns a selected element iff in every dimension it owns a selected index. */
    int member = xmpi_nodes_member(t->nodes), nranks = 0, *ranks = NULL;
    for (int d = 0; d < t->rank && member; d++)
      member = count[d] > 0 &&
               owns_any(t, d, xmpi_template_coord(t, d), lb[d], ub[d], st[d], count[d]);
    if (member) {
      /* Every owning node, in the nodes' C order. */
      int size;
      MPI_Comm_size(t->nodes->comm, &size);
      ranks = xmpb_calloc_or_die((size_t)size, sizeof *ranks, where);
      for (int r = 0; r < size; r++) {
        int coords[XMP_RT_MAX_DIMS], owns = 1;
        MPI_Cart_coords(t->nodes->comm, r, t->nodes->rank, coords);
        for (int d = 0; d < t->rank && owns; d++)
          owns = t->node_dim[d] < 0 ||
                 owns_any(t, d, coords[t->node_dim[d]], lb[d], ub[d], st[d], count[d]);
        if (owns)
          ranks[nranks++] = r;
      }
      to_exec_ranks(t->nodes->comm, ranks, nranks, where);
    }
    e = insert(TASK_TEMPLATE, t, t->rank, lb, ub, st, member, ranks, nranks, where);
    free(ranks);
  }
  return enter(e, where);
}

void xmp_rt_task_end(void) {
  if (xmpi_exec_pop())
    xmpb_fatal(NULL, "end of a task, but no task is active");
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
