/* context.c - the executing node set's communicator and the shutdown hooks (xmpb.h). */
#include "xmpb.h"

static MPI_Comm exec_comm = MPI_COMM_NULL; /* MPI_COMM_NULL: MPI_COMM_WORLD */

MPI_Comm xmpb_exec_comm(void) { return exec_comm != MPI_COMM_NULL ? exec_comm : MPI_COMM_WORLD; }

void xmpb_set_exec_comm(MPI_Comm comm) { exec_comm = comm; }

/* Few layers register one, once each; a fixed table keeps the path free of allocation. */
#define XMPB_MAX_SHUTDOWN_HOOKS 8
static void (*hook[XMPB_MAX_SHUTDOWN_HOOKS])(void);
static int nhooks;

void xmpb_at_shutdown(void (*fn)(void)) {
  if (nhooks == XMPB_MAX_SHUTDOWN_HOOKS)
    xmpb_fatal(NULL, "more than %d shutdown hooks", XMPB_MAX_SHUTDOWN_HOOKS);
  hook[nhooks++] = fn;
}

void xmpb_run_shutdown_hooks(void) {
  while (nhooks > 0) /* popped first: a hook that fails ends here only once */
    hook[--nhooks]();
}
