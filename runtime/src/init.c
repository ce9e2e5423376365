/* init.c - program lifetime: MPI start-up, module initializers, shutdown. */
#include <stddef.h>

#include "xmphc.h"
#include "xmpi_internal.h"

/* Filled by constructors before main (and so before MPI_Init); fixed size keeps that path
 * free of allocation. */
#define XMPI_MAX_MODULES 1024
static void (*module_init[XMPI_MAX_MODULES])(void);
static int module_count;

void xmp_rt_register_module_init(void (*init)(void)) {
  if (module_count == XMPI_MAX_MODULES)
    xmpb_fatal(NULL, "more than %d translation units register module initializers",
               XMPI_MAX_MODULES);
  module_init[module_count++] = init;
}

/* xmp_init was called: the program starts and ends MPI itself. */
static int program_owns_mpi;
/* xmp_finalize released the runtime; only MPI_Finalize is left (the program's). */
static int released;

static void start(void) {
  /* before the modules allocate arrays in storage it provides */
  xmpi_comm_check(xmphc_init(), NULL, NULL);
  xmpi_coarray_start(); /* before the modules make their coarrays */
  for (int i = 0; i < module_count; i++)
    module_init[i]();
  xmpi_check_extern_arrays();
}

void xmp_rt_init(int *argc, char ***argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized)
    MPI_Init(argc, argv);
  start();
}

/* Omni XMP's entry for an MPI program that runs XMP code: MPI_Init, xmp_init(comm), the XMP
 * procedures, xmp_finalize(), MPI_Finalize. xmpcc leaves such a main unwrapped, so this is
 * where the runtime starts. */
void xmp_init(MPI_Comm comm) {
  int initialized = 0, finalized = 0, same = MPI_UNEQUAL;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized)
    xmpb_fatal(NULL, "xmp_init: call it between MPI_Init and MPI_Finalize");
  if (program_owns_mpi)
    xmpb_fatal(NULL, "xmp_init: called twice (once per program, before any XMP code)");
  MPI_Comm_compare(comm, MPI_COMM_WORLD, &same);
  if (same != MPI_IDENT && same != MPI_CONGRUENT)
    xmpb_fatal(NULL, "xmp_init: xmpcc runs XMP code on every MPI process; give it "
                     "MPI_COMM_WORLD (or a communicator of all processes in the same order)");
  program_owns_mpi = 1;
  start();
}

static void release(void) {
  xmpb_run_shutdown_hooks();
  xmpi_task_shutdown();        /* tasks still active end here */
  xmpi_registry_destroy_all(); /* frees communicators, which needs MPI still running */
  xmphc_shutdown();            /* after the arrays, whose storage it may hold */
}

void xmpi_shutdown(void) {
  if (!xmpb_mpi_active())
    return;
  if (!released)
    release();
  released = 1;
  MPI_Finalize();
}

void xmp_finalize(void) {
  if (!program_owns_mpi)
    xmpb_fatal(NULL, "xmp_finalize: only after xmp_init (a program that starts MPI itself)");
  if (released || !xmpb_mpi_active())
    return;
  MPI_Barrier(MPI_COMM_WORLD); /* as xmp_rt_finalize: no process leaves inside a task */
  release();
  released = 1;
}

int xmp_rt_finalize(int status) {
  /* Wait for every process before leaving: one that ends in an error inside a task (where
   * only the task's nodes see it) aborts the job, and OpenMPI 4.1's mpiexec can hang when that
   * abort meets processes already inside MPI_Finalize. */
  if (xmpb_mpi_active())
    MPI_Barrier(MPI_COMM_WORLD);
  xmpi_shutdown();
  return status;
}
