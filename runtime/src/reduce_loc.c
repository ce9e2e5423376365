/* reduce_loc.c - firstmax / firstmin / lastmax / lastmin: a max / min reduction that also
 * hands every node the location variables of the node holding the extreme. Among several
 * holders, a loop's reduction picks the one whose iteration comes first (last) in the loop's
 * sequential order, from the keys the loop recorded (reduce_loop.c); the directive, which
 * has no iterations, the lowest (highest) rank. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc.h"
#include "xmpi_internal.h"

/* The largest scalar of enum xmp_rt_type, so one buffer holds any of them. */
typedef union scalar {
  long double ld;
  long long ll;
  unsigned long long ull;
  double d;
} scalar_t;

/* *a == *b compared in the native type (bytes would tell -0.0 from 0.0 and read the padding
 * of long double). */
static int equal_native(const void *a, const void *b, int type) {
#define EQ(T) (*(const T *)a == *(const T *)b)
  switch (type) {
  case XMP_RT_CHAR: return EQ(char);
  case XMP_RT_SCHAR: return EQ(signed char);
  case XMP_RT_UCHAR: return EQ(unsigned char);
  case XMP_RT_SHORT: return EQ(short);
  case XMP_RT_USHORT: return EQ(unsigned short);
  case XMP_RT_INT: return EQ(int);
  case XMP_RT_UINT: return EQ(unsigned);
  case XMP_RT_LONG: return EQ(long);
  case XMP_RT_ULONG: return EQ(unsigned long);
  case XMP_RT_LLONG: return EQ(long long);
  case XMP_RT_ULLONG: return EQ(unsigned long long);
  case XMP_RT_FLOAT: return EQ(float);
  case XMP_RT_DOUBLE: return EQ(double);
  case XMP_RT_LDOUBLE: return EQ(long double);
  case XMP_RT_BOOL: return EQ(_Bool);
  default: return 0;
  }
#undef EQ
}

/* MPI's reductions where the hybrid layer does not apply: the extreme into *value, and the
 * holder (-1 or past the ranks when none compares equal, i.e. NaN) returned. */
static size_t elem_size(MPI_Datatype dt) {
  int size;
  MPI_Type_size(dt, &size);
  return (size_t)size;
}

static int extreme_mpi(void *value, int type, MPI_Datatype dt, MPI_Op mop, int first,
                       MPI_Comm comm) {
  int size, rank;
  MPI_Type_size(dt, &size);
  MPI_Comm_rank(comm, &rank);
  scalar_t extreme;
  MPI_Allreduce(value, &extreme, 1, dt, mop, comm);
  /* The first / last of the nodes holding the extreme is the lowest / highest rank among
   * them in the reduction's communicator; the others bid past every rank. */
  int holds = equal_native(value, &extreme, type);
  int root = holds ? rank : first ? INT_MAX : -1;
  MPI_Allreduce(MPI_IN_PLACE, &root, 1, MPI_INT, first ? MPI_MIN : MPI_MAX, comm);
  memcpy(value, &extreme, (size_t)size);
  return root;
}

/* Sequential order among the holders of the extreme: an element is long[depth + 3] =
 * {depth, class, key[0..depth-1], rank}, class 0 for a holder with a key, 1 for one without, 2
 * for a node that does not hold the extreme. The smaller class wins, then the smaller (first)
 * or larger (last) key, lexicographically, then the lower (first) or higher (last) rank. */
static void order_pick(void *dst, const void *a, const void *b, size_t n, int first) {
  const long *x = a, *y = b;
  long depth = x[0];
  int take_y = 0;
  if (y[1] != x[1]) {
    take_y = y[1] < x[1];
  } else {
    long i = 2;
    if (x[1] == 0)
      while (i < depth + 2 && y[i] == x[i])
        i++;
    else
      i = depth + 2; /* no keys: node order */
    take_y = first ? y[i] < x[i] : y[i] > x[i];
  }
  (void)n; /* one element */
  memmove(dst, take_y ? y : x, (size_t)(depth + 3) * sizeof(long));
}
static void order_first(void *dst, const void *a, const void *b, size_t n) {
  order_pick(dst, a, b, n, 1);
}
static void order_last(void *dst, const void *a, const void *b, size_t n) {
  order_pick(dst, a, b, n, 0);
}
static void order_mpi_first(void *in, void *inout, int *len, MPI_Datatype *dt) {
  (void)len, (void)dt; /* one element */
  order_first(inout, in, inout, 1);
}
static void order_mpi_last(void *in, void *inout, int *len, MPI_Datatype *dt) {
  (void)len, (void)dt;
  order_last(inout, in, inout, 1);
}

/* The rank of the holder whose key comes first (last); -1 when no node holds the extreme. */
static int ordered_holder(int holds, const long *key, int depth, int keyed, int first,
                          MPI_Comm comm, const xmp_rt_srcloc_t *where) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  size_t len = (size_t)depth + 3;
  long *e = xmpb_calloc_or_die(len, sizeof(long), where);
  e[0] = depth;
  e[1] = !holds ? 2 : keyed ? 0 : 1;
  if (holds && keyed)
    memcpy(e + 2, key, (size_t)depth * sizeof(long));
  e[len - 1] = rank;
  int st = xmphc_allreduce_fn(comm, e, len * sizeof(long), first ? order_first : order_last,
                              XMPHC_LOC_HOST, where);
  if (st == XMPHC_E_UNSUPPORTED) {
    MPI_Datatype dt;
    MPI_Op mop;
    MPI_Type_contiguous((int)len, MPI_LONG, &dt);
    MPI_Type_commit(&dt);
    MPI_Op_create(first ? order_mpi_first : order_mpi_last, 1, &mop);
    MPI_Allreduce(MPI_IN_PLACE, e, 1, dt, mop, comm);
    MPI_Op_free(&mop);
    MPI_Type_free(&dt);
  } else if (st) {
    xmpi_comm_check(st, where, "reduction");
  }
  int holder = e[1] == 2 ? -1 : (int)e[len - 1];
  free(e);
  return holder;
}

void xmpi_reduce_loc(void *value, int type, int op, int nloc, void *const *locs,
                     const size_t *loc_sizes, const xmp_rt_template_t *t,
                     const xmp_rt_nodes_t *n, const xmp_rt_loc_track_t *order,
                     const xmp_rt_srcloc_t *where) {
  MPI_Datatype dt = xmpb_mpi_type(type);
  if (dt == MPI_DATATYPE_NULL)
    xmpb_fatal_collective(where, "reduction on unknown type %d", type);
  int first = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_FIRSTMIN;
  int max = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_LASTMAX;
  if (op < XMP_RT_OP_FIRSTMAX || op > XMP_RT_OP_LASTMIN)
    xmpb_fatal_collective(where, "reduction operator '%s' takes no location variables "
                          "(only firstmax, firstmin, lastmax and lastmin do)", xmpb_op_name(op));
  MPI_Op mop = xmpb_mpi_op(max ? XMP_RT_OP_MAX : XMP_RT_OP_MIN, type);
  if (mop == MPI_OP_NULL)
    xmpb_fatal_collective(where, "reduction operator '%s' cannot be applied to this type",
                          xmpb_op_name(op));
  if (nloc < 0 || (nloc > 0 && (locs == NULL || loc_sizes == NULL)))
    xmpb_fatal_collective(where, "reduction '%s' with %d location variables", xmpb_op_name(op),
                          nloc);
  size_t total = 0;
  for (int i = 0; i < nloc; i++)
    total += loc_sizes[i];
  if (total > INT_MAX)
    xmpb_fatal_collective(where, "reduction '%s': location variables of %zu bytes",
                          xmpb_op_name(op), total);
  MPI_Comm comm;
  if (!xmpi_reduce_comm(t, n, &comm))
    return;

  /* (value, rank) pairs reduced by the hybrid layer; MPI's reductions where it does not
   * apply. */
  scalar_t mine;
  memcpy(&mine, value, (size_t)elem_size(dt));
  int root;
  int st = xmphc_allreduce_loc(comm, value, type, op, &root, XMPHC_LOC_HOST, where);
  if (st == XMPHC_E_UNSUPPORTED)
    root = extreme_mpi(value, type, dt, mop, first, comm);
  else if (st) {
    xmpi_comm_check(st, where, "reduction '%s'", xmpb_op_name(op));
  }
  int rank, nprocs;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &nprocs);
  /* In a loop, the holders' keys decide (a second reduction, only there). */
  if (order != NULL && order->depth > 0 && total > 0 && nprocs > 1)
    root = ordered_holder(equal_native(&mine, value, type), order->key, order->depth,
                          order->keyed, first, comm, where);
  /* No holder only when the values do not compare equal to themselves (NaN): keep them. */
  if (total == 0 || root < 0 || root >= nprocs)
    return;

  /* One broadcast for all location variables, packed in order. */
  unsigned char *buf = xmpb_calloc_or_die(total, 1, where);
  size_t pos = 0;
  if (rank == root)
    for (int i = 0; i < nloc; i++) {
      memcpy(buf + pos, locs[i], loc_sizes[i]);
      pos += loc_sizes[i];
    }
  xmpi_bcast_over(buf, (int)total, MPI_BYTE, root, comm, XMPHC_LOC_HOST, where);
  pos = 0;
  for (int i = 0; i < nloc; i++) {
    memcpy(locs[i], buf + pos, loc_sizes[i]);
    pos += loc_sizes[i];
  }
  free(buf);
}

void xmp_rt_reduce_loc(void *value, int type, int op, int nloc, void *const *locs,
                       const size_t *loc_sizes, const xmp_rt_template_t *t,
                       const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  xmpi_reduce_loc(value, type, op, nloc, locs, loc_sizes, t, n, NULL, where);
}
