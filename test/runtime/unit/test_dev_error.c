/* test_dev_error.c MODE - one user error of the XMP-dev layer per mode (see CMakeLists.txt):
 * reset_weight outside [0, 1] or NaN, and bad XMP_* settings (set here before the layer reads
 * them, at the first replicate). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xmp_dev.h"

static const xmp_rt_srcloc_t here = {"nbody.c", 40, "device reset_weight"};
static const xmp_rt_srcloc_t rep = {"nbody.c", 30, "device replicate (a)"};

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  const char *mode = argc > 1 ? argv[1] : "";
  static const struct {
    const char *mode, *var, *value;
  } env[] = {{"executor", "XMP_DEV_EXECUTOR", "fast"}, {"ncpuabc", "XMP_STARPU_NCPU", "abc"},
             {"ncuda", "XMP_STARPU_NCUDA", "-1"},   {"gpus", "XMP_GPUS_PER_NODE", "x"},
             {"weight", "XMP_CPU_WEIGHT", "1.5"},   {"weightabc", "XMP_CPU_WEIGHT", "0.5x"},
             {"trace", "XMP_DEV_TRACE", "2"},       {"balance", "XMP_BALANCE", "sometimes"},
             {"idle", "XMP_DEV_IDLE", "spin"}};
  for (size_t i = 0; i < sizeof env / sizeof env[0]; i++)
    if (strcmp(mode, env[i].mode) == 0)
      setenv(env[i].var, env[i].value, 1);
  if (strcmp(mode, "reset") == 0)
    xmp_dev_reset_weight(1.5, &here);
  if (strcmp(mode, "nan") == 0)
    xmp_dev_reset_weight(NAN, &here);
  double a[4] = {0};
  xmp_dev_data_t *d = xmp_dev_replicate(a, sizeof a, sizeof a[0], "a", &rep);
  xmp_dev_release(d);
  return xmp_rt_finalize(0);
}
