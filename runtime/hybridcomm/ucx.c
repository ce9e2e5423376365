/* ucx.c - the UCP context and worker of the layer, its endpoints, and array storage peers
 * can put into.
 *
 * Storage comes from ucp_mem_map(UCP_MEM_MAP_ALLOCATE): UCX allocates it from its shared
 * memory transports (sysv, then posix), so a put from another process on the host is a store
 * into that memory. Memory the program allocated itself would do for transports that register
 * user memory (cma, xpmem, RDMA), but UCX 1.13's shared-memory RMA lanes reach only memory
 * they allocated, and a put with such an rkey does not complete (checked in Debian 12's
 * container: ucp_put_nbx then never finishes), so the arrays' storage is taken from UCX. */
#include <stdlib.h>
#include <string.h>

#include "xmphc_ucx.h"

static int state; /* 0: not started, 1: running, -1: failed to start */
static ucp_context_h context;
static ucp_worker_h worker;
static ucp_address_t *address;
static size_t address_len;

typedef struct mapping {
  struct mapping *next;
  void *addr;
  size_t bytes;
  ucp_mem_h memh;
} mapping_t;
static mapping_t *mappings;

typedef struct endpoint {
  int world;
  ucp_ep_h ep;
} endpoint_t;
static endpoint_t *eps;
static int neps, cap_eps;

int xmphc_ucx_start(void) {
  if (state != 0)
    return state > 0 ? XMPHC_OK : XMPHC_E_UCX;
  state = -1;
  ucp_config_t *cfg;
  if (ucp_config_read(NULL, NULL, &cfg) != UCS_OK)
    return XMPHC_E_UCX;
  ucp_params_t p = {0};
  p.field_mask = UCP_PARAM_FIELD_FEATURES;
  p.features = UCP_FEATURE_RMA;
  ucs_status_t s = ucp_init(&p, cfg, &context);
  ucp_config_release(cfg);
  if (s != UCS_OK)
    return XMPHC_E_UCX;
  ucp_worker_params_t wp = {0};
  wp.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE;
  wp.thread_mode = UCS_THREAD_MODE_SINGLE;
  if (ucp_worker_create(context, &wp, &worker) != UCS_OK) {
    ucp_cleanup(context);
    return XMPHC_E_UCX;
  }
  if (ucp_worker_get_address(worker, &address, &address_len) != UCS_OK) {
    ucp_worker_destroy(worker);
    ucp_cleanup(context);
    return XMPHC_E_UCX;
  }
  state = 1;
  return XMPHC_OK;
}

int xmphc_ucx_active(void) { return state > 0; }
ucp_context_h xmphc_ucx_context(void) { return context; }
ucp_worker_h xmphc_ucx_worker(void) { return worker; }

const void *xmphc_ucx_address(size_t *len) {
  *len = address_len;
  return address;
}

int xmphc_ucx_map(size_t bytes, void **addr, ucp_mem_h *memh) {
  int st = xmphc_ucx_start();
  if (st)
    return st;
  mapping_t *m = calloc(1, sizeof *m);
  if (m == NULL)
    return XMPHC_E_NOMEM;
  ucp_mem_map_params_t mp = {0};
  mp.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH |
                  UCP_MEM_MAP_PARAM_FIELD_FLAGS;
  mp.address = NULL;
  mp.length = bytes > 0 ? bytes : 1;
  mp.flags = UCP_MEM_MAP_ALLOCATE;
  ucp_mem_attr_t attr = {0};
  attr.field_mask = UCP_MEM_ATTR_FIELD_ADDRESS;
  if (ucp_mem_map(context, &mp, &m->memh) != UCS_OK) {
    free(m);
    return XMPHC_E_UCX;
  }
  if (ucp_mem_query(m->memh, &attr) != UCS_OK) {
    ucp_mem_unmap(context, m->memh);
    free(m);
    return XMPHC_E_UCX;
  }
  m->addr = attr.address;
  m->bytes = mp.length;
  memset(m->addr, 0, m->bytes); /* some of UCX's allocators (heap) do not zero */
  m->next = mappings;
  mappings = m;
  *addr = m->addr;
  *memh = m->memh;
  return XMPHC_OK;
}

/* Unlinks and unmaps the mapping at addr; 0 when there is none. */
static int unmap(void *addr) {
  for (mapping_t **l = &mappings; *l != NULL; l = &(*l)->next)
    if ((*l)->addr == addr) {
      mapping_t *m = *l;
      *l = m->next;
      ucp_mem_unmap(context, m->memh);
      free(m);
      return 1;
    }
  return 0;
}

void xmphc_ucx_unmap(void *addr) { (void)unmap(addr); }

int xmphc_ucx_storage_lookup(const void *p, size_t bytes, void **memh) {
  for (mapping_t *m = mappings; m != NULL; m = m->next)
    if ((const char *)p >= (char *)m->addr &&
        (const char *)p + bytes <= (char *)m->addr + m->bytes) {
      *memh = m->memh;
      return 1;
    }
  return 0;
}

void *xmphc_storage_alloc(size_t bytes, int direct) {
  /* UCX's memory only where a peer on this host may reach it: memory UCX allocates ran a
   * stencil over it 3% slower than the C library's (2-D Laplace, one rank, this machine's
   * kind), so a rank alone on its host keeps the latter. */
  if (direct && xmphc_config()->comm != XMPHC_COMM_MPI && xmphc_local_size() > 1) {
    void *addr;
    ucp_mem_h memh;
    if (xmphc_ucx_map(bytes, &addr, &memh) == XMPHC_OK)
      return addr;
    /* No UCX here: plain memory, and MPI is the only path of this array's faces. */
  }
  return calloc(bytes > 0 ? bytes : 1, 1);
}

void xmphc_storage_free(void *p) {
  if (p != NULL && !unmap(p))
    free(p);
}

/* Flags are carved from pages mapped like storage. */
#define FLAGS_PER_PAGE 512
static uint64_t *flag_page;
static ucp_mem_h flag_memh;
static int flags_used = FLAGS_PER_PAGE;

int xmphc_ucx_flag(volatile uint64_t **flag, ucp_mem_h *memh) {
  if (flags_used == FLAGS_PER_PAGE) {
    void *addr;
    int st = xmphc_ucx_map(FLAGS_PER_PAGE * sizeof(uint64_t), &addr, &flag_memh);
    if (st)
      return st;
    flag_page = addr;
    flags_used = 0;
  }
  *flag = &flag_page[flags_used++];
  *memh = flag_memh;
  return XMPHC_OK;
}

int xmphc_ucx_ep(int world, const void *addr, size_t len, ucp_ep_h *ep) {
  (void)len;
  for (int i = 0; i < neps; i++)
    if (eps[i].world == world) {
      *ep = eps[i].ep;
      return XMPHC_OK;
    }
  if (neps == cap_eps) {
    int cap = cap_eps > 0 ? 2 * cap_eps : 8;
    endpoint_t *n = realloc(eps, (size_t)cap * sizeof *n);
    if (n == NULL)
      return XMPHC_E_NOMEM;
    eps = n;
    cap_eps = cap;
  }
  ucp_ep_params_t p = {0};
  p.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS;
  p.address = addr;
  if (ucp_ep_create(worker, &p, ep) != UCS_OK)
    return XMPHC_E_UCX;
  eps[neps++] = (endpoint_t){world, *ep};
  return XMPHC_OK;
}

int xmphc_ucx_wait(ucs_status_ptr_t r) {
  if (r == NULL)
    return XMPHC_OK;
  if (UCS_PTR_IS_ERR(r))
    return XMPHC_E_UCX;
  ucs_status_t s;
  while ((s = ucp_request_check_status(r)) == UCS_INPROGRESS)
    ucp_worker_progress(worker);
  ucp_request_free(r);
  return s == UCS_OK ? XMPHC_OK : XMPHC_E_UCX;
}

/* Closes the endpoints (after flushing them: every put has completed by now anyway) and
 * stops UCP. Peers may be closing theirs at the same time. */
void xmphc_ucx_stop(void) {
  if (state <= 0)
    return;
  ucp_request_param_t p = {0};
  for (int i = 0; i < neps; i++)
    (void)xmphc_ucx_wait(ucp_ep_close_nbx(eps[i].ep, &p));
  free(eps);
  eps = NULL;
  neps = cap_eps = 0;
  while (mappings != NULL)
    (void)unmap(mappings->addr);
  flag_page = NULL;
  flags_used = FLAGS_PER_PAGE;
  ucp_worker_release_address(worker, address);
  ucp_worker_destroy(worker);
  ucp_cleanup(context);
  state = 0;
}
