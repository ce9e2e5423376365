/* test_dev_config.c - the StarPU layer's pure decisions, without StarPU running:
 *   xmpsp_config_parse  XMP_* settings from a fake environment: defaults, each value, and the
 *                       message naming a bad variable and its accepted values;
 *   xmpsp_layout        a rank's GPUs, device numbers, CPU workers and the main thread's core,
 *                       against the rules written out here case by case (one GPU per rank by
 *                       default, round robin beyond the GPUs, XMP_GPUS_PER_NODE, GPU only);
 *   xmpsp_exec_choose   which executor runs a device loop's execution, against the rule
 *                       (StarPU whenever the CPU takes a share or the GPU part is not one
 *                       chunk), over every combination of its inputs;
 *   xmpsp_idle_step     XMP_DEV_IDLE=auto's rule: the workers poll while one of the last
 *                       XMPSP_POLL_SPAN device loop executions gave the CPU a share. */
#include <string.h>

#include "check.h"
#include "fake_env.h"
#include "xmpsp_internal.h"

static int parse(const char *const *env, xmpsp_config_t *c, char *msg, size_t cap) {
  fake_env = env;
  msg[0] = '\0';
  return xmpsp_config_parse(fake, c, msg, cap);
}

static void config(void) {
  xmpsp_config_t c;
  char msg[512];
  const char *none[] = {NULL};
  CHECK(parse(none, &c, msg, sizeof msg) == 0);
  CHECK(c.ncpu_chunks == -1 && c.ncuda_chunks == 0 && c.gpus_per_node == -1);
  CHECK(c.cpu_weight == 0.0 && c.trace == 0 && c.balance == XMPSP_BALANCE_AUTO);
  CHECK(c.idle == XMPSP_IDLE_AUTO && c.executor == XMPSP_EXECUTOR_AUTO);
  CHECK(c.report == XMPSP_REPORT_NONE && !c.starpu_ncpu0 && !xmpsp_config_gpu_only(&c));

  const char *good[] = {"XMP_STARPU_NCPU=3", "XMP_STARPU_NCUDA=2", "XMP_GPUS_PER_NODE=4",
                        "XMP_CPU_WEIGHT=0.25", "XMP_DEV_TRACE=1", "XMP_BALANCE=fixed",
                        "XMP_DEV_IDLE=pause", "XMP_DEV_EXECUTOR=starpu", "XMP_REPORT=r%r.json",
                        "STARPU_NCPU=4", NULL};
  CHECK(parse(good, &c, msg, sizeof msg) == 0);
  CHECK(c.ncpu_chunks == 3 && c.ncuda_chunks == 2 && c.gpus_per_node == 4);
  CHECK(c.cpu_weight == 0.25 && c.trace == 1 && c.balance == XMPSP_BALANCE_FIXED);
  CHECK(c.idle == XMPSP_IDLE_PAUSE && c.executor == XMPSP_EXECUTOR_STARPU);
  CHECK(c.report == XMPSP_REPORT_JSON && strcmp(c.report_path, "r%r.json") == 0);
  CHECK(!c.starpu_ncpu0 && !xmpsp_config_gpu_only(&c));

  /* GPU only, either way. */
  const char *ncpu0[] = {"XMP_STARPU_NCPU=0", NULL};
  CHECK(parse(ncpu0, &c, msg, sizeof msg) == 0 && c.ncpu_chunks == 0 &&
        xmpsp_config_gpu_only(&c));
  const char *sncpu0[] = {"STARPU_NCPU=0", "XMP_DEV_EXECUTOR=direct", NULL};
  CHECK(parse(sncpu0, &c, msg, sizeof msg) == 0 && c.ncpu_chunks == -1 && c.starpu_ncpu0 &&
        xmpsp_config_gpu_only(&c) && c.executor == XMPSP_EXECUTOR_DIRECT);
  const char *empty[] = {"XMP_STARPU_NCPU=", "STARPU_NCPU=", NULL}; /* empty: unset */
  CHECK(parse(empty, &c, msg, sizeof msg) == 0 && !xmpsp_config_gpu_only(&c));

  /* Bad values: the first one named, with what is accepted. */
  const struct {
    const char *var, *text;
  } bad[] = {
      {"XMP_STARPU_NCPU=-1", "XMP_STARPU_NCPU='-1' is invalid: accepted values are integers >= 0"},
      {"XMP_STARPU_NCUDA=0", "XMP_STARPU_NCUDA='0' is invalid: accepted values are integers >= 1"},
      {"XMP_GPUS_PER_NODE=2x", "XMP_GPUS_PER_NODE='2x' is invalid: accepted values are integers "
                               ">= 0"},
      {"XMP_CPU_WEIGHT=-0.1", "XMP_CPU_WEIGHT='-0.1' is invalid: accepted values are real "
                              "numbers in [0, 1]"},
      {"XMP_DEV_TRACE=yes", "XMP_DEV_TRACE='yes' is invalid: accepted values are 0 and 1"},
      {"XMP_BALANCE=on", "XMP_BALANCE='on' is invalid: accepted values are auto, manual and "
                         "fixed"},
      {"XMP_DEV_EXECUTOR=cuda", "XMP_DEV_EXECUTOR='cuda' is invalid: accepted values are auto, "
                                "starpu and direct"}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const char *env[] = {bad[i].var, NULL};
    char want[256];
    snprintf(want, sizeof want, "environment variable %s", bad[i].text);
    CHECKF(parse(env, &c, msg, sizeof msg) != 0 && strcmp(msg, want) == 0, "%s: '%s'",
           bad[i].var, msg);
  }
  const char *two[] = {"XMP_DEV_IDLE=spin", "XMP_STARPU_NCPU=x", NULL}; /* read first: NCPU */
  CHECKF(parse(two, &c, msg, sizeof msg) != 0 &&
             strstr(msg, "XMP_STARPU_NCPU='x' is invalid") != NULL,
         "two bad values: '%s'", msg);
}

/* One layout case: the inputs and what the rules give. */
typedef struct layout_case {
  const char *what;
  int ndev, nlocal, lrank, ncores, gpus_per_node, gpu_only;
  int ngpu, first, ncpu, spare, idle, fallback;
} layout_case_t;

static void layout(void) {
  const layout_case_t cases[] = {
      /* the case: -np 1 on a 4-GPU host drives one GPU, three idle; 64 cores: one per
       * GPU driver, one for the main thread, 62 CPU workers */
      {"1 rank, 4 GPUs", 4, 1, 0, 64, -1, 0, 1, 0, 62, 1, 3, 0},
      {"4 ranks, 4 GPUs, rank 2", 4, 4, 2, 64, -1, 0, 1, 2, 14, 1, 0, 0},
      {"2 ranks, 4 GPUs, rank 1", 4, 2, 1, 64, -1, 0, 1, 1, 30, 1, 2, 0},
      /* ranks beyond the GPUs share them round robin */
      {"4 ranks, 2 GPUs, rank 3", 2, 4, 3, 64, -1, 0, 1, 1, 14, 1, 0, 0},
      {"3 ranks, 2 GPUs, rank 2", 2, 3, 2, 64, -1, 0, 1, 0, 19, 1, 0, 0},
      /* XMP_GPUS_PER_NODE: the rank's GPUs are consecutive, capped by the host's */
      {"XMP_GPUS_PER_NODE=2, 2 ranks, rank 1", 4, 2, 1, 64, 2, 0, 2, 2, 29, 1, 0, 0},
      {"XMP_GPUS_PER_NODE=8 on 4 GPUs", 4, 1, 0, 64, 8, 0, 4, 0, 59, 1, 0, 0},
      {"XMP_GPUS_PER_NODE=0", 4, 1, 0, 64, 0, 0, 0, -1, 63, 1, 0, 0},
      {"XMP_GPUS_PER_NODE=1, 1 rank", 4, 1, 0, 64, 1, 0, 1, 0, 62, 1, 0, 0},
      {"no GPU", 0, 2, 1, 2, -1, 0, 0, -1, 1, 0, 0, 0},
      /* GPU only: no CPU worker where there is a GPU, one where there is none */
      {"GPU only, 1 GPU", 1, 1, 0, 16, -1, 1, 1, 0, 0, 1, 0, 0},
      {"GPU only, no GPU", 0, 1, 0, 16, -1, 1, 0, -1, 1, 1, 0, 1},
      {"GPU only, XMP_GPUS_PER_NODE=0", 2, 1, 0, 16, 0, 1, 0, -1, 1, 1, 0, 1},
      /* the cores: a rank with as many cores as GPUs + 1 keeps none for the main thread */
      {"2 cores, 1 GPU", 1, 1, 0, 2, -1, 0, 1, 0, 1, 0, 0, 0},
      {"more ranks than cores", 0, 4, 3, 2, -1, 0, 0, -1, 1, 0, 0, 0},
      /* StarPU's limit on CPU workers */
      {"128 cores, 1 rank, no GPU", 0, 1, 0, 128, -1, 0, 0, -1, 64, 1, 0, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const layout_case_t *k = &cases[i];
    xmpsp_layout_in_t in = {k->ndev, k->nlocal, k->lrank, k->ncores, k->gpus_per_node,
                            k->gpu_only, 64, 128};
    xmpsp_layout_t out;
    xmpsp_layout(&in, &out);
    CHECKF(out.ngpu == k->ngpu && out.first_device == k->first && out.ncpu == k->ncpu &&
               out.spare == k->spare && out.idle_gpus == k->idle &&
               out.cpu_fallback == k->fallback,
           "%s: gpus %d first %d cpus %d spare %d idle %d fallback %d", k->what, out.ngpu,
           out.first_device, out.ncpu, out.spare, out.idle_gpus, out.cpu_fallback);
  }
}

static void executor(void) {
  const int settings[] = {XMPSP_EXECUTOR_AUTO, XMPSP_EXECUTOR_STARPU, XMPSP_EXECUTOR_DIRECT};
  for (int si = 0; si < 3; si++)
    for (long n_cpu = 0; n_cpu <= 2; n_cpu++)
      for (int chunks = 0; chunks <= 3; chunks++)
        for (int ncuda = 0; ncuda <= 2; ncuda++)
          for (int have = 0; have <= 1; have++) {
            xmpsp_exec_query_t q = {settings[si], n_cpu, chunks, ncuda, have};
            int got = xmpsp_exec_choose(&q), want;
            if (settings[si] == XMPSP_EXECUTOR_STARPU || n_cpu > 0 || chunks != 1)
              want = XMPSP_EXEC_STARPU; /* the CPU takes a share, or several tasks */
            else if (ncuda > 0 && have)
              want = XMPSP_EXEC_DIRECT_GPU;
            else if (settings[si] == XMPSP_EXECUTOR_DIRECT)
              want = XMPSP_EXEC_DIRECT_HOST; /* the CPU function on the main thread */
            else
              want = XMPSP_EXEC_STARPU;
            CHECKF(got == want, "setting %d, cpu iterations %ld, gpu chunks %d, cuda workers %d, "
                   "cuda function %d: %s, want %s", settings[si], n_cpu, chunks, ncuda, have,
                   xmpsp_exec_name(got), xmpsp_exec_name(want));
          }
  /* The common case on a GPU: weight 0, one chunk, default setting. */
  xmpsp_exec_query_t common = {XMPSP_EXECUTOR_AUTO, 0, 1, 1, 1};
  CHECK(xmpsp_exec_choose(&common) == XMPSP_EXEC_DIRECT_GPU);
}

/* A sequence of executions, 1 where the CPU had a share: whether the workers poll after each
 * (they start paused: no execution has given the CPU a share yet). */
static void idle(void) {
  int since = XMPSP_IDLE_START, polls = since < XMPSP_POLL_SPAN;
  /* GPU only from the start: never polling */
  for (int e = 0; e < 3 * XMPSP_POLL_SPAN; e++) {
    since = xmpsp_idle_step(since, 0);
    polls += since < XMPSP_POLL_SPAN;
  }
  CHECKF(polls == 0 && since == XMPSP_POLL_SPAN, "polled %d, since %d", polls, since);
  /* the first execution with a CPU share starts the polling */
  CHECK(xmpsp_idle_step(XMPSP_IDLE_START, 1) < XMPSP_POLL_SPAN);
  /* one CPU share (a balancer's probe): polling again, for XMPSP_POLL_SPAN executions */
  since = xmpsp_idle_step(since, 1);
  CHECK(since == 0);
  for (int e = 1; e < XMPSP_POLL_SPAN; e++)
    CHECK((since = xmpsp_idle_step(since, 0)) < XMPSP_POLL_SPAN);
  CHECK(xmpsp_idle_step(since, 0) == XMPSP_POLL_SPAN);
  /* a share every few executions keeps them polling */
  since = XMPSP_POLL_SPAN;
  for (int e = 0; e < 100; e++) {
    since = xmpsp_idle_step(since, e % (XMPSP_POLL_SPAN - 1) == 0);
    CHECKF(since < XMPSP_POLL_SPAN, "execution %d: since %d", e, since);
  }
}

int main(void) {
  config();
  layout();
  executor();
  idle();
  return CHECK_RESULT();
}
