/* report.c - the one path through which libxmp reports user errors and aborts (xmpb.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "xmpb.h"

xmp_rt_srcloc_t xmpb_srcloc_copy(const xmp_rt_srcloc_t *where) {
  xmp_rt_srcloc_t none = {NULL, 0, NULL};
  return where != NULL ? *where : none;
}

int xmpb_mpi_active(void) {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  return init && !fin;
}

/* kind: NULL for errors, else a word put before the message ("warning").
 * The line is formatted whole and written with one call: mpirun forwards each
 * rank's stdout and stderr through separate pipes, and a line written in pieces
 * can be split by the program's own output. */
static void vreport(const xmp_rt_srcloc_t *where, const char *kind, const char *fmt,
                    va_list ap) {
  char line[1024];
  size_t cap = sizeof line - 1, n = 0;
  n += (size_t)snprintf(line, cap, "xmpcc runtime: ");
  if (n < cap && where != NULL && where->file != NULL)
    n += (size_t)snprintf(line + n, cap - n, "%s:%d: ", where->file, where->line);
  if (n < cap && where != NULL && where->directive != NULL)
    n += (size_t)snprintf(line + n, cap - n, "'%s': ", where->directive);
  if (n < cap && kind != NULL)
    n += (size_t)snprintf(line + n, cap - n, "%s: ", kind);
  if (n < cap)
    n += (size_t)vsnprintf(line + n, cap - n, fmt, ap);
  if (n >= cap)
    n = cap - 1; /* truncated: keep what fits */
  line[n++] = '\n';
  fwrite(line, 1, n, stderr);
  fflush(stderr);
}

static _Noreturn void die(void) {
  if (xmpb_mpi_active())
    MPI_Abort(MPI_COMM_WORLD, 1);
  exit(1); /* before MPI_Init (e.g. from a module constructor) or after MPI_Finalize */
}

void xmpb_fatal(const xmp_rt_srcloc_t *where, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(where, NULL, fmt, ap);
  va_end(ap);
  die();
}

void xmpb_fatal_collective(const xmp_rt_srcloc_t *where, const char *fmt, ...) {
  int rank = 0;
  int active = xmpb_mpi_active();
  /* "Every rank" is the executing node set: inside a task only its nodes get here. */
  MPI_Comm comm = active ? xmpb_exec_comm() : MPI_COMM_NULL;
  if (active)
    MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    va_list ap;
    va_start(ap, fmt);
    vreport(where, NULL, fmt, ap);
    va_end(ap);
  }
  /* Every rank found the same error, so all can leave cleanly: MPI_Abort
   * would add OpenMPI's own abort report to the one message that matters. */
  if (active) {
    MPI_Barrier(comm);
    /* The nodes outside the task cannot join MPI_Finalize: end them too. */
    if (comm != MPI_COMM_WORLD)
      MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Finalize();
  }
  exit(1);
}

void *xmpb_calloc_or_die(size_t count, size_t size, const xmp_rt_srcloc_t *where) {
  void *p = calloc(count, size);
  if (p == NULL)
    xmpb_fatal(where, "out of memory allocating %zu bytes", count * size);
  return p;
}

void xmpb_warn(const xmp_rt_srcloc_t *where, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(where, "warning", fmt, ap);
  va_end(ap);
}

void xmpb_note(const xmp_rt_srcloc_t *where, const char *kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(where, kind, fmt, ap);
  va_end(ap);
}
