/* XMP_COMM_REPORT's summary (hybridcomm/summary.c) on synthetic counts, no MPI run: records
 * found again by site (kind, device, nodes, directive, what), the counters, and the lines
 * exactly: units per path (faces, steps, whole calls), singular and plural, us / ms / s,
 * paths never used left out, "no transfers", a line cut at its buffer, a rank's text (records
 * never run left out). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmphc_internal.h"

static const xmp_rt_srcloc_t reflect_u = {"heat.c", 40, "reflect (u)"};
static const xmp_rt_srcloc_t reduce_s = {"heat.c", 52, "reduction (+: s)"};

static void check_line(const xmphc_sum_t *s, int rank, const char *want) {
  char buf[XMPHC_SUM_LINE];
  int st = xmphc_sum_format(s, rank, buf, sizeof buf);
  CHECKF(st == XMPHC_OK && strcmp(buf, want) == 0, "\n  got  %s\n  want %s", buf, want);
}

static void sites(void) {
  xmphc_sum_list_t l = {NULL, NULL, NULL};
  xmphc_sum_t *a, *b, *c, *d, *e, *f, *g;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 2, &reflect_u, "array 'u' dimension 0", &a) ==
        XMPHC_OK);
  CHECK(a->calls == 0 && a->n[XMPHC_SUM_MPI] == 0 && l.head == a && l.tail == a);
  /* The same site through another copy of the directive's location: the same record. */
  xmp_rt_srcloc_t copy = reflect_u;
  char file[] = "heat.c";
  copy.file = file;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 2, &copy, "array 'u' dimension 0", &b) == 0);
  CHECK(b == a);
  /* Another dimension, device copy, node count, kind or line: records of their own. */
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 2, &reflect_u, "array 'u' dimension 1", &c) == 0);
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 1, 2, &reflect_u, "array 'u' dimension 0", &d) == 0);
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 3, &reflect_u, "array 'u' dimension 0", &e) == 0);
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_ALLREDUCE, 0, 2, &reflect_u, NULL, &f) == 0);
  xmp_rt_srcloc_t other = reflect_u;
  other.line = 41;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 2, &other, "array 'u' dimension 0", &g) == 0);
  CHECK(c != a && d != a && e != a && f != a && g != a && c != d && d != e && e != f &&
        f != g);
  /* No location (the layer's own tests call it so): one record for all such calls. */
  xmphc_sum_t *h, *i;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_BCAST, 0, 4, NULL, "", &h) == 0);
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_BCAST, 0, 4, NULL, NULL, &i) == 0 && i == h);
  CHECK(h->where.file == NULL && h->where.directive == NULL);
  /* Creation order is kept: a, c, d, e, f, g, h. */
  const xmphc_sum_t *order[] = {a, c, d, e, f, g, h, NULL};
  int k = 0;
  for (const xmphc_sum_t *s = l.head; s != NULL; s = s->next, k++)
    CHECKF(s == order[k], "record %d out of order", k);
  CHECK(k == 7 && l.tail == h);
  xmphc_sum_list_free(&l);
  CHECK(l.head == NULL && l.tail == NULL && l.last == NULL);
}

static void lines(void) {
  xmphc_sum_list_t l = {NULL, NULL, NULL};
  xmphc_sum_t *h;
  /* 3 executions of an exchange with two faces each (16 B of faces): 4 over MPI, 2 by UCX. */
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 2, &reflect_u, "array 'u' dimension 0", &h) == 0);
  xmphc_sum_call(h, 20e-6, 16);
  xmphc_sum_call(h, 15e-6, 16);
  xmphc_sum_call(h, 10e-6, 16);
  for (int k = 0; k < 4; k++)
    xmphc_sum_path(h, XMPHC_SUM_MPI, 7.5e-6);
  xmphc_sum_path(h, XMPHC_SUM_UCX, 1.5e-6);
  xmphc_sum_path(h, XMPHC_SUM_UCX, 2.5e-6);
  xmphc_sum_path(h, XMPHC_SUM_NPATHS, 1.0); /* no such path: ignored */
  xmphc_sum_path(h, -1, 1.0);
  CHECK(h->calls == 3 && h->n[XMPHC_SUM_MPI] == 4 && h->n[XMPHC_SUM_UCX] == 2);
  check_line(h, 1, "heat.c:40: 'reflect (u)': comm summary: rank 1: halo of array 'u' "
                   "dimension 0 on 2 nodes: 3 executions, 45.0 us total, 15.0 us mean, 16 B "
                   "of faces per execution; mpi 4 faces, 30.0 us total, 7.5 us mean; ucx-shm "
                   "2 faces, 4.0 us total, 2.0 us mean");

  /* A reduction: 2 calls of 8 B, one by the steps (3 over MPI, 1 by UCX), one by MPI's own
   * allreduce; milliseconds and seconds. */
  xmphc_sum_t *r;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_ALLREDUCE, 0, 3, &reduce_s, "", &r) == 0);
  xmphc_sum_call(r, 1.5, 8);
  xmphc_sum_call(r, 0.5, 8);
  xmphc_sum_path(r, XMPHC_SUM_MPI, 0.25);
  xmphc_sum_path(r, XMPHC_SUM_MPI, 0.25);
  xmphc_sum_path(r, XMPHC_SUM_MPI, 0.5);
  xmphc_sum_path(r, XMPHC_SUM_UCX, 2e-3);
  xmphc_sum_path(r, XMPHC_SUM_MPI_COLL, 0.5);
  check_line(r, 0, "heat.c:52: 'reduction (+: s)': comm summary: rank 0: allreduce on 3 "
                   "nodes: 2 calls, 2.000 s total, 1.000 s mean, 8 B per call; mpi 3 steps, "
                   "1.000 s total, 333.333 ms mean; ucx-shm 1 step, 2.000 ms total, 2.000 ms "
                   "mean; mpi-collective 1 call, 500.000 ms total, 500.000 ms mean");

  /* Device paths: one call each, singular units; the device kinds' names. */
  xmphc_sum_t *dh, *db;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 1, 4, &reflect_u, "array 'u' dimension 1", &dh) == 0);
  xmphc_sum_call(dh, 12e-6, 4096);
  xmphc_sum_path(dh, XMPHC_SUM_IPC, 5e-6);
  xmphc_sum_path(dh, XMPHC_SUM_IPC_KERNEL, 3e-6);
  check_line(dh, 3, "heat.c:40: 'reflect (u)': comm summary: rank 3: device halo of array 'u' "
                    "dimension 1 on 4 nodes: 1 execution, 12.0 us total, 12.0 us mean, 4096 B "
                    "of faces per execution; cuda-ipc 1 face, 5.0 us total, 5.0 us mean; "
                    "cuda-ipc-kernel 1 face, 3.0 us total, 3.0 us mean");
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_BCAST, 1, 4, NULL, "", &db) == 0);
  xmphc_sum_call(db, 30e-6, 1024);
  xmphc_sum_call(db, 10e-6, 1024);
  xmphc_sum_call(db, 20e-6, 1024);
  xmphc_sum_path(db, XMPHC_SUM_IPC, 4e-6);
  xmphc_sum_path(db, XMPHC_SUM_ONESHOT, 9e-6);
  xmphc_sum_path(db, XMPHC_SUM_SIGNAL, 11e-6);
  check_line(db, 2, "comm summary: rank 2: device bcast on 4 nodes: 3 calls, 60.0 us total, "
                    "20.0 us mean, 1024 B per call; cuda-ipc 1 step, 4.0 us total, 4.0 us mean; "
                    "cuda-ipc-one-shot 1 call, 9.0 us total, 9.0 us mean; cuda-ipc-signalled "
                    "1 call, 11.0 us total, 11.0 us mean");

  /* One node: calls but nothing moved; a plan never run. */
  xmphc_sum_t *one, *never;
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_ALLREDUCE_LOC, 0, 1, &reduce_s, "", &one) == 0);
  xmphc_sum_call(one, 2e-6, 4);
  check_line(one, 0, "heat.c:52: 'reduction (+: s)': comm summary: rank 0: location allreduce "
                     "on 1 node: 1 call, 2.0 us total, 2.0 us mean, 4 B per call; no transfers");
  CHECK(xmphc_sum_find(&l, XMPHC_SUM_HALO, 0, 2, &reduce_s, "array 'v' dimension 0", &never) ==
        0);
  check_line(never, 0, "heat.c:52: 'reduction (+: s)': comm summary: rank 0: halo of array 'v' "
                       "dimension 0 on 2 nodes: 0 executions; no transfers");

  /* A buffer too small: cut, terminated, XMPHC_E_TRUNCATED. */
  char small[24];
  memset(small, 'x', sizeof small);
  CHECK(xmphc_sum_format(h, 1, small, sizeof small) == XMPHC_E_TRUNCATED);
  CHECK(strlen(small) == sizeof small - 1 && strncmp(small, "heat.c:40: 'reflect (u)'", 23) == 0);
  CHECK(strcmp(xmphc_status_str(XMPHC_E_TRUNCATED), "a report line is longer than its buffer") ==
        0);

  /* A rank's text: the lines of the records that ran, in order, each ending in a newline. */
  char *text;
  size_t len;
  CHECK(xmphc_sum_text(&l, 1, &text, &len) == XMPHC_OK);
  CHECK(len == strlen(text) && len > 0 && text[len - 1] == '\n');
  int nl = 0;
  for (size_t k = 0; k < len; k++)
    nl += text[k] == '\n';
  CHECK(nl == 5 && strstr(text, "array 'v'") == NULL);
  const char *first = "heat.c:40: 'reflect (u)': comm summary: rank 1: halo of array 'u' "
                      "dimension 0 on 2 nodes: 3 executions,";
  CHECK(strncmp(text, first, strlen(first)) == 0);
  CHECK(strstr(text, "\nheat.c:52: 'reduction (+: s)': comm summary: rank 1: allreduce on 3 "
                     "nodes: 2 calls,") != NULL);
  CHECK(strstr(text, "\ncomm summary: rank 1: device bcast on 4 nodes: 3 calls,") != NULL);
  free(text);
  xmphc_sum_list_free(&l);
  CHECK(xmphc_sum_text(&l, 5, &text, &len) == XMPHC_OK);
  CHECK(strcmp(text, "comm summary: rank 5: no halo exchange or collective went through the "
                     "hybrid layer here\n") == 0 && len == strlen(text));
  free(text);
}

static void names(void) {
  CHECK(strcmp(xmphc_sum_path_name(XMPHC_SUM_MPI), "mpi") == 0);
  CHECK(strcmp(xmphc_sum_path_name(XMPHC_SUM_UCX), "ucx-shm") == 0);
  CHECK(strcmp(xmphc_sum_path_name(XMPHC_SUM_IPC), "cuda-ipc") == 0);
  CHECK(strcmp(xmphc_sum_path_name(XMPHC_SUM_NPATHS), "?") == 0);
  CHECK(strcmp(xmphc_sum_kind_name(XMPHC_SUM_ALLREDUCE_FN), "allreduce by function") == 0);
  CHECK(strcmp(xmphc_sum_kind_name(XMPHC_SUM_ALLGATHER), "allgather") == 0);
  CHECK(strcmp(xmphc_sum_kind_name(-1), "?") == 0);
}

int main(void) {
  sites();
  lines();
  names();
  return CHECK_RESULT();
}
