/* report.c - XMP_REPORT: for every device loop site, the CPU weight, the iterations and the
 * finishing time of each side in every execution, the final weight and the step from which the
 * weight stayed the same ("steps to converge"), and the period from each execution's start to
 * the next one's (what auto balancing minimises; unknown for the last). XMP_REPORT=1 prints it at finalize on stderr
 * (first node, through the runtime's note lines); any other value is a file that gets it as
 * JSON (first node; a "%r" in the name makes one file per node, with the rank in place):
 *   {"ranks": N, "policy": "auto", "loops": [{"site": "nbody.c:56", "steps": [{"weight": 0.3,
 *    "cpu_s": 0.01, "gpu_s": 0.004, "n_cpu": 100, "n_gpu": 900, "period_s": 0.012}, ...],
 *    "final_weight": 0.12, "steps_to_converge": 3}, ...]} */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpsp_internal.h"

typedef struct record_step {
  double weight, t_cpu, t_gpu, period; /* period <= 0: unknown (the last execution) */
  long n_cpu, n_gpu;
} record_step_t;

struct xmpsp_record {
  xmp_rt_srcloc_t where;
  record_step_t *steps; /* the first XMPSP_REPORT_MAX_STEPS */
  long nsteps, cap;
  long total;           /* executions, kept or not */
  double last_weight;
  long converge;        /* first execution with the last weight */
  struct xmpsp_record *next;
};

static xmpsp_record_t *first, **tail = &first; /* in order of first execution */

xmpsp_record_t *xmpsp_record_new(const xmp_rt_srcloc_t *where) {
  xmpsp_record_t *r = xmpb_calloc_or_die(1, sizeof *r, where);
  r->where = xmpb_srcloc_copy(where);
  *tail = r;
  tail = &r->next;
  return r;
}

void xmpsp_record_step(xmpsp_record_t *r, double weight, long n_cpu, long n_gpu, double t_cpu,
                       double t_gpu, double period) {
  if (r->total == 0 || weight != r->last_weight)
    r->converge = r->total;
  r->last_weight = weight;
  r->total++;
  if (r->nsteps == XMPSP_REPORT_MAX_STEPS)
    return;
  if (r->nsteps == r->cap) {
    long cap = r->cap > 0 ? 2 * r->cap : 16;
    cap = cap < XMPSP_REPORT_MAX_STEPS ? cap : XMPSP_REPORT_MAX_STEPS;
    record_step_t *s = realloc(r->steps, (size_t)cap * sizeof *s);
    if (s == NULL)
      xmpb_fatal(&r->where, "out of memory recording device loop executions (XMP_REPORT)");
    r->steps = s;
    r->cap = cap;
  }
  r->steps[r->nsteps++] = (record_step_t){weight, t_cpu, t_gpu, period, n_cpu, n_gpu};
}

static void site_name(const xmp_rt_srcloc_t *w, char *buf, size_t cap) {
  snprintf(buf, cap, "%s:%d", w->file != NULL ? w->file : "?", w->line);
}

static void print_text(const char *policy) {
  for (const xmpsp_record_t *r = first; r != NULL; r = r->next) {
    xmpb_note(&r->where, "balance",
              "policy %s, %ld executions, final weight %.4f, steps to converge %ld", policy,
              r->total, r->last_weight, r->converge);
    for (long k = 0; k < r->nsteps; k++) {
      const record_step_t *s = &r->steps[k];
      char period[48] = "";
      if (s->period > 0)
        snprintf(period, sizeof period, ", period %.3f ms", s->period * 1e3);
      xmpb_note(&r->where, "balance",
                "step %ld: weight %.4f, cpu %.3f ms (%ld iterations), gpu %.3f ms (%ld "
                "iterations)%s", k, s->weight, s->t_cpu * 1e3, s->n_cpu, s->t_gpu * 1e3,
                s->n_gpu, period);
    }
  }
}

/* A JSON string: the characters JSON needs escaped, escaped. */
static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void write_json(FILE *f, int ranks, const char *policy) {
  fprintf(f, "{\"ranks\": %d, \"policy\": ", ranks);
  json_string(f, policy);
  fputs(", \"loops\": [", f);
  for (const xmpsp_record_t *r = first; r != NULL; r = r->next) {
    char site[512];
    site_name(&r->where, site, sizeof site);
    fputs(r == first ? "\n  {\"site\": " : ",\n  {\"site\": ", f);
    json_string(f, site);
    fputs(", \"steps\": [", f);
    for (long k = 0; k < r->nsteps; k++) {
      const record_step_t *s = &r->steps[k];
      fprintf(f, "%s{\"weight\": %.9g, \"cpu_s\": %.9g, \"gpu_s\": %.9g, \"n_cpu\": %ld, "
                 "\"n_gpu\": %ld, \"period_s\": ", k == 0 ? "\n    " : ",\n    ", s->weight,
              s->t_cpu, s->t_gpu, s->n_cpu, s->n_gpu);
      if (s->period > 0)
        fprintf(f, "%.9g}", s->period);
      else
        fputs("null}", f);
    }
    fprintf(f, "], \"final_weight\": %.9g, \"steps_to_converge\": %ld}", r->last_weight,
            r->converge);
  }
  fputs("\n]}\n", f);
}

/* The file name: "%r" replaced by the rank. Returns whether this rank writes. */
static int json_path(const char *pattern, int rank, char *buf, size_t cap) {
  const char *at = strstr(pattern, "%r");
  if (at == NULL) {
    snprintf(buf, cap, "%s", pattern);
    return rank == 0;
  }
  snprintf(buf, cap, "%.*s%d%s", (int)(at - pattern), pattern, rank, at + 2);
  return 1;
}

void xmpsp_report_finish(void) {
  const xmpsp_config_t *cfg = xmpsp_config();
  const char *policy = xmpsp_balance_name(cfg->balance);
  MPI_Comm comm = xmpb_exec_comm();
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (cfg->report == XMPSP_REPORT_TEXT && rank == 0) {
    print_text(policy);
  } else if (cfg->report == XMPSP_REPORT_JSON) {
    char path[sizeof cfg->report_path + 16];
    if (json_path(cfg->report_path, rank, path, sizeof path)) {
      FILE *f = fopen(path, "w");
      if (f == NULL) {
        xmpb_warn(NULL, "XMP_REPORT: cannot write '%s': %s", path, strerror(errno));
      } else {
        write_json(f, size, policy);
        int bad = ferror(f);
        if (fclose(f) != 0 || bad)
          xmpb_warn(NULL, "XMP_REPORT: cannot write '%s': %s", path, strerror(errno));
      }
    }
  }
  while (first != NULL) {
    xmpsp_record_t *r = first;
    first = r->next;
    free(r->steps);
    free(r);
  }
  tail = &first;
}
