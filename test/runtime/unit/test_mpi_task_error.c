/* test_mpi_task_error.c - a node subset whose selection count does not match its shape must be
 * reported once, naming the directive: at the top level (mode "shape", all ranks) and inside
 * a task (mode "task": only the task's nodes find it). Run on 4 ranks. */
#include <string.h>

#include "xmp_rt.h"

int main(int argc, char **argv) {
  static const xmp_rt_srcloc_t where = {"sub.c", 5, "nodes q(3) = p(1:4)"};
  xmp_rt_init(&argc, &argv);
  const char *mode = argc > 1 ? argv[1] : "shape";
  long star = -1, three = 3, lb = 0, ub = 3, st = 1;
  xmp_rt_nodes_t *p = xmp_rt_nodes_create(1, &star, "p", NULL);
  if (strcmp(mode, "task") == 0) {
    long tl = 0, tu = 1;
    if (xmp_rt_task_begin_nodes(p, &tl, &tu, &st, NULL)) {
      /* The executing set has 2 nodes: q(3) = * selects 2. */
      ub = 1;
      xmp_rt_nodes_create_subset(1, &three, NULL, &lb, &ub, &st, "q", &where);
      xmp_rt_task_end();
    }
  } else {
    xmp_rt_nodes_create_subset(1, &three, p, &lb, &ub, &st, "q", &where);
  }
  return xmp_rt_finalize(0); /* not reached */
}
