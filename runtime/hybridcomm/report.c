/* report.c - XMP_COMM_REPORT=1: after each decision of an exchange, one line per transfer
 * with its face shape, size, the measured time of each candidate path (the larger of the
 * two ends' shortest times in the window) and the chosen path, e.g.
 *   xmpcc runtime: heat.c:40: 'reflect (u)': comm: array 'u' dimension 1, node 0 -> node 1
 *   (up): stride, 12 runs of 8 B (96 B); mpi 5.1 us, direct 1.2 us: direct
 * The lines of all nodes are gathered to the first node of the array's nodes and printed
 * there in node order, through the runtime's note lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_internal.h"

enum { LINE = 320 };

static void format(char *buf, size_t cap, const char *name, const xmphc_report_face_t *f) {
  int n = snprintf(buf, cap,
                   "array '%s' dimension %d, node %d -> node %d (%s): %s, %ld run%s of %zu B "
                   "(%zu B);", name, f->dim, f->from, f->to, f->up ? "up" : "down",
                   xmphc_face_kind_name(f->kind), f->nblocks, f->nblocks == 1 ? "" : "s",
                   f->block_bytes, f->bytes);
  for (int p = 0; p < XMPHC_NPATHS && n > 0 && (size_t)n < cap; p++)
    if (f->t[p] >= 0)
      n += snprintf(buf + n, cap - (size_t)n, "%s %s %.1f us", p == 0 || f->t[0] < 0 ? "" : ",",
                    xmphc_path_name(p), f->t[p] * 1e6);
  if (n > 0 && (size_t)n < cap)
    snprintf(buf + n, cap - (size_t)n, ": %s", xmphc_path_name(f->chosen));
}

void xmphc_report_decision(MPI_Comm comm, const char *name, const xmp_rt_srcloc_t *where,
                           const xmphc_report_face_t *faces, int nfaces, long execution) {
  (void)execution;
  int me, size;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_size(comm, &size);
  char mine[4 * LINE];
  for (int i = 0; i < nfaces && i < 4; i++)
    format(mine + i * LINE, LINE, name, &faces[i]);
  int count = nfaces * LINE;
  int *counts = NULL, *displs = NULL;
  char *all = NULL;
  if (me == 0) {
    counts = xmpb_calloc_or_die((size_t)size, sizeof *counts, where);
    displs = xmpb_calloc_or_die((size_t)size, sizeof *displs, where);
  }
  MPI_Gather(&count, 1, MPI_INT, counts, 1, MPI_INT, 0, comm);
  int total = 0;
  if (me == 0) {
    for (int r = 0; r < size; r++) {
      displs[r] = total;
      total += counts[r];
    }
    all = xmpb_calloc_or_die(total > 0 ? (size_t)total : 1, 1, where);
  }
  MPI_Gatherv(mine, count, MPI_CHAR, all, counts, displs, MPI_CHAR, 0, comm);
  if (me == 0) {
    for (int k = 0; k < total / LINE; k++)
      xmpb_note(where, "comm", "%s", all + (size_t)k * LINE);
    free(all);
    free(counts);
    free(displs);
  }
}
