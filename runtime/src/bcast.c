/* bcast.c - the `bcast` directive: broadcast of a byte range from one node. */
#include <limits.h>
#include <stdio.h>

#include "xmp_dev.h"
#include "xmphc.h"
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
      xmpb_fatal_collective(where, "bcast from node %d, but the nodes are 0 to %d", root[0],
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
    xmpb_fatal_collective(where, "bcast from node (%s), which is outside nodes '%s'", text,
                          n->name);
  }
  if (n->comm == MPI_COMM_NULL)
    return -1;
  int r;
  MPI_Cart_rank(n->comm, root, &r);
  return r;
}

void xmpi_bcast_over(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, int loc,
                     const xmp_rt_srcloc_t *where) {
  int st = xmphc_bcast(comm, buf, count, type, root, loc, where);
  if (st == XMPHC_E_UNSUPPORTED && loc == XMPHC_LOC_HOST)
    MPI_Bcast(buf, count, type, root, comm);
  else if (st)
    xmpi_comm_check(st, where, "bcast");
}

/* bytes at data from rank r of comm, in pieces of at most XMPI_BCAST_CHUNK. */
static void bcast_bytes(void *data, size_t bytes, int r, MPI_Comm comm, int loc,
                        const xmp_rt_srcloc_t *where) {
  for (size_t done = 0; done < bytes;) {
    size_t chunk = bytes - done < XMPI_BCAST_CHUNK ? bytes - done : XMPI_BCAST_CHUNK;
    xmpi_bcast_over((char *)data + done, (int)chunk, MPI_BYTE, r, comm, loc, where);
    done += chunk;
  }
}

/* The communicator of n (the executing nodes when NULL) and the root's rank there; 0 when
 * this process is not a member (nothing to do). */
static int bcast_setup(const xmp_rt_nodes_t *n, const int *root, MPI_Comm *comm, int *r,
                       const xmp_rt_srcloc_t *where) {
  *comm = n != NULL ? n->comm : xmpb_exec_comm();
  *r = root_rank(n, root, where);
  return *comm != MPI_COMM_NULL;
}

void xmp_rt_bcast(void *data, size_t bytes, const xmp_rt_nodes_t *n, const int *root,
                  const xmp_rt_srcloc_t *where) {
  MPI_Comm comm;
  int r;
  if (bcast_setup(n, root, &comm, &r, where))
    bcast_bytes(data, bytes, r, comm, XMPHC_LOC_HOST, where);
}

void xmp_rt_bcast_acc(void *data, size_t bytes, const xmp_rt_nodes_t *n, const int *root,
                      const xmp_rt_srcloc_t *where) {
  MPI_Comm comm;
  int r;
  if (!bcast_setup(n, root, &comm, &r, where))
    return;
  xmpi_acc_copy_t c;
  xmpi_acc_begin(data, "bcast", comm, &c, where);
  bcast_bytes(c.ptr, bytes, r, comm, c.loc, where);
  xmpi_acc_end(&c);
}

/* A section of an array of `rank` dimensions as one MPI datatype: per dimension, from the
 * innermost, `len` copies of the inner type `st` elements apart (MPI_Type_create_subarray has
 * no strides). The section's first element is at the returned byte offset from the base. */
static MPI_Datatype section_type(int rank, const long *extents, size_t elem_size,
                                 const long *lb, const long *len, const long *st,
                                 MPI_Aint *offset, const xmp_rt_srcloc_t *where) {
  MPI_Datatype type;
  MPI_Type_contiguous((int)elem_size, MPI_BYTE, &type);
  MPI_Aint stride = (MPI_Aint)elem_size; /* bytes between consecutive indices of dim d */
  *offset = 0;
  for (int d = rank - 1; d >= 0; d--) {
    long last = lb[d] + (len[d] - 1) * st[d];
    if (len[d] < 0 || st[d] <= 0 || lb[d] < 0 || lb[d] >= extents[d] || last < 0 ||
        last >= extents[d] || len[d] > INT_MAX)
      xmpb_fatal_collective(where,
                            "bcast section dimension %d: %ld elements from %ld step %ld do "
                            "not fit extent %ld",
                            d, len[d], lb[d], st[d], extents[d]);
    MPI_Datatype outer;
    MPI_Type_create_hvector((int)len[d], 1, stride * st[d], type, &outer);
    MPI_Type_free(&type);
    type = outer;
    *offset += stride * lb[d];
    stride *= extents[d];
  }
  MPI_Type_commit(&type);
  return type;
}

void xmp_rt_bcast_section(void *base, int rank, const long *extents, size_t elem_size,
                          const long *lb, const long *len, const long *st,
                          const xmp_rt_nodes_t *n, const int *root,
                          const xmp_rt_srcloc_t *where) {
  MPI_Comm comm;
  int r, member = bcast_setup(n, root, &comm, &r, where);
  for (int d = 0; d < rank; d++)
    if (len[d] == 0)
      return; /* an empty section: nothing to send, on every node alike */
  MPI_Aint offset;
  MPI_Datatype type = section_type(rank, extents, elem_size, lb, len, st, &offset, where);
  if (member)
    xmpi_bcast_over((char *)base + offset, 1, type, r, comm, XMPHC_LOC_HOST, where);
  MPI_Type_free(&type);
}
