/* config.c - the StarPU layer's settings from XMP_* environment variables, read once
 * (xmpsp_config_parse is pure: it takes a lookup function, so that the unit tests give it
 * fake environments). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpsp_internal.h"

/* The parse's state: where the values come from, and the first bad one. */
typedef struct parser {
  const char *(*lookup)(const char *name);
  char *msg;
  size_t cap;
  int bad;
} parser_t;

/* An unset or empty variable keeps the default; anything else must parse completely. */
static const char *value(parser_t *p, const char *name) {
  const char *v = p->lookup(name);
  return v != NULL && *v != '\0' ? v : NULL;
}

static void reject(parser_t *p, const char *name, const char *v, const char *accepted) {
  if (p->bad)
    return;
  p->bad = 1;
  snprintf(p->msg, p->cap, "environment variable %s='%s' is invalid: accepted values are %s",
           name, v, accepted);
}

static int int_at_least(parser_t *p, const char *name, int min, int dflt) {
  const char *v = value(p, name);
  if (v == NULL)
    return dflt;
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (errno != 0 || *end != '\0' || end == v || x < min || x > 1000000) {
    char accepted[64];
    snprintf(accepted, sizeof accepted, "integers >= %d", min);
    reject(p, name, v, accepted);
    return dflt;
  }
  return (int)x;
}

static double unit_real(parser_t *p, const char *name, double dflt) {
  const char *v = value(p, name);
  if (v == NULL)
    return dflt;
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (errno != 0 || *end != '\0' || end == v || !(x >= 0.0 && x <= 1.0)) {
    reject(p, name, v, "real numbers in [0, 1]");
    return dflt;
  }
  return x;
}

static int flag(parser_t *p, const char *name) {
  const char *v = value(p, name);
  if (v == NULL)
    return 0;
  if ((v[0] == '0' || v[0] == '1') && v[1] == '\0')
    return v[0] == '1';
  reject(p, name, v, "0 and 1");
  return 0;
}

/* One of n keywords (names[i] for value i); unset or empty: dflt. */
static int keyword(parser_t *p, const char *name, const char *const names[], int n, int dflt) {
  const char *v = value(p, name);
  if (v == NULL)
    return dflt;
  char accepted[128] = "";
  for (int i = 0; i < n; i++) {
    if (strcmp(v, names[i]) == 0)
      return i;
    strncat(accepted, i == 0 ? "" : i == n - 1 ? " and " : ", ",
            sizeof accepted - strlen(accepted) - 1);
    strncat(accepted, names[i], sizeof accepted - strlen(accepted) - 1);
  }
  reject(p, name, v, accepted);
  return dflt;
}

static const char *const balance_names[] = {[XMPSP_BALANCE_AUTO] = "auto",
                                            [XMPSP_BALANCE_MANUAL] = "manual",
                                            [XMPSP_BALANCE_FIXED] = "fixed"};
static const char *const idle_names[] = {[XMPSP_IDLE_AUTO] = "auto", [XMPSP_IDLE_POLL] = "poll",
                                         [XMPSP_IDLE_PAUSE] = "pause"};
static const char *const executor_names[] = {[XMPSP_EXECUTOR_AUTO] = "auto",
                                             [XMPSP_EXECUTOR_STARPU] = "starpu",
                                             [XMPSP_EXECUTOR_DIRECT] = "direct"};

const char *xmpsp_balance_name(int policy) {
  return balance_names[policy == XMPSP_BALANCE_FIXED || policy == XMPSP_BALANCE_MANUAL
                           ? policy
                           : XMPSP_BALANCE_AUTO];
}

/* XMP_REPORT: unset, empty or 0: none; 1: lines on stderr; anything else: a JSON file. */
static int report_mode(parser_t *p, char *path, size_t cap) {
  const char *v = value(p, "XMP_REPORT");
  if (v == NULL || strcmp(v, "0") == 0)
    return XMPSP_REPORT_NONE;
  if (strcmp(v, "1") == 0)
    return XMPSP_REPORT_TEXT;
  if (strlen(v) >= cap) {
    char accepted[96];
    snprintf(accepted, sizeof accepted, "0, 1 and a file path shorter than %zu characters", cap);
    reject(p, "XMP_REPORT", v, accepted);
    return XMPSP_REPORT_NONE;
  }
  strcpy(path, v);
  return XMPSP_REPORT_JSON;
}

int xmpsp_config_parse(const char *(*lookup)(const char *name), xmpsp_config_t *c, char *msg,
                       size_t cap) {
  parser_t p = {lookup, msg, cap, 0};
  memset(c, 0, sizeof *c);
  /* XMP_STARPU_NCPU=0: no CPU part (GPU only); unset: one chunk per CPU worker. */
  c->ncpu_chunks = int_at_least(&p, "XMP_STARPU_NCPU", 0, -1);
  c->ncuda_chunks = int_at_least(&p, "XMP_STARPU_NCUDA", 1, 0);
  c->gpus_per_node = int_at_least(&p, "XMP_GPUS_PER_NODE", 0, -1);
  c->cpu_weight = unit_real(&p, "XMP_CPU_WEIGHT", 0.0);
  c->trace = flag(&p, "XMP_DEV_TRACE");
  c->balance = keyword(&p, "XMP_BALANCE", balance_names, 3, XMPSP_BALANCE_AUTO);
  c->idle = keyword(&p, "XMP_DEV_IDLE", idle_names, 3, XMPSP_IDLE_AUTO);
  c->executor = keyword(&p, "XMP_DEV_EXECUTOR", executor_names, 3, XMPSP_EXECUTOR_AUTO);
  c->report = report_mode(&p, c->report_path, sizeof c->report_path);
  /* StarPU's own count of CPU workers: only 0 ("no CPU workers") means something to the
   * layer; StarPU itself reports any other bad value. */
  const char *v = value(&p, "STARPU_NCPU");
  c->starpu_ncpu0 = v != NULL && strcmp(v, "0") == 0;
  return p.bad;
}

static const char *env(const char *name) { return getenv(name); }

const xmpsp_config_t *xmpsp_config(void) {
  static xmpsp_config_t c;
  static int read;
  if (!read) {
    char msg[512];
    if (xmpsp_config_parse(env, &c, msg, sizeof msg) != 0)
      xmpi_fatal_collective(NULL, "%s", msg); /* every rank reads the same environment */
    read = 1;
  }
  return &c;
}
