/* test_settings.c - runtime/base: the table of xmp_settings.def and its readers, on fake
 * environments:
 *   the table           every entry's default is a value of its kind, names are XMP_*
 *   xmpb_setting_word           each word gives its index, unset and empty the default's, a bad one
 *                       the default's and "accepted values are a, b and c"
 *   xmpb_setting_count          integers >= 0 / >= 1, junk, sign, overflow
 *   xmpb_setting_share          [0, 1]
 *   xmpb_setting_word_or_file   a word, a file name, one too long
 *   xmpb_setting_bytes          bytes, K/M/G/T suffixes, percentages; junk, 0, negative, > 100%
 *   the first bad value is the one reported; the hybrid layer's algorithm names are
 *   XMP_COLL_ALGO's words after auto. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_env.h"
#include "xmpb_settings.h"
#include "xmphc_internal.h"

static char msg[512];
static xmpb_reader_t reader(const char *const *env) {
  fake_env = env;
  msg[0] = '\0';
  return (xmpb_reader_t){fake, msg, sizeof msg, NULL};
}

/* The words of an entry's list, "a|b|c", into w (at most 16). */
static int words(const char *list, char w[][32]) {
  int n = 0;
  for (const char *p = list; n < 16; n++) {
    const char *bar = strchr(p, '|');
    size_t len = bar != NULL ? (size_t)(bar - p) : strlen(p);
    memcpy(w[n], p, len);
    w[n][len] = '\0';
    if (bar == NULL)
      return n + 1;
    p = bar + 1;
  }
  return n;
}

static void table(void) {
  for (int id = 0; id < XMPB_NSETTINGS; id++) {
    const xmpb_setting_t *e = xmpb_setting((xmpb_setting_id_t)id);
    CHECKF(strncmp(e->name, "XMP_", 4) == 0 && e->help[0] != '\0', "%s", e->name);
    char w[16][32];
    int n = words(e->values, w), found = 0;
    switch (e->kind) {
    case XMPB_KIND_WORDS:
    case XMPB_KIND_WORDS_OR_FILE:
      for (int k = 0; k < n; k++)
        found |= strcmp(w[k], e->dflt) == 0;
      CHECKF(n >= 2 && found, "%s: default '%s' not in '%s'", e->name, e->dflt, e->values);
      break;
    case XMPB_KIND_COUNT0:
    case XMPB_KIND_COUNT1:
      CHECKF(e->dflt[0] == '(' || strtol(e->dflt, NULL, 10) >= (e->kind == XMPB_KIND_COUNT1),
             "%s: default '%s'", e->name, e->dflt);
      break;
    case XMPB_KIND_SHARE: {
      double d = strtod(e->dflt, NULL);
      CHECKF(d >= 0 && d <= 1, "%s: default '%s'", e->name, e->dflt);
      break;
    }
    case XMPB_KIND_BYTES:
      CHECKF(e->dflt[0] == '(', "%s: default '%s'", e->name, e->dflt);
      break;
    }
  }
}

static void word(void) {
  const char *none[] = {NULL};
  xmpb_reader_t r = reader(none);
  CHECK(xmpb_setting_word(&r, XMPB_XMP_COMM) == 0 &&
        xmpb_setting_word(&r, XMPB_XMP_DEV_TRACE) == 0);
  const char *empty[] = {"XMP_COMM=", NULL};
  r = reader(empty);
  CHECK(xmpb_setting_word(&r, XMPB_XMP_COMM) == 0 && r.bad == NULL);
  const char *names[] = {"auto", "direct", "direct-kernel", "mpi"};
  for (int k = 0; k < 4; k++) {
    char set[64];
    snprintf(set, sizeof set, "XMP_COMM=%s", names[k]);
    const char *env[] = {set, NULL};
    r = reader(env);
    CHECKF(xmpb_setting_word(&r, XMPB_XMP_COMM) == k && r.bad == NULL, "%s", set);
  }
  /* a prefix or an extension of a word is no word */
  const char *bad[] = {"XMP_COMM=direc", "XMP_COMM=mpi2", "XMP_COMM=AUTO", NULL};
  for (int k = 0; bad[k] != NULL; k++) {
    const char *env[] = {bad[k], NULL};
    r = reader(env);
    CHECKF(xmpb_setting_word(&r, XMPB_XMP_COMM) == 0 && r.bad != NULL &&
               strcmp(r.bad, "XMP_COMM") == 0 &&
               strstr(msg, "is invalid: accepted values are auto, direct, direct-kernel and "
                           "mpi") != NULL,
           "%s: %s", bad[k], msg);
  }
  const char *flag[] = {"XMP_DEV_TRACE=2", NULL};
  r = reader(flag);
  CHECK(xmpb_setting_word(&r, XMPB_XMP_DEV_TRACE) == 0);
  CHECKF(strcmp(msg, "environment variable XMP_DEV_TRACE='2' is invalid: accepted values are 0 "
                     "and 1") == 0,
         "%s", msg);
  /* the default of XMP_HALO_ORDER (auto) is word 0, of XMP_CHECK (0) too */
  r = reader(none);
  CHECK(xmpb_setting_word(&r, XMPB_XMP_HALO_ORDER) == 0 &&
        xmpb_setting_word(&r, XMPB_XMP_CHECK) == 0);
}

static void count(void) {
  const char *env[] = {"XMP_STARPU_NCPU=0", "XMP_STARPU_NCUDA=3", "XMP_GPUS_PER_NODE=1000000",
                       NULL};
  xmpb_reader_t r = reader(env);
  CHECK(xmpb_setting_count(&r, XMPB_XMP_STARPU_NCPU, -1) == 0);
  CHECK(xmpb_setting_count(&r, XMPB_XMP_STARPU_NCUDA, 0) == 3);
  CHECK(xmpb_setting_count(&r, XMPB_XMP_GPUS_PER_NODE, -1) == 1000000);
  CHECK(xmpb_setting_count(&r, XMPB_XMP_SUBCLUSTER_SIZE, 7) == 7 && r.bad == NULL);
  const char *bad[][2] = {{"XMP_STARPU_NCUDA=0", "integers >= 1"},
                          {"XMP_STARPU_NCPU=-1", "integers >= 0"},
                          {"XMP_STARPU_NCPU=1x", "integers >= 0"},
                          {"XMP_STARPU_NCPU= 1", "integers >= 0"}, /* digits only */
                          {"XMP_STARPU_NCPU=1000001", "integers >= 0"},
                          {"XMP_STARPU_NCPU=99999999999999999999", "integers >= 0"}};
  for (int k = 0; k < 6; k++) {
    const char *e1[] = {bad[k][0], NULL};
    r = reader(e1);
    xmpb_setting_id_t id = strncmp(bad[k][0], "XMP_STARPU_NCUDA", 16) == 0 ? XMPB_XMP_STARPU_NCUDA
                                                                           : XMPB_XMP_STARPU_NCPU;
    CHECKF(xmpb_setting_count(&r, id, -5) == -5 && r.bad != NULL && strstr(msg, bad[k][1]) != NULL,
           "%s: %s", bad[k][0], msg);
  }
}

static void share(void) {
  const char *env[] = {"XMP_CPU_WEIGHT=0.25", NULL};
  xmpb_reader_t r = reader(env);
  CHECK(xmpb_setting_share(&r, XMPB_XMP_CPU_WEIGHT) == 0.25);
  const char *bad[] = {"XMP_CPU_WEIGHT=1.5", "XMP_CPU_WEIGHT=-0.1", "XMP_CPU_WEIGHT=nan",
                       "XMP_CPU_WEIGHT=0.5x", NULL};
  for (int k = 0; bad[k] != NULL; k++) {
    const char *e1[] = {bad[k], NULL};
    r = reader(e1);
    CHECKF(xmpb_setting_share(&r, XMPB_XMP_CPU_WEIGHT) == 0.0 &&
               strstr(msg, "accepted values are real numbers in [0, 1]") != NULL,
           "%s: %s", bad[k], msg);
  }
}

static void word_or_file(void) {
  char file[16] = "";
  const char *one[] = {"XMP_REPORT=1", NULL};
  xmpb_reader_t r = reader(one);
  CHECK(xmpb_setting_word_or_file(&r, XMPB_XMP_REPORT, file, sizeof file) == 1 && file[0] == '\0');
  const char *path[] = {"XMP_REPORT=r%r.json", NULL};
  r = reader(path);
  CHECK(xmpb_setting_word_or_file(&r, XMPB_XMP_REPORT, file, sizeof file) == 2 &&
        strcmp(file, "r%r.json") == 0);
  const char *longer[] = {"XMP_REPORT=a-file-name-of-16c", NULL};
  r = reader(longer);
  CHECK(xmpb_setting_word_or_file(&r, XMPB_XMP_REPORT, file, sizeof file) == 0);
  CHECKF(strstr(msg, "accepted values are 0, 1 and a file path shorter than 16 characters") != NULL,
         "%s", msg);
}

static void bytes(void) {
  int pct = -1;
  const char *none[] = {NULL};
  xmpb_reader_t r = reader(none);
  CHECK(xmpb_setting_bytes(&r, XMPB_XMP_DEV_MEM_LIMIT, &pct) == -1 && pct == 0 && r.bad == NULL);
  struct {
    const char *set;
    double value;
    int percent;
  } good[] = {{"XMP_DEV_MEM_LIMIT=123456", 123456, 0},   {"XMP_DEV_MEM_LIMIT=4K", 4096, 0},
              {"XMP_DEV_MEM_LIMIT=1.5M", 1572864, 0},    {"XMP_DEV_MEM_LIMIT=2G", 2147483648.0, 0},
              {"XMP_DEV_MEM_LIMIT=1t", 1099511627776.0, 0}, {"XMP_DEV_MEM_LIMIT=40%", 40, 1},
              {"XMP_DEV_MEM_LIMIT=100%", 100, 1},        {"XMP_DEV_MEM_LIMIT=0.5%", 0.5, 1}};
  for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
    const char *env[] = {good[k].set, NULL};
    r = reader(env);
    double v = xmpb_setting_bytes(&r, XMPB_XMP_DEV_MEM_LIMIT, &pct);
    CHECKF(v == good[k].value && pct == good[k].percent && r.bad == NULL, "%s: %g %d", good[k].set,
           v, pct);
  }
  const char *bad[] = {"XMP_DEV_MEM_LIMIT=0",    "XMP_DEV_MEM_LIMIT=-5",  "XMP_DEV_MEM_LIMIT=101%",
                       "XMP_DEV_MEM_LIMIT=1GB",  "XMP_DEV_MEM_LIMIT=x",   "XMP_DEV_MEM_LIMIT= 1",
                       "XMP_DEV_MEM_LIMIT=4%K",  "XMP_DEV_MEM_LIMIT=inf", NULL};
  for (int k = 0; bad[k] != NULL; k++) {
    const char *env[] = {bad[k], NULL};
    r = reader(env);
    CHECKF(xmpb_setting_bytes(&r, XMPB_XMP_DEV_MEM_LIMIT, &pct) == -1 && r.bad != NULL &&
               strstr(msg, "XMP_DEV_MEM_LIMIT") != NULL &&
               strstr(msg, "accepted values are sizes in bytes > 0") != NULL,
           "%s: %s", bad[k], msg);
  }
}

static void first_bad(void) {
  const char *env[] = {"XMP_COMM=x", "XMP_BALANCE=y", NULL};
  xmpb_reader_t r = reader(env);
  (void)xmpb_setting_word(&r, XMPB_XMP_COMM);
  (void)xmpb_setting_word(&r, XMPB_XMP_BALANCE);
  CHECK(strcmp(r.bad, "XMP_COMM") == 0 && strstr(msg, "XMP_COMM='x'") != NULL);
}

static void algo_names(void) {
  char w[16][32];
  int n = words(xmpb_setting(XMPB_XMP_COLL_ALGO)->values, w);
  CHECK(n == XMPHC_NALGOS + 1 && strcmp(w[0], "auto") == 0);
  for (int a = 0; a < XMPHC_NALGOS && a + 1 < n; a++)
    CHECKF(strcmp(xmphc_algo_name(a), w[a + 1]) == 0, "algorithm %d: %s, table %s", a,
           xmphc_algo_name(a), w[a + 1]);
}

int main(void) {
  table();
  word();
  count();
  share();
  word_or_file();
  bytes();
  first_bad();
  algo_names();
  return CHECK_RESULT();
}
