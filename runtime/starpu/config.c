/* config.c - the StarPU layer's settings from XMP_* environment variables, read once. */
#include <errno.h>
#include <stdlib.h>

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

const xmpsp_config_t *xmpsp_config(void) {
  static xmpsp_config_t c;
  static int read;
  if (!read) {
    c.ncpu_chunks = int_at_least("XMP_STARPU_NCPU", 1, 0);
    c.ncuda_chunks = int_at_least("XMP_STARPU_NCUDA", 1, 0);
    c.gpus_per_node = int_at_least("XMP_GPUS_PER_NODE", 0, -1);
    c.cpu_weight = unit_real("XMP_CPU_WEIGHT", 0.0);
    c.trace = flag("XMP_DEV_TRACE");
    read = 1;
  }
  return &c;
}
