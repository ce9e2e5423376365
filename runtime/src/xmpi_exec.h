/* xmpi_exec.h - the executing node set, node subsets and tasks (XMP 1.4 task constructs).
 *
 * The executing node set starts as MPI_COMM_WORLD; each `task` that a node enters pushes the
 * task's communicator and xmp_rt_task_end pops it. Code that means "the nodes executing this
 * directive" uses xmpb_exec_comm(), never MPI_COMM_WORLD. */
#ifndef XMPI_EXEC_H
#define XMPI_EXEC_H

#include <mpi.h>

#include "xmp_rt.h"

/* ---- exec_set.c: the stack of executing node sets ---- */
/* Size and this process's rank of the current executing node set (its communicator:
 * xmpb_exec_comm, which the stack keeps current). */
int xmpi_exec_size(void);
int xmpi_exec_rank(void);
/* Number of tasks entered and not yet ended (0: all processes execute). */
int xmpi_exec_depth(void);
/* Makes comm the executing set; the caller (task.c's cache) keeps comm alive. */
void xmpi_exec_push(MPI_Comm comm, const xmp_rt_srcloc_t *where);
/* XMPI_OK, or XMPI_E_RANGE when only the whole program is left. */
int xmpi_exec_pop(void);
/* Back to all processes (finalize with tasks still active). */
void xmpi_exec_reset(void);

/* ---- nodes_subset.c ---- */
/* Whether this process belongs to n: non-members hold MPI_COMM_NULL and coordinates -1. */
int xmpi_nodes_member(const xmp_rt_nodes_t *n);
/* Number of indices of lb..ub step st (0 when empty); XMPI_E_STEP for st == 0. */
int xmpi_triplet_count(long lb, long ub, long st, long *count);
/* Position of idx in lb..ub step st of `count` indices, or -1 when not selected. */
long xmpi_triplet_pos(long lb, long st, long count, long idx);
/* A selection of n by one triplet per dimension (n NULL: the executing set as 1-D). */
typedef struct xmpi_selection {
  long total; /* nodes selected */
  long pos;   /* this process's position among them in n's C order, -1 if not selected */
} xmpi_selection_t;
/* Fills *sel; a step 0 or an index outside n is reported as a collective error. */
/* The MPI_Comm_split color of the subset of n a selection starting at lb names (on members
 * of the selection only): equal on the nodes that select the same subset, different
 * otherwise ('*' selects a node's own row). */
int xmpi_selection_color(const xmp_rt_nodes_t *n, const long *lb);
void xmpi_nodes_select(const xmp_rt_nodes_t *n, const long *lb, const long *ub, const long *st,
                       xmpi_selection_t *sel, const xmp_rt_srcloc_t *where);

/* ---- task.c: communicators of tasks, cached per (executing set, selection) ---- */
/* MPI_Comm_split calls made for tasks so far, for tests of the cache. */
long xmpi_task_split_count(void);
/* Pops every executing set and frees the cached communicators; before MPI_Finalize. */
void xmpi_task_shutdown(void);

#endif /* XMPI_EXEC_H */
