/* test_mpi_nodes_error.c - a nodes shape that does not match the process count must be
 * reported once, naming the directive, and end the program with a non-zero status. */
#include "xmp_rt.h"

int main(int argc, char **argv) {
  static const xmp_rt_srcloc_t where = {"sum.c", 12, "nodes p(4)"};
  xmp_rt_init(&argc, &argv);
  long shape[] = {4};
  xmp_rt_nodes_create(1, shape, "p", &where);
  return xmp_rt_finalize(0); /* not reached when the program runs on other than 4 ranks */
}
