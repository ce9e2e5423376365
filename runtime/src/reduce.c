/* reduce.c - reductions and barriers over node sets. */
#include <limits.h>

#include "xmp_dev.h"
#include "xmphc.h"
#include "xmpi_internal.h"
#include "xmpsp_trace.h"

/* Checks a reduction (collective errors) and finds its communicator: 0 when this process
 * has nothing to do (xmpi_reduce_comm). */
static int reduce_setup(int count, int type, int op, const xmp_rt_template_t *t,
                        const xmp_rt_nodes_t *n, MPI_Comm *comm, const xmp_rt_srcloc_t *where) {
  MPI_Datatype dt = xmpb_mpi_type(type);
  if (dt == MPI_DATATYPE_NULL)
    xmpb_fatal_collective(where, "reduction on unknown type %d", type);
  if (op >= XMP_RT_OP_FIRSTMAX && op <= XMP_RT_OP_LASTMIN)
    xmpb_fatal_collective(where, "reduction operator '%s' needs location variables "
                          "(xmp_rt_reduce_loc)", xmpb_op_name(op));
  MPI_Op mop = xmpb_mpi_op(op, type);
  if (mop == MPI_OP_NULL)
    xmpb_fatal_collective(where, "reduction operator '%s' cannot be applied to this type",
                          xmpb_op_name(op));
  if (count < 0)
    xmpb_fatal_collective(where, "reduction of %d elements", count);
  return xmpi_reduce_comm(t, n, comm);
}

/* Recursive doubling through the hybrid layer on data at loc (XMPHC_LOC_*); host data by
 * MPI's own reduction where the layer does not apply. */
static void allreduce_at(MPI_Comm comm, void *data, int count, int type, int op, int loc,
                         const xmp_rt_srcloc_t *where) {
  int st = xmphc_allreduce(comm, data, count, type, op, loc, where);
  if (st == XMPHC_E_UNSUPPORTED && loc == XMPHC_LOC_HOST)
    MPI_Allreduce(MPI_IN_PLACE, data, count, xmpb_mpi_type(type), xmpb_mpi_op(op, type), comm);
  else if (st)
    xmpi_comm_check(st, where, "reduction");
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
  *comm = xmpb_exec_comm();
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
  MPI_Comm comm = n != NULL ? n->comm : xmpb_exec_comm();
  if (comm != MPI_COMM_NULL)
    MPI_Barrier(comm);
}
