/* xmpb.h - the runtime's base layer: what every layer above may use, and which calls nothing
 * above it (test/tools/check-layers.py):
 *   report.c     the one reporting path (`xmpcc runtime: file:line: 'directive': ...`), fatal
 *                errors and allocation that ends the program on exhaustion
 *   context.c    the executing node set's communicator (set by the directive layer as tasks
 *                are entered and left) and the shutdown hooks of layers started lazily
 *   mpi_types.c  the ABI's element types and reduction operators as MPI's
 *   settings.c   the XMP_* settings (xmpb_settings.h)
 * The layers, lowest first: base, starpu (device data, executors, CUDA), hybridcomm (paths,
 * halo exchanges, collectives), src (the directives' entry points). */
#ifndef XMPB_H
#define XMPB_H

#include <stddef.h>

#include <mpi.h>

#include "xmp_rt.h"

/* ---- report.c ---- */
/* Whether MPI is initialised and not yet finalised. */
int xmpb_mpi_active(void);
/* Print `xmpcc runtime: file:line: 'directive': message` to stderr and end the program
 * with status 1. xmpb_fatal is for errors found by one rank (MPI_Abort); xmpb_fatal_collective
 * for errors every rank of the executing node set finds at the same point: its rank 0 prints,
 * all ranks finalize and exit. where may be NULL. */
_Noreturn void xmpb_fatal(const xmp_rt_srcloc_t *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
_Noreturn void xmpb_fatal_collective(const xmp_rt_srcloc_t *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Non-fatal lines through the same path, printed by the calling rank (the caller picks which
 * ranks speak): `xmpcc runtime: [file:line: 'directive': ]warning: message`, and the same with
 * another word than "warning" (e.g. "trace") for informational lines. */
void xmpb_warn(const xmp_rt_srcloc_t *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void xmpb_note(const xmp_rt_srcloc_t *where, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* calloc that reports exhaustion through xmpb_fatal: every runtime object is
 * created on behalf of a directive, so the message names it. */
void *xmpb_calloc_or_die(size_t count, size_t size, const xmp_rt_srcloc_t *where);
/* Copies *where (NULL gives an empty location) so objects can name their declaration later. */
xmp_rt_srcloc_t xmpb_srcloc_copy(const xmp_rt_srcloc_t *where);

/* ---- context.c ---- */
/* The communicator of the executing node set (MPI_COMM_WORLD outside every task). */
MPI_Comm xmpb_exec_comm(void);
void xmpb_set_exec_comm(MPI_Comm comm);
/* Registers fn to run first at shutdown, while MPI and every runtime object still exist
 * (newest first): layers started lazily (the StarPU layer) stop there. */
void xmpb_at_shutdown(void (*fn)(void));
/* Runs and forgets the hooks, newest first (each once even if one ends the program). */
void xmpb_run_shutdown_hooks(void);

/* ---- mpi_types.c ---- */
/* MPI's datatype of an XMP_RT_* element type (MPI_DATATYPE_NULL for none). */
MPI_Datatype xmpb_mpi_type(int type);
/* MPI's operator for XMP_RT_OP_* op on type, or MPI_OP_NULL when the combination is invalid. */
MPI_Op xmpb_mpi_op(int op, int type);
/* The operator as the directive spells it ("+", "max", "firstmin", ...). */
const char *xmpb_op_name(int op);

#endif
