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
 *                              (default): measured per exchange */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_internal.h"

static xmphc_config_t current;

static const char *value(const char *(*lookup)(const char *), const char *name) {
  const char *v = lookup(name);
  return v != NULL && *v != '\0' ? v : NULL;
}

int xmphc_config_parse(const char *(*lookup)(const char *name), xmphc_config_t *cfg,
                       const char **bad_name, char *msg, size_t cap) {
  /* direct-kernel is direct for everything but device faces, whose direct writes it makes
   * by kernel stores instead of the copy engines. */
  static const struct {
    const char *name;
    int comm, kernel;
  } comms[] = {{"auto", XMPHC_COMM_AUTO, 0},
               {"direct", XMPHC_COMM_DIRECT, 0},
               {"direct-kernel", XMPHC_COMM_DIRECT, 1},
               {"mpi", XMPHC_COMM_MPI, 0}};
  enum { NCOMMS = sizeof comms / sizeof comms[0] };
  *cfg = (xmphc_config_t){XMPHC_COMM_AUTO, 0, 0, 0, -1, -1};
  const char *v = value(lookup, "XMP_COMM");
  if (v != NULL) {
    int k = 0;
    while (k < NCOMMS && strcmp(v, comms[k].name) != 0)
      k++;
    if (k == NCOMMS) {
      *bad_name = "XMP_COMM";
      snprintf(msg, cap, "environment variable XMP_COMM='%s' is invalid: accepted values are "
               "auto, direct, direct-kernel and mpi", v);
      return 1;
    }
    cfg->comm = comms[k].comm;
    cfg->direct_kernel = comms[k].kernel;
  }
  v = value(lookup, "XMP_COMM_REPORT");
  if (v != NULL) {
    if ((v[0] != '0' && v[0] != '1') || v[1] != '\0') {
      *bad_name = "XMP_COMM_REPORT";
      snprintf(msg, cap, "environment variable XMP_COMM_REPORT='%s' is invalid: accepted "
               "values are 0 and 1", v);
      return 1;
    }
    cfg->report = v[0] == '1';
  }
  v = value(lookup, "XMP_SUBCLUSTER_SIZE");
  if (v != NULL) {
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno != 0 || *end != '\0' || n < 1 || n > 1000000) {
      *bad_name = "XMP_SUBCLUSTER_SIZE";
      snprintf(msg, cap, "environment variable XMP_SUBCLUSTER_SIZE='%s' is invalid: accepted "
               "values are integers >= 1 (ranks per direct-link domain)", v);
      return 1;
    }
    cfg->subcluster_size = (int)n;
  }
  v = value(lookup, "XMP_COLL_ALGO");
  if (v != NULL && strcmp(v, "auto") != 0) {
    int a = 0;
    while (a < XMPHC_NALGOS && strcmp(v, xmphc_algo_name(a)) != 0)
      a++;
    if (a == XMPHC_NALGOS) {
      *bad_name = "XMP_COLL_ALGO";
      snprintf(msg, cap, "environment variable XMP_COLL_ALGO='%s' is invalid: accepted values "
               "are auto, host-staged, mpi, steps, one-shot and signalled", v);
      return 1;
    }
    cfg->coll_algo = a;
  }
  v = value(lookup, "XMP_HALO_ORDER");
  if (v != NULL && strcmp(v, "auto") != 0) {
    if (strcmp(v, "concurrent") != 0 && strcmp(v, "phased") != 0) {
      *bad_name = "XMP_HALO_ORDER";
      snprintf(msg, cap, "environment variable XMP_HALO_ORDER='%s' is invalid: accepted values "
               "are auto, concurrent and phased", v);
      return 1;
    }
    cfg->halo_order = strcmp(v, "phased") == 0 ? XMPHC_ORDER_PHASED : XMPHC_ORDER_CONCURRENT;
  }
  return XMPHC_OK;
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

/* A bad value is a collective error: every rank reads the same environment under mpirun. */
void xmphc_config_read(void) {
  const char *bad = NULL;
  char msg[512];
  if (xmphc_config_parse(env, &current, &bad, msg, sizeof msg) != XMPHC_OK)
    xmpi_fatal_collective(NULL, "%s", msg);
}
