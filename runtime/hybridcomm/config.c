/* config.c - the hybrid communication layer's settings, read once at start-up:
 *   XMP_COMM=auto|direct|direct-kernel|mpi
 *                              auto (default): measure each face's candidate paths and keep
 *                              the fastest; direct: the direct path wherever the peer is in
 *                              this node's direct-link domain (device faces: copy engines);
 *                              direct-kernel: the same, device faces by a kernel that stores
 *                              into the peer's shadow; mpi: MPI everywhere
 *   XMP_COMM_REPORT=0|1        1: per exchange, each face's shape, size, measured times and
 *                              chosen path on stderr (first node of the array's nodes);
 *                              collectives' choices alike; at the end, per rank, every
 *                              exchange's and collective site's paths, counts and times
 *                              (summary.c)
 *   XMP_SUBCLUSTER_SIZE=n      cut each host's ranks into virtual subclusters of n ranks
 *                              (consecutive node-local ranks); unset: one domain per host
 *   XMP_COLL_ALGO=auto|host-staged|mpi|steps|one-shot|signalled
 *                              the device collectives' algorithm wherever it is a candidate
 *                              of the call; host collectives: mpi takes MPI's own where it
 *                              applies, the others the layer's steps (for experiments and
 *                              tests); auto (default): the measured choice
 *   XMP_HALO_ORDER=auto|concurrent|phased
 *                              device halo faces of one dimension: all at once, or those
 *                              going up first, then those going down, so that no rank
 *                              receives from two peers at once (thesis 6.1.3); auto
 *                              (default): measured per exchange
 *   XMP_HALO_SYNC=auto|flags|events|host
 *                              device halo faces written straight into a peer's shadow:
 *                              ordered with both ends' kernels by flags in device memory, by
 *                              CUDA IPC events, or by each host waiting for its stream; auto
 *                              (default): flags where the GPU has stream memory operations
 * Names, words and defaults come from runtime/include/xmp_settings.def (runtime/base). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpb_settings.h"
#include "xmphc_internal.h"

static xmphc_config_t current;

int xmphc_config_parse(const char *(*lookup)(const char *name), xmphc_config_t *cfg,
                       const char **bad_name, char *msg, size_t cap) {
  /* XMP_COMM's words in the table's order; direct-kernel is direct for everything but device
   * faces, whose direct writes it makes by kernel stores instead of the copy engines. */
  static const struct {
    int comm, kernel;
  } comms[] = {
      {XMPHC_COMM_AUTO, 0}, {XMPHC_COMM_DIRECT, 0}, {XMPHC_COMM_DIRECT, 1}, {XMPHC_COMM_MPI, 0}};
  xmpb_reader_t r = {lookup, msg, cap, NULL};
  *cfg = (xmphc_config_t){XMPHC_COMM_AUTO, 0, 0, 0, -1, -1, XMPHC_SYNC_AUTO};
  int comm = xmpb_setting_word(&r, XMPB_XMP_COMM);
  cfg->comm = comms[comm].comm;
  cfg->direct_kernel = comms[comm].kernel;
  cfg->report = xmpb_setting_word(&r, XMPB_XMP_COMM_REPORT);
  cfg->subcluster_size = xmpb_setting_count(&r, XMPB_XMP_SUBCLUSTER_SIZE, 0);
  /* auto, then the algorithms in xmphc_algo_name's order */
  cfg->coll_algo = xmpb_setting_word(&r, XMPB_XMP_COLL_ALGO) - 1;
  /* auto, concurrent, phased */
  int order = xmpb_setting_word(&r, XMPB_XMP_HALO_ORDER);
  cfg->halo_order = order == 0 ? -1 : order == 1 ? XMPHC_ORDER_CONCURRENT : XMPHC_ORDER_PHASED;
  cfg->halo_sync = xmpb_setting_word(&r, XMPB_XMP_HALO_SYNC); /* auto, flags, events, host */
  if (r.bad == NULL)
    return XMPHC_OK;
  *bad_name = r.bad;
  return 1;
}

const char *xmphc_algo_name(int a) {
  static const char *const names[XMPHC_NALGOS] = {"host-staged", "mpi", "steps", "one-shot",
                                                  "signalled"};
  return a >= 0 && a < XMPHC_NALGOS ? names[a] : "?";
}

const char *xmphc_comm_name(int comm) {
  static const char *const names[] = {"auto", "direct", "mpi"};
  return comm >= 0 && comm < 3 ? names[comm] : "?";
}

const xmphc_config_t *xmphc_config(void) { return &current; }

static const char *env(const char *name) { return getenv(name); }

/* A bad value: XMPHC_E_SETTING with its message (every rank reads the same environment under
 * mpirun, so the entry point reports it as a collective error). */
int xmphc_config_read(void) {
  const char *bad = NULL;
  char msg[512];
  if (xmphc_config_parse(env, &current, &bad, msg, sizeof msg) != XMPHC_OK)
    return xmphc_fail(XMPHC_E_SETTING, "%s", msg);
  return XMPHC_OK;
}
