/* intrinsics.c - the user-callable functions of xmp.h. */
#include <stdlib.h>

#include "xmp.h"
#include "xmp_dev.h"
#include "xmpi_internal.h"

static int comm_rank(MPI_Comm c) {
  int r;
  MPI_Comm_rank(c, &r);
  return r;
}

static int comm_size(MPI_Comm c) {
  int s;
  MPI_Comm_size(c, &s);
  return s;
}

/* The executing node set: the innermost task this node is in, else every process. */
int xmp_node_num(void) { return xmpi_exec_rank() + 1; }
int xmpc_node_num(void) { return xmpi_exec_rank(); }
int xmp_num_nodes(void) { return xmpi_exec_size(); }
int xmpc_this_image(void) { return xmpc_node_num(); }
int xmp_num_images(void) { return xmp_num_nodes(); }
int xmp_all_node_num(void) { return comm_rank(MPI_COMM_WORLD) + 1; }
int xmpc_all_node_num(void) { return comm_rank(MPI_COMM_WORLD); }
int xmp_all_num_nodes(void) { return comm_size(MPI_COMM_WORLD); }
/* A direct device loop returns before its kernels end: the time includes them. */
double xmp_wtime(void) {
  xmp_dev_loops_settle();
  return MPI_Wtime();
}
double xmp_wtick(void) { return MPI_Wtick(); }

void xmp_exit(int status) {
  xmpi_shutdown();
  exit(status);
}
