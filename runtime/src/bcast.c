/* bcast.c - the `bcast` directive: broadcast of a byte range from one node. */
#include <limits.h>
#include <stdio.h>

#include "xmpi_internal.h"

/* MPI counts are int; larger buffers go in pieces of this many bytes. */
#define XMPI_BCAST_CHUNK ((size_t)1 << 30)
_Static_assert(XMPI_BCAST_CHUNK <= INT_MAX, "bcast chunks must fit an MPI count");

/* Rank in n's communicator (the executing set's when n is NULL) of the node at root; -1 on
 * processes outside n, which check root all the same so that errors stay collective. */
static int root_rank(const xmp_rt_nodes_t *n, const int *root, const xmp_rt_srcloc_t *where) {
  if (root == NULL)
    return 0;
  if (n == NULL) {
    int size = xmpi_exec_size();
    if (root[0] < 0 || root[0] >= size)
      xmpi_fatal_collective(where, "bcast from node %d, but the nodes are 0 to %d", root[0],
                            size - 1);
    return root[0];
  }
  int bad = 0;
  for (int d = 0; d < n->rank; d++)
    bad |= root[d] < 0 || root[d] >= n->size[d];
  if (bad) {
    char text[XMP_RT_MAX_DIMS * 24], *p = text;
    for (int d = 0; d < n->rank; d++)
      p += snprintf(p, sizeof text - (size_t)(p - text), "%s%d", d ? ", " : "", root[d]);
    xmpi_fatal_collective(where, "bcast from node (%s), which is outside nodes '%s'", text,
                          n->name);
  }
  if (n->comm == MPI_COMM_NULL)
    return -1;
  int r;
  MPI_Cart_rank(n->comm, root, &r);
  return r;
}

void xmp_rt_bcast(void *data, size_t bytes, const xmp_rt_nodes_t *n, const int *root,
                  const xmp_rt_srcloc_t *where) {
  MPI_Comm comm = n != NULL ? n->comm : xmpi_exec_comm();
  int r = root_rank(n, root, where);
  if (comm == MPI_COMM_NULL)
    return; /* not a member of n */
  for (size_t done = 0; done < bytes;) {
    size_t chunk = bytes - done < XMPI_BCAST_CHUNK ? bytes - done : XMPI_BCAST_CHUNK;
    MPI_Bcast((char *)data + done, (int)chunk, MPI_BYTE, r, comm);
    done += chunk;
  }
}
