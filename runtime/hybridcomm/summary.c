/* summary.c - XMP_COMM_REPORT=1: at the program's end, per rank, what went through the layer.
 *
 * Each rank keeps a record per site: a halo exchange (one array dimension's step of a reflect
 * plan, on host storage or on a device copy) or a collective call site (kind, host or device
 * buffers, node count, directive). A record counts executions and their time here (for an
 * exchange from its start to every face done; for a collective the whole call) and, per path,
 * what took it: faces of an exchange (each face this rank sent or received, timed from the
 * execution's start to the face done here), steps of a collective (one send and/or receive
 * with one peer, timed from the step's start to its end), or whole calls (MPI's own
 * collective, the device one-shot and signalled algorithms). Counters only: records exist
 * only while the report is on, and nothing is exchanged between ranks until the end, where
 * xmphc_shutdown gathers every rank's lines to rank 0 of MPI_COMM_WORLD, which prints them in
 * rank order, e.g.
 *   xmpcc runtime: heat.c:40: 'reflect (u)': comm summary: rank 1: halo of array 'u'
 *   dimension 0 on 2 nodes: 3 executions, 41.2 us total, 13.7 us mean, 160 B of faces per
 *   execution; mpi 4 faces, 30.1 us total, 7.5 us mean; ucx-shm 2 faces, 4.0 us total, ...
 * The window decisions (report.c, coll.c, coll_device.c, device_exchange.c) are printed as
 * before, when they happen. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_internal.h"

/* ---- records (pure) ---- */

const char *xmphc_sum_kind_name(int kind) {
  static const char *const names[XMPHC_SUM_NKINDS] = {
      "halo", "bcast", "allreduce", "location allreduce", "allreduce by function",
      "allgather"};
  return kind >= 0 && kind < XMPHC_SUM_NKINDS ? names[kind] : "?";
}

const char *xmphc_sum_path_name(int path) {
  static const char *const names[XMPHC_SUM_NPATHS] = {
      "mpi", "ucx-shm", "cuda-ipc", "cuda-ipc-kernel", "mpi-collective", "cuda-ipc-one-shot",
      "cuda-ipc-signalled"};
  return path >= 0 && path < XMPHC_SUM_NPATHS ? names[path] : "?";
}

static int same_text(const char *a, const char *b) {
  return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int same_site(const xmphc_sum_t *s, int kind, int device, int nodes,
                     const xmp_rt_srcloc_t *where, const char *what) {
  xmp_rt_srcloc_t w = xmpb_srcloc_copy(where);
  return s->kind == kind && s->device == device && s->nodes == nodes &&
         s->where.line == w.line && same_text(s->where.file, w.file) &&
         same_text(s->where.directive, w.directive) && strcmp(s->what, what) == 0;
}

int xmphc_sum_find(xmphc_sum_list_t *l, int kind, int device, int nodes,
                   const xmp_rt_srcloc_t *where, const char *what, xmphc_sum_t **out) {
  if (what == NULL)
    what = "";
  xmphc_sum_t *s = l->last;
  if (s == NULL || !same_site(s, kind, device, nodes, where, what))
    for (s = l->head; s != NULL && !same_site(s, kind, device, nodes, where, what);
         s = s->next)
      ;
  if (s == NULL) {
    s = calloc(1, sizeof *s);
    if (s == NULL)
      return XMPHC_E_NOMEM;
    s->kind = kind;
    s->device = device;
    s->nodes = nodes;
    s->where = xmpb_srcloc_copy(where);
    snprintf(s->what, sizeof s->what, "%s", what);
    if (l->tail != NULL)
      l->tail->next = s;
    else
      l->head = s;
    l->tail = s;
  }
  l->last = s;
  *out = s;
  return XMPHC_OK;
}

void xmphc_sum_call(xmphc_sum_t *s, double t, size_t bytes) {
  s->calls++;
  s->time += t;
  s->bytes += (double)bytes;
}

void xmphc_sum_path(xmphc_sum_t *s, int path, double t) {
  if (path < 0 || path >= XMPHC_SUM_NPATHS)
    return;
  s->n[path]++;
  s->t[path] += t;
}

void xmphc_sum_list_free(xmphc_sum_list_t *l) {
  while (l->head != NULL) {
    xmphc_sum_t *s = l->head;
    l->head = s->next;
    free(s);
  }
  *l = (xmphc_sum_list_t){NULL, NULL, NULL};
}

/* ---- lines (pure) ---- */

/* Appends to buf[*n..cap); *n may pass cap (then the line is truncated). */
static void put(char *buf, size_t cap, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t cap, size_t *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(*n < cap ? buf + *n : NULL, *n < cap ? cap - *n : 0, fmt, ap);
  va_end(ap);
  if (k > 0)
    *n += (size_t)k;
}

/* Seconds as us below 1 ms, ms below 1 s, else s. */
static void put_time(char *buf, size_t cap, size_t *n, double s) {
  if (s < 1e-3)
    put(buf, cap, n, "%.1f us", s * 1e6);
  else if (s < 1.0)
    put(buf, cap, n, "%.3f ms", s * 1e3);
  else
    put(buf, cap, n, "%.3f s", s);
}

static void put_count(char *buf, size_t cap, size_t *n, long count, const char *unit) {
  put(buf, cap, n, "%ld %s%s", count, unit, count == 1 ? "" : "s");
}

/* What one use of a path is called in the line: a face of an exchange, a step of a
 * collective, or a whole call. */
static const char *path_unit(int kind, int path) {
  if (path == XMPHC_SUM_MPI_COLL || path == XMPHC_SUM_ONESHOT || path == XMPHC_SUM_SIGNAL)
    return "call";
  return kind == XMPHC_SUM_HALO ? "face" : "step";
}

int xmphc_sum_format(const xmphc_sum_t *s, int rank, char *buf, size_t cap) {
  size_t n = 0;
  if (s->where.file != NULL)
    put(buf, cap, &n, "%s:%d: ", s->where.file, s->where.line);
  if (s->where.directive != NULL)
    put(buf, cap, &n, "'%s': ", s->where.directive);
  int halo = s->kind == XMPHC_SUM_HALO;
  put(buf, cap, &n, "comm summary: rank %d: %s%s", rank, s->device ? "device " : "",
      xmphc_sum_kind_name(s->kind));
  if (s->what[0] != '\0')
    put(buf, cap, &n, " of %s", s->what);
  put(buf, cap, &n, " on %d node%s: ", s->nodes, s->nodes == 1 ? "" : "s");
  put_count(buf, cap, &n, s->calls, halo ? "execution" : "call");
  if (s->calls > 0) {
    put(buf, cap, &n, ", ");
    put_time(buf, cap, &n, s->time);
    put(buf, cap, &n, " total, ");
    put_time(buf, cap, &n, s->time / (double)s->calls);
    put(buf, cap, &n, " mean, %.0f B%s per %s", s->bytes / (double)s->calls,
        halo ? " of faces" : "", halo ? "execution" : "call");
  }
  int any = 0;
  for (int p = 0; p < XMPHC_SUM_NPATHS; p++) {
    if (s->n[p] == 0)
      continue;
    any = 1;
    put(buf, cap, &n, "; %s ", xmphc_sum_path_name(p));
    put_count(buf, cap, &n, s->n[p], path_unit(s->kind, p));
    put(buf, cap, &n, ", ");
    put_time(buf, cap, &n, s->t[p]);
    put(buf, cap, &n, " total, ");
    put_time(buf, cap, &n, s->t[p] / (double)s->n[p]);
    put(buf, cap, &n, " mean");
  }
  if (!any)
    put(buf, cap, &n, "; no transfers");
  return n < cap ? XMPHC_OK : XMPHC_E_TRUNCATED;
}

int xmphc_sum_text(const xmphc_sum_list_t *l, int rank, char **text, size_t *len) {
  size_t cap = 256, n = 0;
  for (const xmphc_sum_t *s = l->head; s != NULL; s = s->next)
    cap += XMPHC_SUM_LINE;
  char *t = malloc(cap);
  if (t == NULL)
    return XMPHC_E_NOMEM;
  int st = XMPHC_OK;
  for (const xmphc_sum_t *s = l->head; s != NULL; s = s->next) {
    if (s->calls == 0)
      continue; /* e.g. the host exchanges of a reflect that runs on device copies */
    if (xmphc_sum_format(s, rank, t + n, XMPHC_SUM_LINE) != XMPHC_OK)
      st = XMPHC_E_TRUNCATED; /* the line as far as it fits */
    n += strlen(t + n);
    t[n++] = '\n';
  }
  if (n == 0)
    n = (size_t)snprintf(t, cap, "comm summary: rank %d: no halo exchange or collective went "
                         "through the hybrid layer here\n", rank);
  t[n] = '\0';
  *text = t;
  *len = n;
  return st;
}

/* ---- this process's records ---- */

static xmphc_sum_list_t records;
static xmphc_sum_t *current; /* the collective call in progress (the outermost one) */

/* NULL when out of memory: the summary then leaves the site out (it is a report, not the
 * program's work). */
static xmphc_sum_t *record(int kind, int device, int nodes, const xmp_rt_srcloc_t *where,
                           const char *what) {
  xmphc_sum_t *s;
  return xmphc_sum_find(&records, kind, device, nodes, where, what, &s) == XMPHC_OK ? s : NULL;
}

xmphc_sum_t *xmphc_sum_site(int kind, int device, MPI_Comm comm, const xmp_rt_srcloc_t *where,
                            const char *what) {
  if (!xmphc_config()->report)
    return NULL;
  int nodes;
  MPI_Comm_size(comm, &nodes);
  return record(kind, device, nodes, where, what);
}

xmphc_sum_t *xmphc_sum_begin(int kind, int device, MPI_Comm comm, const xmp_rt_srcloc_t *where,
                             double *t0) {
  *t0 = 0.0;
  if (current != NULL || !xmphc_config()->report)
    return NULL; /* a collective inside another one counts towards that one */
  int nodes;
  MPI_Comm_size(comm, &nodes);
  current = record(kind, device, nodes, where, "");
  *t0 = MPI_Wtime();
  return current;
}

void xmphc_sum_end(xmphc_sum_t *s, double t0, size_t bytes, int st) {
  if (s == NULL)
    return;
  current = NULL;
  if (st != XMPHC_E_UNSUPPORTED) /* else the caller runs MPI's collective itself */
    xmphc_sum_call(s, MPI_Wtime() - t0, bytes);
}

double xmphc_sum_now(void) { return current != NULL ? MPI_Wtime() : 0.0; }

void xmphc_sum_whole(int path, double t0) {
  if (current != NULL)
    xmphc_sum_path(current, path, MPI_Wtime() - t0);
}

void xmphc_sum_step(int device, int path, double t0) {
  if (current == NULL || path < 0)
    return;
  int p = path == XMPHC_PATH_MPI ? XMPHC_SUM_MPI : device ? XMPHC_SUM_IPC : XMPHC_SUM_UCX;
  xmphc_sum_path(current, p, MPI_Wtime() - t0);
}

const xmphc_sum_list_t *xmphc_sum_records(void) { return &records; }

void xmphc_sum_report(void) {
  if (!xmphc_config()->report) {
    xmphc_sum_list_free(&records);
    return;
  }
  int me, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char *mine;
  size_t len;
  if (xmphc_sum_text(&records, me, &mine, &len) == XMPHC_E_NOMEM) {
    mine = NULL; /* this rank's lines left out; the gather goes on */
    len = 0;
  }
  xmphc_sum_list_free(&records);
  int count = (int)len, *counts = NULL, *displs = NULL;
  char *all = NULL;
  if (me == 0)
    counts = xmpb_calloc_or_die((size_t)size, sizeof *counts, NULL);
  MPI_Gather(&count, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  size_t total = 0;
  if (me == 0) {
    displs = xmpb_calloc_or_die((size_t)size, sizeof *displs, NULL);
    for (int r = 0; r < size; r++) {
      displs[r] = (int)total;
      total += (size_t)counts[r];
    }
    all = xmpb_calloc_or_die(total + 1, 1, NULL);
  }
  MPI_Gatherv(mine, count, MPI_CHAR, all, counts, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
  free(mine);
  if (me != 0)
    return;
  xmpb_note(NULL, "comm summary",
            "per rank of MPI_COMM_WORLD, each halo exchange (array dimension of a reflect) "
            "and collective call site of the hybrid layer: its executions and their time "
            "here; per path the faces, steps or whole calls that took it and their time");
  for (char *line = all; *line != '\0';) {
    char *end = strchr(line, '\n');
    *end = '\0';
    xmpb_note(NULL, NULL, "%s", line);
    line = end + 1;
  }
  free(all);
  free(counts);
  free(displs);
}
