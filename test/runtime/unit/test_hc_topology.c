/* The hybrid layer's settings and topology.
 * No argument: xmphc_subcluster_of on fixed cases, xmphc_config_parse on good and bad values,
 * and (under mpirun) the direct-link domains built by xmp_rt_init against a reference made
 * from the processor names and XMP_SUBCLUSTER_SIZE: same host and the same block of
 * XMP_SUBCLUSTER_SIZE consecutive ranks among that host's ranks (in world rank order).
 * A mode argument sets a bad value and starts the runtime, which must fail naming it. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmphc_internal.h"

static const char *const *fake_env;

static const char *fake(const char *name) {
  for (const char *const *e = fake_env; *e != NULL; e += 2)
    if (strcmp(e[0], name) == 0)
      return e[1];
  return NULL;
}

static int parse(const char *const *env, xmphc_config_t *cfg, const char **bad) {
  char msg[512];
  fake_env = env;
  *bad = NULL;
  return xmphc_config_parse(fake, cfg, bad, msg, sizeof msg);
}

static void pure_tests(void) {
  CHECK(xmphc_subcluster_of(0, 4, 0) == 0 && xmphc_subcluster_of(3, 4, 0) == 0);
  CHECK(xmphc_subcluster_of(1, 4, 2) == 0 && xmphc_subcluster_of(2, 4, 2) == 1);
  CHECK(xmphc_subcluster_of(3, 4, 2) == 1 && xmphc_subcluster_of(4, 5, 2) == 2);
  CHECK(xmphc_subcluster_of(3, 4, 4) == 0 && xmphc_subcluster_of(3, 4, 9) == 0);
  CHECK(xmphc_subcluster_of(2, 3, 1) == 2);

  xmphc_config_t c;
  const char *bad;
  const char *none[] = {NULL};
  CHECK(parse(none, &c, &bad) == 0 && c.comm == XMPHC_COMM_AUTO && c.report == 0 &&
        c.subcluster_size == 0);
  const char *good[] = {"XMP_COMM", "direct", "XMP_COMM_REPORT", "1",
                        "XMP_SUBCLUSTER_SIZE", "2", NULL};
  CHECK(parse(good, &c, &bad) == 0 && c.comm == XMPHC_COMM_DIRECT && c.report == 1 &&
        c.subcluster_size == 2);
  const char *mpi[] = {"XMP_COMM", "mpi", "XMP_SUBCLUSTER_SIZE", "", NULL};
  CHECK(parse(mpi, &c, &bad) == 0 && c.comm == XMPHC_COMM_MPI && c.subcluster_size == 0);
  const char *kernel[] = {"XMP_COMM", "direct-kernel", NULL};
  CHECK(parse(kernel, &c, &bad) == 0 && c.comm == XMPHC_COMM_DIRECT && c.direct_kernel == 1);
  CHECK(parse(good, &c, &bad) == 0 && c.direct_kernel == 0);
  const char *b1[] = {"XMP_COMM", "MPI", NULL};
  CHECK(parse(b1, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_COMM") == 0);
  const char *b2[] = {"XMP_SUBCLUSTER_SIZE", "0", NULL};
  CHECK(parse(b2, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_SUBCLUSTER_SIZE") == 0);
  const char *b3[] = {"XMP_SUBCLUSTER_SIZE", "2x", NULL};
  CHECK(parse(b3, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_SUBCLUSTER_SIZE") == 0);
  const char *b4[] = {"XMP_COMM_REPORT", "yes", NULL};
  CHECK(parse(b4, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_COMM_REPORT") == 0);
  /* XMP_COLL_ALGO: auto (or unset) is -1, each algorithm by its name */
  CHECK(parse(none, &c, &bad) == 0 && c.coll_algo == -1);
  const char *algo_auto[] = {"XMP_COLL_ALGO", "auto", NULL};
  CHECK(parse(algo_auto, &c, &bad) == 0 && c.coll_algo == -1);
  for (int a = 0; a < XMPHC_NALGOS; a++) {
    const char *one[] = {"XMP_COLL_ALGO", xmphc_algo_name(a), NULL};
    CHECKF(parse(one, &c, &bad) == 0 && c.coll_algo == a, "XMP_COLL_ALGO=%s",
           xmphc_algo_name(a));
  }
  const char *algo_mpi[] = {"XMP_COLL_ALGO", "mpi", NULL};
  CHECK(parse(algo_mpi, &c, &bad) == 0 && c.coll_algo == XMPHC_ALGO_MPI);
  CHECK(parse(none, &c, &bad) == 0 && c.halo_order == -1);
  const char *order_auto[] = {"XMP_HALO_ORDER", "auto", NULL};
  CHECK(parse(order_auto, &c, &bad) == 0 && c.halo_order == -1);
  const char *phased[] = {"XMP_HALO_ORDER", "phased", NULL};
  CHECK(parse(phased, &c, &bad) == 0 && c.halo_order == XMPHC_ORDER_PHASED);
  const char *concurrent[] = {"XMP_HALO_ORDER", "concurrent", NULL};
  CHECK(parse(concurrent, &c, &bad) == 0 && c.halo_order == XMPHC_ORDER_CONCURRENT);
  CHECK(parse(none, &c, &bad) == 0 && c.halo_sync == XMPHC_SYNC_AUTO);
  const char *sync_words[] = {"auto", "flags", "events", "host"};
  const int syncs[] = {XMPHC_SYNC_AUTO, XMPHC_SYNC_FLAGS, XMPHC_SYNC_EVENTS, XMPHC_SYNC_HOST};
  for (int i = 0; i < 4; i++) {
    const char *one[] = {"XMP_HALO_SYNC", sync_words[i], NULL};
    CHECKF(parse(one, &c, &bad) == 0 && c.halo_sync == syncs[i], "XMP_HALO_SYNC=%s",
           sync_words[i]);
  }
  const char *b7[] = {"XMP_HALO_SYNC", "spin", NULL};
  CHECK(parse(b7, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_HALO_SYNC") == 0);
  const char *b6[] = {"XMP_HALO_ORDER", "pairwise", NULL};
  CHECK(parse(b6, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_HALO_ORDER") == 0);
  const char *b5[] = {"XMP_COLL_ALGO", "nccl", NULL};
  CHECK(parse(b5, &c, &bad) != 0 && bad != NULL && strcmp(bad, "XMP_COLL_ALGO") == 0);
}

static void domain_tests(void) {
  int me, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  char name[MPI_MAX_PROCESSOR_NAME] = {0};
  int len;
  MPI_Get_processor_name(name, &len);
  char *all = calloc((size_t)n, MPI_MAX_PROCESSOR_NAME);
  MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
                MPI_COMM_WORLD);
  const char *s = getenv("XMP_SUBCLUSTER_SIZE");
  int sub = s != NULL && *s != '\0' ? atoi(s) : 0;
  int *local = calloc((size_t)n, sizeof *local), *size = calloc((size_t)n, sizeof *size);
  for (int r = 0; r < n; r++)
    for (int q = 0; q < n; q++)
      if (strcmp(all + (size_t)r * MPI_MAX_PROCESSOR_NAME,
                 all + (size_t)q * MPI_MAX_PROCESSOR_NAME) == 0) {
        size[r]++;
        local[r] += q < r;
      }
  CHECK(xmphc_local_rank() == local[me] && xmphc_local_size() == size[me]);
  for (int r = 0; r < n; r++)
    for (int q = 0; q < n; q++) {
      int host = strcmp(all + (size_t)r * MPI_MAX_PROCESSOR_NAME,
                        all + (size_t)q * MPI_MAX_PROCESSOR_NAME) == 0;
      int same = host && (sub == 0 || sub >= size[r] || local[r] / sub == local[q] / sub);
      CHECKF(xmphc_same_domain(r, q) == same, "ranks %d and %d, XMP_SUBCLUSTER_SIZE=%d", r, q,
             sub);
    }
  free(all);
  free(local);
  free(size);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : NULL;
  if (mode != NULL) {
    /* Each mode sets one bad value; xmp_rt_init must end the program. */
    if (strcmp(mode, "comm") == 0)
      setenv("XMP_COMM", "fast", 1);
    else if (strcmp(mode, "sub0") == 0)
      setenv("XMP_SUBCLUSTER_SIZE", "0", 1);
    else if (strcmp(mode, "subx") == 0)
      setenv("XMP_SUBCLUSTER_SIZE", "two", 1);
    else if (strcmp(mode, "report") == 0)
      setenv("XMP_COMM_REPORT", "on", 1);
    else if (strcmp(mode, "algo") == 0)
      setenv("XMP_COLL_ALGO", "fastest", 1);
    else if (strcmp(mode, "order") == 0)
      setenv("XMP_HALO_ORDER", "serial", 1);
    xmp_rt_init(&argc, &argv);
    return xmp_rt_finalize(0);
  }
  pure_tests();
  xmp_rt_init(&argc, &argv);
  domain_tests();
  int failed = check_failures > 0, any;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  int rc = CHECK_RESULT();
  return xmp_rt_finalize(any ? 1 : rc);
}
