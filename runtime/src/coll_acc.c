/* coll_acc.c - `reduction ... acc` and `bcast ... acc` (XACC): the collective on the current
 * copy of a `device replicate` array. Where every node of the collective holds its copy in a
 * GPU, the hybrid layer's device collectives work on those copies (no trip through the host);
 * otherwise (no GPU, rows split with the CPU, or some node's copy on the host) every node
 * brings its latest values to the host memory and the host collective runs there. The paths
 * of the members must match, hence one allreduce of the choice. */
#include "xmphc.h"
#include "xmpi_internal.h"

void xmpi_acc_begin(void *host, const char *directive, MPI_Comm comm, xmpi_acc_copy_t *c,
                    const xmp_rt_srcloc_t *where) {
  c->data = xmp_dev_find(host);
  if (c->data == NULL)
    xmpb_fatal_collective(where, "%s with 'acc': the variable is not replicated on the device "
                          "('device replicate')", directive);
  int gpu = xmp_dev_gpu_acquire(c->data, &c->view, where), all = 0;
  MPI_Allreduce(&gpu, &all, 1, MPI_INT, MPI_MIN, comm);
  if (all) {
    c->ptr = c->view.ptr;
    c->loc = XMPHC_LOC_DEVICE;
    return;
  }
  xmp_dev_gpu_release(&c->view); /* nothing held when gpu is 0 */
  xmp_dev_host_acquire(c->data, where);
  c->ptr = host;
  c->loc = XMPHC_LOC_HOST;
}

void xmpi_acc_end(xmpi_acc_copy_t *c) {
  if (c->loc == XMPHC_LOC_DEVICE)
    xmp_dev_gpu_release(&c->view);
  else
    xmp_dev_host_release(c->data);
}
