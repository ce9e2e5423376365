/* init.c - the layer's start (configuration, topology) and stop. */
#include "xmphc_internal.h"

int xmphc_init(void) {
  int st = xmphc_config_read();
  if (st != XMPHC_OK)
    return st;
  if (xmphc_topology_build(xmphc_config()->subcluster_size) != XMPHC_OK)
    return xmphc_fail(XMPHC_E_NOMEM, "out of memory building the node topology");
  return XMPHC_OK;
}

void xmphc_shutdown(void) {
  xmphc_sum_report(); /* XMP_COMM_REPORT's summary: every exchange is freed by now */
  xmphc_coll_shutdown(); /* their mailboxes, before UCX stops */
  xmphc_ucx_stop();
  xmphc_topology_free();
}
