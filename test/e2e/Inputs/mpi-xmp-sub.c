// For e2e/mpi-xmp-init.c: a procedure with its own node array, called from
// an MPI program after xmp_init.
#include <xmp.h>

int mpi_xmp_sub(void) {
#pragma xmp nodes q[*]
  int last = -1;
#pragma xmp task on q[xmp_all_num_nodes() - 1]
  { last = xmp_node_num() + 100 * xmp_num_nodes(); }
#pragma xmp reduction(max:last)
  return last;
}
