/* topology.c - direct-link domains: the ranks of one host (MPI_COMM_TYPE_SHARED) whose
 * memories can reach each other, cut into virtual subclusters of XMP_SUBCLUSTER_SIZE
 * consecutive node-local ranks, as the thesis (6.2) emulated several TCA subclusters on one.
 * Host memory is reachable between all ranks of a host (UCX shared memory); for device data
 * the CUDA IPC transport further checks peer access per pair when it plans a face. */
#include <stdlib.h>

#include "xmphc_internal.h"

static int *domain_host; /* per world rank: the lowest world rank on its host */
static int *domain_sub;  /* per world rank: its subcluster on the host */
static int nworld, my_local_rank, my_local_size = 1;

int xmphc_subcluster_of(int local_rank, int node_size, int sub) {
  if (sub <= 0 || sub >= node_size)
    return 0;
  return local_rank / sub;
}

int xmphc_topology_build(int subcluster_size) {
  int me;
  MPI_Comm node;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &nworld);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &my_local_rank);
  MPI_Comm_size(node, &my_local_size);
  int leader;
  MPI_Allreduce(&me, &leader, 1, MPI_INT, MPI_MIN, node);
  MPI_Comm_free(&node);
  int mine[2] = {leader, xmphc_subcluster_of(my_local_rank, my_local_size, subcluster_size)};
  int *all = malloc(2 * (size_t)nworld * sizeof *all);
  domain_host = malloc((size_t)nworld * sizeof *domain_host);
  domain_sub = malloc((size_t)nworld * sizeof *domain_sub);
  /* Every rank allocates the same sizes: failing here is the same on all of them. */
  if (all == NULL || domain_host == NULL || domain_sub == NULL) {
    free(all);
    xmphc_topology_free();
    return XMPHC_E_NOMEM;
  }
  MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < nworld; r++) {
    domain_host[r] = all[2 * r];
    domain_sub[r] = all[2 * r + 1];
  }
  free(all);
  return XMPHC_OK;
}

void xmphc_topology_free(void) {
  free(domain_host);
  free(domain_sub);
  domain_host = domain_sub = NULL;
}

int xmphc_world_rank(MPI_Comm comm, int rank) {
  MPI_Group g, w;
  int r;
  MPI_Comm_group(comm, &g);
  MPI_Comm_group(MPI_COMM_WORLD, &w);
  MPI_Group_translate_ranks(g, 1, &rank, w, &r);
  MPI_Group_free(&g);
  MPI_Group_free(&w);
  return r;
}

int xmphc_same_domain(int r, int s) {
  if (domain_host == NULL || r < 0 || s < 0 || r >= nworld || s >= nworld)
    return r == s;
  return domain_host[r] == domain_host[s] && domain_sub[r] == domain_sub[s];
}

int xmphc_local_rank(void) { return my_local_rank; }
int xmphc_local_size(void) { return my_local_size; }
