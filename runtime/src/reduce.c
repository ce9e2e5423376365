/* reduce.c - reductions and barriers over node sets. */
#include <limits.h>

#include "xmp_dev.h"
#include "xmphc.h"
#include "xmpi_internal.h"
#include "xmpsp_trace.h"

MPI_Datatype xmpi_mpi_type(int type) {
  switch (type) {
  /* MPI_CHAR is not a reduction type; plain char reduces as the signedness it has here. */
  case XMP_RT_CHAR: return CHAR_MIN < 0 ? MPI_SIGNED_CHAR : MPI_UNSIGNED_CHAR;
  case XMP_RT_SCHAR: return MPI_SIGNED_CHAR;
  case XMP_RT_UCHAR: return MPI_UNSIGNED_CHAR;
  case XMP_RT_SHORT: return MPI_SHORT;
  case XMP_RT_USHORT: return MPI_UNSIGNED_SHORT;
  case XMP_RT_INT: return MPI_INT;
  case XMP_RT_UINT: return MPI_UNSIGNED;
  case XMP_RT_LONG: return MPI_LONG;
  case XMP_RT_ULONG: return MPI_UNSIGNED_LONG;
  case XMP_RT_LLONG: return MPI_LONG_LONG;
  case XMP_RT_ULLONG: return MPI_UNSIGNED_LONG_LONG;
  case XMP_RT_FLOAT: return MPI_FLOAT;
  case XMP_RT_DOUBLE: return MPI_DOUBLE;
  case XMP_RT_LDOUBLE: return MPI_LONG_DOUBLE;
  case XMP_RT_BOOL: return MPI_C_BOOL;
  case XMP_RT_FCOMPLEX: return MPI_C_FLOAT_COMPLEX;
  case XMP_RT_DCOMPLEX: return MPI_C_DOUBLE_COMPLEX;
  case XMP_RT_LDCOMPLEX: return MPI_C_LONG_DOUBLE_COMPLEX;
  default: return MPI_DATATYPE_NULL;
  }
}

const char *xmpi_op_name(int op) {
  static const char *const names[] = {"+",  "*",  "max", "min",      "&",        "|",
                                      "^",  "&&", "||",  "-",        "firstmax", "firstmin",
                                      "lastmax", "lastmin"};
  return op >= 0 && op <= XMP_RT_OP_LASTMIN ? names[op] : "?";
}

/* MPI operator for op on type, or MPI_OP_NULL when the combination is invalid. */
MPI_Op xmpi_mpi_op(int op, int type) {
  int floating = type == XMP_RT_FLOAT || type == XMP_RT_DOUBLE || type == XMP_RT_LDOUBLE;
  if (type == XMP_RT_BOOL) {
    /* MPI only has logical ops for C _Bool; these are what C's arithmetic gives on _Bool
     * (b + x != 0 is b || x, b * x is b && x). */
    switch (op) {
    case XMP_RT_OP_SUM: case XMP_RT_OP_MINUS: case XMP_RT_OP_MAX: case XMP_RT_OP_BOR:
    case XMP_RT_OP_LOR: return MPI_LOR;
    case XMP_RT_OP_PROD: case XMP_RT_OP_MIN: case XMP_RT_OP_BAND:
    case XMP_RT_OP_LAND: return MPI_LAND;
    case XMP_RT_OP_BXOR: return MPI_LXOR;
    default: return MPI_OP_NULL;
    }
  }
  if (type >= XMP_RT_FCOMPLEX) /* complex values have no order and no bits */
    return op == XMP_RT_OP_SUM || op == XMP_RT_OP_MINUS ? MPI_SUM
           : op == XMP_RT_OP_PROD                       ? MPI_PROD
                                                        : MPI_OP_NULL;
  switch (op) {
  case XMP_RT_OP_SUM: case XMP_RT_OP_MINUS: return MPI_SUM;
  case XMP_RT_OP_PROD: return MPI_PROD;
  case XMP_RT_OP_MAX: return MPI_MAX;
  case XMP_RT_OP_MIN: return MPI_MIN;
  case XMP_RT_OP_BAND: return floating ? MPI_OP_NULL : MPI_BAND;
  case XMP_RT_OP_BOR: return floating ? MPI_OP_NULL : MPI_BOR;
  case XMP_RT_OP_BXOR: return floating ? MPI_OP_NULL : MPI_BXOR;
  case XMP_RT_OP_LAND: return floating ? MPI_OP_NULL : MPI_LAND;
  case XMP_RT_OP_LOR: return floating ? MPI_OP_NULL : MPI_LOR;
  default: return MPI_OP_NULL;
  }
}

/* Checks a reduction (collective errors) and finds its communicator: 0 when this process
 * has nothing to do (xmpi_reduce_comm). */
static int reduce_setup(int count, int type, int op, const xmp_rt_template_t *t,
                        const xmp_rt_nodes_t *n, MPI_Comm *comm, const xmp_rt_srcloc_t *where) {
  MPI_Datatype dt = xmpi_mpi_type(type);
  if (dt == MPI_DATATYPE_NULL)
    xmpi_fatal_collective(where, "reduction on unknown type %d", type);
  if (op >= XMP_RT_OP_FIRSTMAX && op <= XMP_RT_OP_LASTMIN)
    xmpi_fatal_collective(where, "reduction operator '%s' needs location variables "
                          "(xmp_rt_reduce_loc)", xmpi_op_name(op));
  MPI_Op mop = xmpi_mpi_op(op, type);
  if (mop == MPI_OP_NULL)
    xmpi_fatal_collective(where, "reduction operator '%s' cannot be applied to this type",
                          xmpi_op_name(op));
  if (count < 0)
    xmpi_fatal_collective(where, "reduction of %d elements", count);
  return xmpi_reduce_comm(t, n, comm);
}

/* Recursive doubling through the hybrid layer on data at loc (XMPHC_LOC_*); host data by
 * MPI's own reduction where the layer does not apply. */
static void allreduce_at(MPI_Comm comm, void *data, int count, int type, int op, int loc,
                         const xmp_rt_srcloc_t *where) {
  int st = xmphc_allreduce(comm, data, count, type, op, loc, where);
  if (st == XMPHC_E_UNSUPPORTED && loc == XMPHC_LOC_HOST)
    MPI_Allreduce(MPI_IN_PLACE, data, count, xmpi_mpi_type(type), xmpi_mpi_op(op, type), comm);
  else if (st)
    xmpi_fatal(where, "reduction: %s", xmphc_status_str(st));
}

static void reduce_body(void *data, int count, int type, int op, const xmp_rt_template_t *t,
                        const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  MPI_Comm comm;
  if (reduce_setup(count, type, op, t, n, &comm, where))
    allreduce_at(comm, data, count, type, op, XMPHC_LOC_HOST, where);
}

/* The directive as a span (XMP_DEV_TRACE, NVTX: xmpsp_trace.h). */
void xmp_rt_reduce(void *data, int count, int type, int op, const xmp_rt_template_t *t,
                   const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  reduce_body(data, count, type, op, t, n, where);
  xmpsp_span_end(&span);
}

static void reduce_acc_body(void *data, int count, int type, int op,
                            const xmp_rt_template_t *t, const xmp_rt_nodes_t *n,
                            const xmp_rt_srcloc_t *where) {
  MPI_Comm comm;
  if (!reduce_setup(count, type, op, t, n, &comm, where))
    return;
  xmpi_acc_copy_t c;
  xmpi_acc_begin(data, "reduction", comm, &c, where);
  allreduce_at(comm, c.ptr, count, type, op, c.loc, where);
  xmpi_acc_end(&c);
}

/* The directive as a span (XMP_DEV_TRACE, NVTX: xmpsp_trace.h). */
void xmp_rt_reduce_acc(void *data, int count, int type, int op, const xmp_rt_template_t *t,
                       const xmp_rt_nodes_t *n, const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  reduce_acc_body(data, count, type, op, t, n, where);
  xmpsp_span_end(&span);
}

int xmpi_reduce_comm(const xmp_rt_template_t *t, const xmp_rt_nodes_t *n, MPI_Comm *comm) {
  *comm = xmpi_exec_comm();
  if (t != NULL) {
    /* Nodes of an undistributed template each computed the full value already. */
    if (!t->distributed)
      return 0;
    /* n with t: the part of t's nodes a loop spans (xmp_rt_template_span). */
    *comm = n != NULL ? n->comm : t->nodes->comm;
  } else if (n != NULL) {
    *comm = n->comm;
  }
  /* Not a member of those nodes (MPI_COMM_NULL): they reduce without this process. */
  return *comm != MPI_COMM_NULL;
}

void xmp_rt_barrier(const xmp_rt_nodes_t *n) {
  MPI_Comm comm = n != NULL ? n->comm : xmpi_exec_comm();
  if (comm != MPI_COMM_NULL)
    MPI_Barrier(comm);
}
