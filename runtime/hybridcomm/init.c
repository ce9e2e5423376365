/* init.c - the layer's start (configuration, topology) and stop. */
#include "xmphc_internal.h"

void xmphc_init(void) {
  xmphc_config_read();
  if (xmphc_topology_build(xmphc_config()->subcluster_size) != XMPHC_OK)
    xmpb_fatal_collective(NULL, "out of memory building the node topology");
}

void xmphc_shutdown(void) {
  xmphc_sum_report(); /* XMP_COMM_REPORT's summary: every exchange is freed by now */
  xmphc_coll_shutdown(); /* their mailboxes, before UCX stops */
  xmphc_ucx_stop();
  xmphc_topology_free();
}
