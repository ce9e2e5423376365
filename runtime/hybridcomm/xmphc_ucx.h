/* xmphc_ucx.h - the UCP objects of the layer, shared by ucx.c and transport_ucx.c. */
#ifndef XMPHC_UCX_H
#define XMPHC_UCX_H

#include <ucp/api/ucp.h>

#include "xmphc_internal.h"

/* Starts UCP (context with RMA, one worker) on first use; XMPHC_E_UCX when it cannot run. */
int xmphc_ucx_start(void);
ucp_context_h xmphc_ucx_context(void);
ucp_worker_h xmphc_ucx_worker(void);
const void *xmphc_ucx_address(size_t *len);
/* Memory of bytes (zero-filled) mapped by UCP so that peers can put into it; *memh for rkeys. */
int xmphc_ucx_map(size_t bytes, void **addr, ucp_mem_h *memh);
void xmphc_ucx_unmap(void *addr);
/* A zero-filled 64-bit flag peers can put into, with the handle its rkey is packed from
 * (flags live in mapped pages of the layer; they are never reused, so a new one holds no
 * epoch of an older exchange). */
int xmphc_ucx_flag(volatile uint64_t **flag, ucp_mem_h *memh);
/* The endpoint to world rank `world` whose worker address is addr (created once, cached). */
int xmphc_ucx_ep(int world, const void *addr, size_t len, ucp_ep_h *ep);
/* Progresses the worker until request r (NULL: done already) completes, then frees it. */
int xmphc_ucx_wait(ucs_status_ptr_t r);

#endif /* XMPHC_UCX_H */
