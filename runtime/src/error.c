/* error.c - the one path through which libxmp reports user errors and aborts. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "xmpi_internal.h"

xmp_rt_srcloc_t xmpi_srcloc_copy(const xmp_rt_srcloc_t *where) {
  xmp_rt_srcloc_t none = {NULL, 0, NULL};
  return where != NULL ? *where : none;
}

int xmpi_mpi_active(void) {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  return init && !fin;
}

/* kind: NULL for errors, else a word put before the message ("warning"). */
static void vreport(const xmp_rt_srcloc_t *where, const char *kind, const char *fmt,
                    va_list ap) {
  fputs("xmpcc runtime: ", stderr);
  if (where != NULL && where->file != NULL)
    fprintf(stderr, "%s:%d: ", where->file, where->line);
  if (where != NULL && where->directive != NULL)
    fprintf(stderr, "'%s': ", where->directive);
  if (kind != NULL)
    fprintf(stderr, "%s: ", kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  fflush(stderr);
}

static _Noreturn void die(void) {
  if (xmpi_mpi_active())
    MPI_Abort(MPI_COMM_WORLD, 1);
  exit(1); /* before MPI_Init (e.g. from a module constructor) or after MPI_Finalize */
}

void xmpi_fatal(const xmp_rt_srcloc_t *where, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(where, NULL, fmt, ap);
  va_end(ap);
  die();
}

void xmpi_fatal_collective(const xmp_rt_srcloc_t *where, const char *fmt, ...) {
  int rank = 0;
  int active = xmpi_mpi_active();
  /* "Every rank" is the executing node set: inside a task only its nodes get here. */
  MPI_Comm comm = active ? xmpi_exec_comm() : MPI_COMM_NULL;
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

void *xmpi_calloc_or_die(size_t count, size_t size, const xmp_rt_srcloc_t *where) {
  void *p = calloc(count, size);
  if (p == NULL)
    xmpi_fatal(where, "out of memory allocating %zu bytes", count * size);
  return p;
}

void xmpi_warn(const xmp_rt_srcloc_t *where, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(where, "warning", fmt, ap);
  va_end(ap);
}

void xmpi_note(const xmp_rt_srcloc_t *where, const char *kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(where, kind, fmt, ap);
  va_end(ap);
}
