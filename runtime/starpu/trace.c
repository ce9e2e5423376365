/* trace.c - XMP_DEV_TRACE: the time and host<->device transfers of each device loop execution
 * and each replicate_sync, from StarPU's bus profiling. StarPU counts every transfer it makes per
 * (source, destination) memory node; reading a bus's counters resets them, so reading all buses
 * before and after an execution gives exactly that execution's transfers.
 *
 * And where the time goes, per directive (xmpsp_trace.h): every device loop, replicate (its
 * registration and, at the end of its block, its release), replicate_sync, reflect /
 * reflect_do, reduction and wait_async is a span; under XMP_DEV_TRACE=1 each site's
 * executions and wall time are summed and printed at the end (first node; the first execution,
 * which carries uploads and plans, apart from the others' mean), with the share of
 * the time from the first span to the end and what lies outside every span (the program's own
 * code). A direct device loop then waits for its kernels, so that their time is the loop's and
 * not the next synchronising directive's. With NVTX (CUDA's nvtx3 headers found when libxmp is
 * built), each span is also an NVTX range named "file:line directive" for Nsight Systems. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__has_include)
#if __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define XMPSP_NVTX 1
#endif
#endif

#include "xmpsp_internal.h"
#include "xmpsp_trace.h"

void xmpsp_trace_enable(void) { starpu_profiling_status_set(STARPU_PROFILING_ENABLE); }

void xmpsp_trace_bus(xmpsp_bus_counts_t *c) {
  *c = (xmpsp_bus_counts_t){0};
  int nbus = starpu_bus_get_count();
  for (int b = 0; b < nbus; b++) {
    struct starpu_profiling_bus_info info;
    xmpsp_check(starpu_bus_get_profiling_info(b, &info), NULL, "starpu_bus_get_profiling_info");
    enum starpu_node_kind src = starpu_node_get_kind((unsigned)starpu_bus_get_src(b));
    enum starpu_node_kind dst = starpu_node_get_kind((unsigned)starpu_bus_get_dst(b));
    if (src == STARPU_CPU_RAM && dst == STARPU_CUDA_RAM) {
      c->h2d_count += info.transfer_count;
      c->h2d_bytes += info.transferred_bytes;
    } else if (src == STARPU_CUDA_RAM && dst == STARPU_CPU_RAM) {
      c->d2h_count += info.transfer_count;
      c->d2h_bytes += info.transferred_bytes;
    }
  }
}

double xmpsp_trace_begin(void) {
  xmpsp_trace_bus(&(xmpsp_bus_counts_t){0});
  return starpu_timing_now();
}

void xmpsp_trace_span(const xmp_rt_srcloc_t *where, double start_us, const char *fmt, ...) {
  xmpsp_bus_counts_t c;
  xmpsp_trace_bus(&c);
  if (!xmpsp_speaker())
    return;
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  xmpb_note(where, "trace",
            "%s, wall %.3f ms, host->device %ld (%lld bytes), device->host %ld (%lld bytes)", what,
            (starpu_timing_now() - start_us) * 1e-3, c.h2d_count, c.h2d_bytes, c.d2h_count,
            c.d2h_bytes);
}

/* ---- spans of directives ---- */

typedef struct span_site {
  xmp_rt_srcloc_t where;
  long count;
  double total, first, max; /* s; max: of the executions after the first */
  /* XMP_DEV_TIMELINE: executions on the stream, and after the first: GPU time, idle before */
  long gpu_count;
  double gpu_busy, gpu_idle;
  struct span_site *next;
} span_site_t;

static span_site_t *span_sites;
static double span_first = -1; /* start of the first span (s) */
static int span_depth;         /* spans inside spans count in the outermost one only */

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#ifdef XMPSP_NVTX
/* NVTX names of sites, formatted once per site: a few sites run every step. */
enum { NAMES = 64 };
static struct {
  const xmp_rt_srcloc_t *where;
  const char *file;
  int line;
  char name[160];
} names[NAMES];

static void format_name(char *buf, size_t cap, const xmp_rt_srcloc_t *where) {
  snprintf(buf, cap, "%s:%d %s", where != NULL && where->file != NULL ? where->file : "?",
           where != NULL ? where->line : 0,
           where != NULL && where->directive != NULL ? where->directive : "");
}

static const char *nvtx_name(const xmp_rt_srcloc_t *where) {
  static char spare[160];
  unsigned h = (unsigned)(((uintptr_t)where >> 4) % NAMES);
  for (unsigned i = 0; i < NAMES; i++) {
    unsigned k = (h + i) % NAMES;
    if (names[k].where == where && where != NULL && names[k].file == where->file &&
        names[k].line == where->line)
      return names[k].name;
    if (names[k].where == NULL && where != NULL) {
      names[k].where = where;
      names[k].file = where->file;
      names[k].line = where->line;
      format_name(names[k].name, sizeof names[k].name, where);
      return names[k].name;
    }
  }
  format_name(spare, sizeof spare, where); /* full, or no site */
  return spare;
}
#endif

/* ---- XMP_DEV_TIMELINE: the directives' work on the rank's stream ----
 * A span records a timing event on the rank's stream (the direct loops', the halo faces' and
 * the device collectives') at its start and at its end, and nothing waits for them. Where the
 * GPU is behind the host, the two events bracket the work the directive queued (waits for
 * peers' signals included); where it had nothing to do, the start event runs at once, so the
 * time since the previous span's end event is how long the stream stood idle for the host.
 * Read at the end: per directive, the GPU time and the idle time before it. */
typedef struct mark {
  span_site_t *site;
  void *ev[2];
} mark_t;
enum { MARKS_MAX = 1 << 15 }; /* executions recorded (two CUDA events each) */
static mark_t *marks;
static int nmarks;
static int timeline_device = -2; /* -2: not asked; -1: no GPU */
static void *timeline_stream;

/* The rank's stream, or NULL where StarPU runs no CUDA worker (yet). */
static void *timeline_on(void) {
  if (timeline_device == -2 && xmpsp_started()) {
    const xmpsp_workers_t *w = xmpsp_workers();
    timeline_device = w->ncuda > 0 ? starpu_worker_get_devid(w->cuda[0]) : -1;
    if (timeline_device >= 0)
      timeline_stream = xmpcu_stream(timeline_device, NULL);
  }
  return timeline_device >= 0 && nmarks < MARKS_MAX ? timeline_stream : NULL;
}

static void *timeline_event(void *stream) {
  int was = xmp_dev_gpu_use_device(timeline_device, NULL);
  void *ev = xmpcu_event(0, NULL);
  xmpcu_event_record(ev, stream, "cudaEventRecord", NULL);
  xmp_dev_gpu_use_device(was, NULL);
  return ev;
}

static void timeline_mark(span_site_t *site, void *ev0) {
  if (marks == NULL)
    marks = xmpb_calloc_or_die(MARKS_MAX, sizeof *marks, NULL);
  marks[nmarks++] = (mark_t){site, {ev0, timeline_event(timeline_stream)}};
}

static int by_gpu(const void *a, const void *b) {
  const span_site_t *x = *(span_site_t *const *)a, *y = *(span_site_t *const *)b;
  double tx = x->gpu_busy + x->gpu_idle, ty = y->gpu_busy + y->gpu_idle;
  return (tx < ty) - (tx > ty);
}

/* Reads the marks (waiting for the last), prints per site on the first node, frees them. */
static void timeline_summary(void) {
  if (nmarks == 0)
    return;
  int was = xmp_dev_gpu_use_device(timeline_device, NULL);
  void *origin = marks[0].ev[0];
  double end = 0, busy = 0, idle = 0; /* end: of the work so far */
  for (int i = 0; i < nmarks; i++) {
    span_site_t *site = marks[i].site;
    double t0 = xmpcu_elapsed(origin, marks[i].ev[0], NULL);
    double t1 = xmpcu_elapsed(origin, marks[i].ev[1], NULL);
    double before = t0 > end ? t0 - end : 0;
    if (site->gpu_count++ > 0) { /* the first execution apart */
      site->gpu_busy += t1 - t0;
      site->gpu_idle += before;
    }
    busy += t1 - t0;
    idle += before;
    end = t1 > end ? t1 : end;
  }
  if (xmpsp_speaker()) {
    xmpb_note(NULL, "trace",
              "GPU timeline (first node, the rank's stream): %d directive "
              "executions%s over %.3f ms from the first one's start: its work %.3f ms, the "
              "stream idle before them %.3f ms",
              nmarks, nmarks == MARKS_MAX ? " (the first ones)" : "", end * 1e3, busy * 1e3,
              idle * 1e3);
    int n = 0;
    for (span_site_t *t = span_sites; t != NULL; t = t->next)
      n += t->gpu_count > 1;
    span_site_t **v = xmpb_calloc_or_die((size_t)n + 1, sizeof *v, NULL);
    n = 0;
    for (span_site_t *t = span_sites; t != NULL; t = t->next)
      if (t->gpu_count > 1)
        v[n++] = t;
    qsort(v, (size_t)n, sizeof *v, by_gpu);
    for (int i = 0; i < n; i++)
      xmpb_note(&v[i]->where, "trace",
                "GPU timeline: %ld executions after the first: its "
                "work %.4f ms each, the stream idle %.4f ms before each",
                v[i]->gpu_count - 1, v[i]->gpu_busy * 1e3 / (double)(v[i]->gpu_count - 1),
                v[i]->gpu_idle * 1e3 / (double)(v[i]->gpu_count - 1));
    free(v);
  }
  for (int i = 0; i < nmarks; i++) {
    xmpcu_event_free(marks[i].ev[0]);
    xmpcu_event_free(marks[i].ev[1]);
  }
  free(marks);
  marks = NULL;
  nmarks = 0;
  xmp_dev_gpu_use_device(was, NULL);
}

void xmpsp_span_begin(xmpsp_span_t *s, const xmp_rt_srcloc_t *where) {
  s->where = where;
  s->t0 = -1;
  s->ev0 = NULL;
#ifdef XMPSP_NVTX
  nvtxRangePushA(nvtx_name(where));
#endif
  if (span_depth++ > 0)
    return;
  const xmpsp_config_t *cfg = xmpsp_config();
  void *stream;
  if (cfg->timeline && where != NULL && (stream = timeline_on()) != NULL)
    s->ev0 = timeline_event(stream);
  if (!cfg->trace)
    return;
  s->t0 = now_s();
  if (span_first < 0)
    span_first = s->t0;
}

static int same_site(const xmp_rt_srcloc_t *a, const xmp_rt_srcloc_t *b) {
  return a->line == b->line &&
         (a->file == b->file ||
          (a->file != NULL && b->file != NULL && strcmp(a->file, b->file) == 0)) &&
         (a->directive == b->directive || (a->directive != NULL && b->directive != NULL &&
                                           strcmp(a->directive, b->directive) == 0));
}

void xmpsp_span_end(xmpsp_span_t *s) {
#ifdef XMPSP_NVTX
  nvtxRangePop();
#endif
  span_depth--;
  if ((s->t0 < 0 && s->ev0 == NULL) || s->where == NULL)
    return;
  double dt = s->t0 >= 0 ? now_s() - s->t0 : 0;
  span_site_t **link = &span_sites;
  while (*link != NULL && !same_site(&(*link)->where, s->where))
    link = &(*link)->next;
  if (*link == NULL) {
    *link = xmpb_calloc_or_die(1, sizeof **link, s->where);
    (*link)->where = xmpb_srcloc_copy(s->where);
  }
  span_site_t *site = *link;
  if (s->ev0 != NULL)
    timeline_mark(site, s->ev0);
  if (s->t0 < 0)
    return;
  if (site->count++ == 0)
    site->first = dt; /* uploads, allocations, plans: apart */
  else
    site->max = dt > site->max ? dt : site->max;
  site->total += dt;
}

static int by_total(const void *a, const void *b) {
  const span_site_t *x = *(span_site_t *const *)a, *y = *(span_site_t *const *)b;
  return (x->total < y->total) - (x->total > y->total);
}

void xmpsp_trace_summary(void) {
  timeline_summary();
  int n = 0;
  for (span_site_t *s = span_sites; s != NULL; s = s->next)
    n += s->count > 0;
  if (n > 0 && xmpsp_speaker()) {
    span_site_t **v = xmpb_calloc_or_die((size_t)n, sizeof *v, NULL);
    double in = 0, all = now_s() - span_first;
    n = 0;
    for (span_site_t *s = span_sites; s != NULL; s = s->next) {
      if (s->count == 0)
        continue; /* timeline only */
      v[n++] = s;
      in += s->total;
    }
    qsort(v, (size_t)n, sizeof *v, by_total);
    xmpb_note(NULL, "trace",
              "where the time went (first node): %.3f ms from the first traced "
              "directive to the end, %.1f%% in these directives",
              all * 1e3, all > 0 ? 100 * in / all : 0.0);
    for (int i = 0; i < n; i++) {
      const span_site_t *t = v[i];
      if (t->count == 1)
        xmpb_note(&t->where, "trace", "total: 1 execution, %.3f ms (%.1f%%)", t->total * 1e3,
                  all > 0 ? 100 * t->total / all : 0.0);
      else
        xmpb_note(&t->where, "trace",
                  "total: %ld executions, %.3f ms (%.1f%%): the first "
                  "%.3f ms, then %.3f ms each, at most %.3f ms",
                  t->count, t->total * 1e3, all > 0 ? 100 * t->total / all : 0.0, t->first * 1e3,
                  (t->total - t->first) * 1e3 / (double)(t->count - 1), t->max * 1e3);
    }
    xmpb_note(NULL, "trace", "outside these directives: %.3f ms (%.1f%%)", (all - in) * 1e3,
              all > 0 ? 100 * (all - in) / all : 0.0);
    free(v);
  }
  while (span_sites != NULL) {
    span_site_t *s = span_sites;
    span_sites = s->next;
    free(s);
  }
}
