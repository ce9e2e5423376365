/* config.c - the StarPU layer's settings from XMP_* environment variables, read once. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "xmpsp_internal.h"

/* An unset or empty variable keeps the default; anything else must parse completely. */
static const char *env(const char *name) {
  const char *v = getenv(name);
  return v != NULL && *v != '\0' ? v : NULL;
}

static int int_at_least(const char *name, int min, int dflt) {
  const char *v = env(name);
  if (v == NULL)
    return dflt;
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (errno != 0 || *end != '\0' || end == v || x < min || x > 1000000)
    xmpi_fatal_collective(NULL, "environment variable %s='%s' is invalid: accepted values are "
                          "integers >= %d", name, v, min);
  return (int)x;
}

static double unit_real(const char *name, double dflt) {
  const char *v = env(name);
  if (v == NULL)
    return dflt;
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (errno != 0 || *end != '\0' || end == v || !(x >= 0.0 && x <= 1.0))
    xmpi_fatal_collective(NULL, "environment variable %s='%s' is invalid: accepted values are "
                          "real numbers in [0, 1]", name, v);
  return x;
}

static int flag(const char *name) {
  const char *v = env(name);
  if (v == NULL)
    return 0;
  if ((v[0] == '0' || v[0] == '1') && v[1] == '\0')
    return v[0] == '1';
  xmpi_fatal_collective(NULL, "environment variable %s='%s' is invalid: accepted values are 0 "
                        "and 1", name, v);
}

/* One of n keywords (names[i] for value i); unset or empty: dflt. */
static int keyword(const char *name, const char *const names[], int n, int dflt) {
  const char *v = env(name);
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
  xmpi_fatal_collective(NULL, "environment variable %s='%s' is invalid: accepted values are %s",
                        name, v, accepted);
}

static const char *const balance_names[] = {[XMPSP_BALANCE_AUTO] = "auto",
                                            [XMPSP_BALANCE_MANUAL] = "manual",
                                            [XMPSP_BALANCE_FIXED] = "fixed"};
static const char *const idle_names[] = {[XMPSP_IDLE_AUTO] = "auto", [XMPSP_IDLE_POLL] = "poll",
                                         [XMPSP_IDLE_PAUSE] = "pause"};

const char *xmpsp_balance_name(int policy) {
  return balance_names[policy == XMPSP_BALANCE_FIXED || policy == XMPSP_BALANCE_MANUAL
                           ? policy
                           : XMPSP_BALANCE_AUTO];
}

/* XMP_REPORT: unset, empty or 0: none; 1: lines on stderr; anything else: a JSON file. */
static int report_mode(char *path, size_t cap) {
  const char *v = env("XMP_REPORT");
  if (v == NULL || strcmp(v, "0") == 0)
    return XMPSP_REPORT_NONE;
  if (strcmp(v, "1") == 0)
    return XMPSP_REPORT_TEXT;
  if (strlen(v) >= cap)
    xmpi_fatal_collective(NULL, "environment variable XMP_REPORT='%s' is invalid: accepted "
                          "values are 0, 1 and a file path shorter than %zu characters", v, cap);
  strcpy(path, v);
  return XMPSP_REPORT_JSON;
}

const xmpsp_config_t *xmpsp_config(void) {
  static xmpsp_config_t c;
  static int read;
  if (!read) {
    c.ncpu_chunks = int_at_least("XMP_STARPU_NCPU", 1, 0);
    c.ncuda_chunks = int_at_least("XMP_STARPU_NCUDA", 1, 0);
    c.gpus_per_node = int_at_least("XMP_GPUS_PER_NODE", 0, -1);
    c.cpu_weight = unit_real("XMP_CPU_WEIGHT", 0.0);
    c.trace = flag("XMP_DEV_TRACE");
    c.balance = keyword("XMP_BALANCE", balance_names, 3, XMPSP_BALANCE_AUTO);
    c.idle = keyword("XMP_DEV_IDLE", idle_names, 3, XMPSP_IDLE_AUTO);
    c.report = report_mode(c.report_path, sizeof c.report_path);
    read = 1;
  }
  return &c;
}
