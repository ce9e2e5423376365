/* test_mpi_program_wide.c [MODE] - file-scope node arrays and templates shared by several files
 * (program_wide.c, template.c's repeated distribute). Without MODE, at 1-4 ranks: the same
 * declarations again give the first object (the second file's copy freed: ASan), the same
 * distribution again keeps the template's layout, for block, cyclic(2) and gblock sizes given
 * by another array. With MODE, one declaration differs; the run must fail naming both places. */
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "check.h"
#include "xmp_rt.h"

static const xmp_rt_srcloc_t first = {"grid.h", 4, "first"}, second = {"other.c", 9, "second"};

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  const char *mode = argc > 1 ? argv[1] : "";
  int np, me;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  long star = -1, stars[] = {-1, -1}, one_star[] = {1, -1}, lo = 0, hi = 4 * np + 2;
  long lo2 = 0, hi2 = 4 * np + (strcmp(mode, "bounds") == 0 ? 3 : 2);

  xmp_rt_nodes_t *p = xmp_rt_nodes_share(NULL, xmp_rt_nodes_create(1, &star, "p", &first));
  CHECK(xmp_rt_nodes_share(p, xmp_rt_nodes_create(1, &star, "p", &second)) == p);
  xmp_rt_nodes_t *g = xmp_rt_nodes_share(NULL, xmp_rt_nodes_create(2, stars, "g", &first));
  xmp_rt_nodes_t *g2 = xmp_rt_nodes_create(2, strcmp(mode, "shape") == 0 ? one_star : stars,
                                           "g", &second);
  CHECK(xmp_rt_nodes_share(g, g2) == g); /* "shape" at 4 ranks: (2, 2) and (1, 4) */
  /* A subset of p: its first half (or, "subset", as many nodes from the second on). */
  long sl = 0, su = np > 1 ? np / 2 - 1 : 0, ss = 1, qs = -1;
  long sl2 = strcmp(mode, "subset") == 0 ? 1 : sl, su2 = strcmp(mode, "subset") == 0 ? su + 1 : su;
  xmp_rt_nodes_t *q = xmp_rt_nodes_create_subset(1, &qs, p, &sl, &su, &ss, "q", &first);
  q = xmp_rt_nodes_share(NULL, q);
  CHECK(xmp_rt_nodes_share(q, xmp_rt_nodes_create_subset(1, &qs, p, &sl2, &su2, &ss, "q",
                                                         &second)) == q);

  xmp_rt_template_t *t =
      xmp_rt_template_share(NULL, xmp_rt_template_create(1, &lo, &hi, "t", &first));
  CHECK(xmp_rt_template_share(t, xmp_rt_template_create(1, &lo2, &hi2, "t", &second)) == t);
  xmp_rt_template_t *d = xmp_rt_template_share(NULL, xmp_rt_template_create(1, NULL, NULL,
                                                                            "d", &first));
  CHECK(xmp_rt_template_share(d, xmp_rt_template_create(1, strcmp(mode, "deferred") ? NULL : &lo,
                                                        strcmp(mode, "deferred") ? NULL : &hi,
                                                        "d", &second)) == d);

  /* gblock: node k owns 4 + (k == 0 ? 3 : 0) indices; the second file's sizes are its own
   * array with the same values (or, "gblock", one moved from node 0 to the last). */
  int *m1 = malloc((size_t)np * sizeof *m1), *m2 = malloc((size_t)np * sizeof *m2);
  for (int k = 0; k < np; k++)
    m1[k] = m2[k] = 4 + (k == 0 ? 3 : 0);
  if (strcmp(mode, "gblock") == 0 && np > 1) {
    m2[0]--;
    m2[np - 1]++;
  }
  int kind = strcmp(mode, "cyclic") == 0 ? XMP_RT_DIST_CYCLIC : XMP_RT_DIST_BLOCK;
  intptr_t zero = 0, two = 2, three = strcmp(mode, "width") == 0 ? 3 : 2;
  int block = XMP_RT_DIST_BLOCK, cyclic = XMP_RT_DIST_CYCLIC, gblock = XMP_RT_DIST_GBLOCK;
  long before_lo, before_hi, after_lo, after_hi;
  xmp_rt_template_distribute(t, &block, &zero, p, &first);
  xmp_rt_template_local_range(t, 0, &before_lo, &before_hi);
  xmp_rt_template_distribute(t, &kind, &zero, p, &second);
  xmp_rt_template_local_range(t, 0, &after_lo, &after_hi);
  CHECK(before_lo == after_lo && before_hi == after_hi);
  CHECK(after_hi - after_lo + 1 == (me == np - 1 ? hi + 1 - (np - 1) * ((hi + np) / np)
                                                 : (hi + np) / np));

  long clo = 0, chi = 9;
  xmp_rt_template_t *c = xmp_rt_template_create(1, &clo, &chi, "c", &first);
  xmp_rt_template_distribute(c, &cyclic, &two, p, &first);
  xmp_rt_template_distribute(c, &cyclic, &three, p, &second);

  long glo = 0, ghi = 4 * np + 2;
  xmp_rt_template_t *gt = xmp_rt_template_create(1, &glo, &ghi, "gt", &first);
  xmp_rt_template_distribute(gt, &gblock, &(intptr_t){(intptr_t)m1}, p, &first);
  xmp_rt_template_distribute(gt, &gblock, &(intptr_t){(intptr_t)m2}, p, &second);
  xmp_rt_template_local_range(gt, 0, &after_lo, &after_hi);
  CHECK(after_hi - after_lo + 1 == m1[me]);

  /* Onto other nodes: g is 2-D. */
  long olo = 0, ohi = 9;
  xmp_rt_template_t *o = xmp_rt_template_create(1, &olo, &ohi, "o", &first);
  xmp_rt_template_distribute(o, &block, &zero, p, &first);
  if (strcmp(mode, "onto") == 0)
    xmp_rt_template_distribute(o, &block, &zero, g, &second);
  free(m1);
  free(m2);
  return xmp_rt_finalize(CHECK_RESULT());
}
