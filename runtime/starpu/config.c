/* config.c - the StarPU layer's settings from XMP_* environment variables (runtime/base),
 * read once (xmpsp_config_parse is pure: it takes a lookup function, so that the unit tests
 * give it fake environments). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpb_settings.h"
#include "xmpsp_internal.h"

/* The settings' words are listed in the table in the order of these enumerations. */
_Static_assert(XMPSP_BALANCE_AUTO == 0 && XMPSP_BALANCE_MANUAL == 1 && XMPSP_BALANCE_FIXED == 2,
               "XMP_BALANCE: auto|manual|fixed");
_Static_assert(XMPSP_IDLE_AUTO == 0 && XMPSP_IDLE_POLL == 1 && XMPSP_IDLE_PAUSE == 2,
               "XMP_DEV_IDLE: auto|poll|pause");
_Static_assert(XMPSP_EXECUTOR_AUTO == 0 && XMPSP_EXECUTOR_STARPU == 1 && XMPSP_EXECUTOR_DIRECT == 2,
               "XMP_DEV_EXECUTOR: auto|starpu|direct");
_Static_assert(XMP_DEV_OVERLAP_AUTO == 0 && XMP_DEV_OVERLAP_OFF == 1 && XMP_DEV_OVERLAP_ON == 2,
               "XMP_DEV_OVERLAP: auto|0|1");
_Static_assert(XMPSP_REPORT_NONE == 0 && XMPSP_REPORT_TEXT == 1 && XMPSP_REPORT_JSON == 2,
               "XMP_REPORT: 0|1|a file name");

const char *xmpsp_balance_name(int policy) {
  static const char *const names[] = {[XMPSP_BALANCE_AUTO] = "auto",
                                      [XMPSP_BALANCE_MANUAL] = "manual",
                                      [XMPSP_BALANCE_FIXED] = "fixed"};
  return names[policy == XMPSP_BALANCE_FIXED || policy == XMPSP_BALANCE_MANUAL
                   ? policy
                   : XMPSP_BALANCE_AUTO];
}

int xmpsp_config_parse(const char *(*lookup)(const char *name), xmpsp_config_t *c, char *msg,
                       size_t cap) {
  xmpb_reader_t r = {lookup, msg, cap, NULL};
  memset(c, 0, sizeof *c);
  /* XMP_STARPU_NCPU=0: no CPU part (GPU only); unset: one chunk per CPU worker. */
  c->ncpu_chunks = xmpb_setting_count(&r, XMPB_XMP_STARPU_NCPU, -1);
  c->ncuda_chunks = xmpb_setting_count(&r, XMPB_XMP_STARPU_NCUDA, 0);
  c->gpus_per_node = xmpb_setting_count(&r, XMPB_XMP_GPUS_PER_NODE, -1);
  c->cpu_weight = xmpb_setting_share(&r, XMPB_XMP_CPU_WEIGHT);
  c->trace = xmpb_setting_word(&r, XMPB_XMP_DEV_TRACE);
  c->timeline = xmpb_setting_word(&r, XMPB_XMP_DEV_TIMELINE);
  c->overlap = xmpb_setting_word(&r, XMPB_XMP_DEV_OVERLAP);
  c->mem_limit = xmpb_setting_bytes(&r, XMPB_XMP_DEV_MEM_LIMIT, &c->mem_limit_percent);
  c->balance = xmpb_setting_word(&r, XMPB_XMP_BALANCE);
  c->idle = xmpb_setting_word(&r, XMPB_XMP_DEV_IDLE);
  c->executor = xmpb_setting_word(&r, XMPB_XMP_DEV_EXECUTOR);
  c->report = xmpb_setting_word_or_file(&r, XMPB_XMP_REPORT, c->report_path, sizeof c->report_path);
  /* StarPU's own count of CPU workers: only 0 ("no CPU workers") means something to the
   * layer; StarPU itself reports any other bad value. */
  const char *v = lookup("STARPU_NCPU");
  c->starpu_ncpu0 = v != NULL && strcmp(v, "0") == 0;
  return r.bad != NULL;
}

static const char *env(const char *name) { return getenv(name); }

const xmpsp_config_t *xmpsp_config(void) {
  static xmpsp_config_t c;
  static int read;
  if (!read) {
    char msg[512];
    if (xmpsp_config_parse(env, &c, msg, sizeof msg) != 0)
      xmpb_fatal_collective(NULL, "%s", msg); /* every rank reads the same environment */
    read = 1;
  }
  return &c;
}
