/* exec_set.c - the stack of executing node sets that task constructs narrow. */
#include <stdlib.h>

#include "xmpi_internal.h"

typedef struct exec_set {
  MPI_Comm comm;
  int size, rank;
} exec_set_t;

/* stack[0..depth) are the tasks entered; below them is MPI_COMM_WORLD. */
static exec_set_t *stack;
static int depth, capacity;

int xmpi_exec_size(void) {
  if (depth > 0)
    return stack[depth - 1].size;
  int s;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

int xmpi_exec_rank(void) {
  if (depth > 0)
    return stack[depth - 1].rank;
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int xmpi_exec_depth(void) { return depth; }

void xmpi_exec_push(MPI_Comm comm, const xmp_rt_srcloc_t *where) {
  if (depth == capacity) {
    int cap = capacity ? 2 * capacity : 8;
    exec_set_t *s = realloc(stack, (size_t)cap * sizeof *s);
    if (s == NULL)
      xmpb_fatal(where, "out of memory entering a task");
    stack = s;
    capacity = cap;
  }
  exec_set_t *e = &stack[depth++];
  e->comm = comm;
  /* Asked once here: the intrinsics read them on every call. */
  MPI_Comm_size(comm, &e->size);
  MPI_Comm_rank(comm, &e->rank);
  xmpb_set_exec_comm(comm); /* the layers below report and gather over it */
}

int xmpi_exec_pop(void) {
  if (depth == 0)
    return XMPI_E_RANGE;
  depth--;
  xmpb_set_exec_comm(depth > 0 ? stack[depth - 1].comm : MPI_COMM_NULL);
  return XMPI_OK;
}

void xmpi_exec_reset(void) {
  free(stack);
  stack = NULL;
  depth = capacity = 0;
  xmpb_set_exec_comm(MPI_COMM_NULL);
}
