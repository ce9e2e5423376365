/* transport_ucx.c - the direct path for host data: RMA puts straight into the neighbour's
 * shadow through UCX (shared memory inside a host), no packing.
 *
 * At plan time each end tells the other its worker address, where its face lies (first run,
 * stride between runs), the rkey of its storage and of a 64-bit flag. An execution with
 * epoch n (both ends count executions alike):
 *   receiver: puts n into the sender's flag ("my shadow may be overwritten"), then waits
 *             for its own flag to reach n;
 *   sender:   waits for its flag to reach n, puts each run of its region into the receiver's
 *             shadow, fences, puts n into the receiver's flag.
 * The sender thus never writes a shadow the receiver may still read from the previous
 * execution, and the receiver reads the shadow only after the fence has ordered every run
 * before the flag. The exchange flushes the worker before returning, so source regions are
 * free and the flag puts have landed before either side goes on. */
#include <stdlib.h>
#include <string.h>

#include "xmphc_ucx.h"

typedef struct ucx_face {
  volatile uint64_t *flag; /* my end's flag: "ready" for a sender, "data" for a receiver */
  ucp_mem_h flag_memh;
  ucp_ep_h ep;
  ucp_rkey_h data_rkey, flag_rkey;
  uint64_t remote_region, remote_stride, remote_flag;
  uint64_t epoch_buf; /* the source of flag puts, alive until the flush */
  int sent;
} ucx_face_t;

/* The setup message; the worker address and the two packed rkeys follow it. */
typedef struct ucx_setup {
  uint64_t region, stride, flag, nblocks, block_bytes;
  uint32_t addr_len, data_rkey_len, flag_rkey_len, pad;
} ucx_setup_t;

static int ucx_describe(const xmphc_xinfo_t *x, xmphc_face_t *f, unsigned char *buf,
                        size_t cap, size_t *len) {
  *len = 0;
  void *memh;
  if (!xmphc_ucx_active() ||
      !xmphc_ucx_storage_lookup(x->st->base, f->shape.offset_bytes + f->shape.bytes, &memh))
    return XMPHC_OK; /* storage from calloc: only MPI reaches it */
  ucx_face_t *u = calloc(1, sizeof *u);
  if (u == NULL)
    return XMPHC_E_NOMEM;
  f->tr[XMPHC_PATH_DIRECT] = u;
  int st = xmphc_ucx_flag(&u->flag, &u->flag_memh);
  if (st)
    return st;
  void *data_key = NULL, *flag_key = NULL;
  size_t data_len = 0, flag_len = 0, addr_len;
  const void *addr = xmphc_ucx_address(&addr_len);
  if (ucp_rkey_pack(xmphc_ucx_context(), memh, &data_key, &data_len) != UCS_OK)
    return XMPHC_E_UCX;
  if (ucp_rkey_pack(xmphc_ucx_context(), u->flag_memh, &flag_key, &flag_len) != UCS_OK) {
    ucp_rkey_buffer_release(data_key);
    return XMPHC_E_UCX;
  }
  ucx_setup_t h = {(uint64_t)(uintptr_t)((char *)x->st->base + f->shape.offset_bytes),
                   (uint64_t)f->shape.stride_bytes, (uint64_t)(uintptr_t)u->flag,
                   (uint64_t)f->shape.nblocks, (uint64_t)f->shape.block_bytes,
                   (uint32_t)addr_len, (uint32_t)data_len, (uint32_t)flag_len, 0};
  size_t need = sizeof h + addr_len + data_len + flag_len;
  if (need <= cap) {
    memcpy(buf, &h, sizeof h);
    memcpy(buf + sizeof h, addr, addr_len);
    memcpy(buf + sizeof h + addr_len, data_key, data_len);
    memcpy(buf + sizeof h + addr_len + data_len, flag_key, flag_len);
    *len = need;
  }
  ucp_rkey_buffer_release(data_key);
  ucp_rkey_buffer_release(flag_key);
  return need <= cap ? XMPHC_OK : XMPHC_E_SETUP;
}

static int ucx_plan(const xmphc_xinfo_t *x, xmphc_face_t *f) {
  (void)x;
  ucx_face_t *u = f->tr[XMPHC_PATH_DIRECT];
  ucx_setup_t h;
  if (u == NULL || f->peer_setup_len < sizeof h)
    return XMPHC_E_MISMATCH;
  memcpy(&h, f->peer_setup, sizeof h);
  if (sizeof h + h.addr_len + h.data_rkey_len + h.flag_rkey_len != f->peer_setup_len ||
      h.nblocks != (uint64_t)f->shape.nblocks || h.block_bytes != f->shape.block_bytes)
    return XMPHC_E_MISMATCH;
  const unsigned char *p = f->peer_setup + sizeof h;
  int st = xmphc_ucx_ep(f->world_peer, p, h.addr_len, &u->ep);
  if (st)
    return st;
  p += h.addr_len;
  if (ucp_ep_rkey_unpack(u->ep, p, &u->data_rkey) != UCS_OK)
    return XMPHC_E_UCX;
  p += h.data_rkey_len;
  if (ucp_ep_rkey_unpack(u->ep, p, &u->flag_rkey) != UCS_OK)
    return XMPHC_E_UCX;
  u->remote_region = h.region;
  u->remote_stride = h.stride;
  u->remote_flag = h.flag;
  return XMPHC_OK;
}

/* Puts the epoch into the peer's flag (non-blocking; completed by the exchange's flush). */
static int put_flag(ucx_face_t *u, uint64_t epoch) {
  u->epoch_buf = epoch;
  ucp_request_param_t p = {0};
  ucs_status_ptr_t r = ucp_put_nbx(u->ep, &u->epoch_buf, sizeof u->epoch_buf, u->remote_flag,
                                   u->flag_rkey, &p);
  if (UCS_PTR_IS_ERR(r))
    return XMPHC_E_UCX;
  if (r != NULL)
    ucp_request_free(r); /* completion is observed through the flush */
  return XMPHC_OK;
}

static int ucx_start(const xmphc_xinfo_t *x, xmphc_face_t *f) {
  ucx_face_t *u = f->tr[XMPHC_PATH_DIRECT];
  u->sent = 0;
  return f->desc.send ? XMPHC_OK : put_flag(u, x->epoch);
}

static int flag_reached(const ucx_face_t *u, uint64_t epoch) {
  return __atomic_load_n(u->flag, __ATOMIC_ACQUIRE) >= epoch;
}

static int ucx_test(const xmphc_xinfo_t *x, xmphc_face_t *f, int *done) {
  ucx_face_t *u = f->tr[XMPHC_PATH_DIRECT];
  ucp_worker_progress(xmphc_ucx_worker());
  *done = 0;
  if (!flag_reached(u, x->epoch))
    return XMPHC_OK;
  if (f->desc.send && !u->sent) {
    const char *src = (const char *)x->st->base + f->shape.offset_bytes;
    ucp_request_param_t p = {0};
    for (long b = 0; b < f->shape.nblocks; b++) {
      ucs_status_ptr_t r = ucp_put_nbx(u->ep, src + (size_t)b * f->shape.stride_bytes,
                                       f->shape.block_bytes,
                                       u->remote_region + (uint64_t)b * u->remote_stride,
                                       u->data_rkey, &p);
      if (UCS_PTR_IS_ERR(r))
        return XMPHC_E_UCX;
      if (r != NULL)
        ucp_request_free(r);
    }
    if (ucp_worker_fence(xmphc_ucx_worker()) != UCS_OK)
      return XMPHC_E_UCX;
    int st = put_flag(u, x->epoch);
    if (st)
      return st;
    u->sent = 1;
  }
  *done = 1;
  return XMPHC_OK;
}

static int ucx_finish(const xmphc_xinfo_t *x) {
  (void)x;
  ucp_request_param_t p = {0};
  return xmphc_ucx_wait(ucp_worker_flush_nbx(xmphc_ucx_worker(), &p));
}

static void ucx_release(xmphc_face_t *f) {
  ucx_face_t *u = f->tr[XMPHC_PATH_DIRECT];
  if (u == NULL)
    return;
  if (u->data_rkey != NULL)
    ucp_rkey_destroy(u->data_rkey);
  if (u->flag_rkey != NULL)
    ucp_rkey_destroy(u->flag_rkey);
  free(u);
  f->tr[XMPHC_PATH_DIRECT] = NULL;
}

const xmphc_transport_t xmphc_transport_ucx = {"ucx", ucx_describe, ucx_plan, ucx_start,
                                               ucx_test, ucx_finish, ucx_release};
