/* coll_ucx.c - the collectives' direct path for host data: mailboxes in UCX-mapped memory
 * that the peers of this rank's direct-link domain put into (shared memory inside a host;
 * see xmphc_internal.h for the protocol and ucx.c for why the memory comes from
 * ucp_mem_map). A collective's user buffer is usually not such memory (a scalar on the
 * stack), so messages land in the receiver's mailbox and the receiver reads or reduces them
 * from there. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_ucx.h"

typedef struct peer {
  int ok;
  ucp_ep_h ep;
  ucp_rkey_h slot_rkey, flag_rkey;
  uint64_t slots, flags; /* remote addresses */
} peer_t;

struct xmphc_mbox {
  int rank, size, nslots;
  size_t cap;
  void *slots;             /* nslots * cap bytes */
  volatile uint64_t *flag; /* data[nslots], then ready[nslots][size] (ready_index) */
  peer_t *peer;
};

/* The record each rank publishes; the worker address and two packed rkeys follow it. */
typedef struct rec {
  uint32_t ok, addr_len, slot_key_len, flag_key_len;
  uint64_t slots, flags;
} rec_t;
#define REC_BYTES XMPHC_SETUP_BYTES

/* Maps this rank's slots and flags and writes its record; on failure the record says so. */
static int publish(xmphc_mbox_t *m, unsigned char *out) {
  ucp_mem_h slot_memh, flag_memh;
  void *flags;
  int st = xmphc_ucx_map((size_t)m->nslots * m->cap, &m->slots, &slot_memh);
  if (st)
    return st;
  st = xmphc_ucx_map((size_t)m->nslots * (1 + (size_t)m->size) * sizeof(uint64_t), &flags,
                     &flag_memh);
  if (st)
    return st;
  m->flag = flags;
  void *slot_key = NULL, *flag_key = NULL;
  size_t slot_len = 0, flag_len = 0, addr_len;
  const void *addr = xmphc_ucx_address(&addr_len);
  if (ucp_rkey_pack(xmphc_ucx_context(), slot_memh, &slot_key, &slot_len) != UCS_OK)
    return XMPHC_E_UCX;
  if (ucp_rkey_pack(xmphc_ucx_context(), flag_memh, &flag_key, &flag_len) != UCS_OK) {
    ucp_rkey_buffer_release(slot_key);
    return XMPHC_E_UCX;
  }
  rec_t h = {1, (uint32_t)addr_len, (uint32_t)slot_len, (uint32_t)flag_len,
             (uint64_t)(uintptr_t)m->slots, (uint64_t)(uintptr_t)flags};
  size_t need = sizeof h + addr_len + slot_len + flag_len;
  if (need <= REC_BYTES) {
    memcpy(out, &h, sizeof h);
    memcpy(out + sizeof h, addr, addr_len);
    memcpy(out + sizeof h + addr_len, slot_key, slot_len);
    memcpy(out + sizeof h + addr_len + slot_len, flag_key, flag_len);
  }
  ucp_rkey_buffer_release(slot_key);
  ucp_rkey_buffer_release(flag_key);
  return need <= REC_BYTES ? XMPHC_OK : XMPHC_E_SETUP;
}

/* Connects to peer r from its record. */
static int connect_peer(xmphc_mbox_t *m, int r, int world, const unsigned char *in) {
  rec_t h;
  memcpy(&h, in, sizeof h);
  if (!h.ok || sizeof h + h.addr_len + h.slot_key_len + h.flag_key_len > REC_BYTES)
    return XMPHC_E_MISMATCH;
  peer_t *p = &m->peer[r];
  const unsigned char *q = in + sizeof h;
  int st = xmphc_ucx_ep(world, q, h.addr_len, &p->ep);
  if (st)
    return st;
  q += h.addr_len;
  if (ucp_ep_rkey_unpack(p->ep, q, &p->slot_rkey) != UCS_OK)
    return XMPHC_E_UCX;
  q += h.slot_key_len;
  if (ucp_ep_rkey_unpack(p->ep, q, &p->flag_rkey) != UCS_OK)
    return XMPHC_E_UCX;
  p->slots = h.slots;
  p->flags = h.flags;
  return XMPHC_OK;
}

int xmphc_mbox_create(MPI_Comm comm, const int *world, int direct, int nslots, size_t cap,
                      xmphc_mbox_t **out) {
  *out = NULL;
  xmphc_mbox_t *m = calloc(1, sizeof *m);
  if (m == NULL)
    return XMPHC_E_NOMEM;
  MPI_Comm_rank(comm, &m->rank);
  MPI_Comm_size(comm, &m->size);
  m->nslots = nslots;
  m->cap = cap;
  m->peer = calloc((size_t)m->size, sizeof *m->peer);
  unsigned char *recs = calloc((size_t)m->size + 1, REC_BYTES);
  unsigned char *ok = calloc((size_t)m->size * ((size_t)m->size + 1), 1);
  /* Every rank allocates the same sizes, so all fail here alike. */
  if (m->peer == NULL || recs == NULL || ok == NULL) {
    free(recs);
    free(ok);
    xmphc_mbox_free(m);
    return XMPHC_E_NOMEM;
  }
  unsigned char *mine = recs + (size_t)m->size * REC_BYTES;
  int have_peer = 0;
  for (int r = 0; r < m->size; r++)
    have_peer |= r != m->rank && xmphc_same_domain(world[m->rank], world[r]);
  /* A rank that cannot map (no UCX here) publishes a record without ok: MPI with it. */
  if (direct && have_peer && xmphc_ucx_start() == XMPHC_OK && publish(m, mine) != XMPHC_OK)
    memset(mine, 0, REC_BYTES);
  MPI_Allgather(mine, REC_BYTES, MPI_BYTE, recs, REC_BYTES, MPI_BYTE, comm);
  /* Each rank's row of the pairs it could connect; a pair uses the path when both could. */
  unsigned char *row = ok + (size_t)m->size * (size_t)m->size;
  rec_t h;
  memcpy(&h, mine, sizeof h);
  for (int r = 0; r < m->size; r++)
    row[r] = h.ok && r != m->rank && xmphc_same_domain(world[m->rank], world[r]) &&
             connect_peer(m, r, world[r], recs + (size_t)r * REC_BYTES) == XMPHC_OK;
  MPI_Allgather(row, m->size, MPI_BYTE, ok, m->size, MPI_BYTE, comm);
  for (int r = 0; r < m->size; r++)
    m->peer[r].ok = ok[(size_t)m->rank * (size_t)m->size + (size_t)r] &&
                    ok[(size_t)r * (size_t)m->size + (size_t)m->rank];
  free(recs);
  free(ok);
  *out = m;
  return XMPHC_OK;
}

void xmphc_mbox_free(xmphc_mbox_t *m) {
  if (m == NULL)
    return;
  if (xmphc_ucx_active()) {
    ucp_request_param_t p = {0};
    (void)xmphc_ucx_wait(ucp_worker_flush_nbx(xmphc_ucx_worker(), &p));
  }
  for (int r = 0; m->peer != NULL && r < m->size; r++) {
    if (m->peer[r].slot_rkey != NULL)
      ucp_rkey_destroy(m->peer[r].slot_rkey);
    if (m->peer[r].flag_rkey != NULL)
      ucp_rkey_destroy(m->peer[r].flag_rkey);
  }
  if (m->slots != NULL)
    xmphc_ucx_unmap(m->slots);
  if (m->flag != NULL)
    xmphc_ucx_unmap((void *)m->flag);
  free(m->peer);
  free(m);
}

int xmphc_mbox_peer_ok(const xmphc_mbox_t *m, int rank) {
  return m != NULL && rank >= 0 && rank < m->size && m->peer[rank].ok;
}

size_t xmphc_mbox_cap(const xmphc_mbox_t *m) { return m != NULL ? m->cap : 0; }

const void *xmphc_mbox_slot(const xmphc_mbox_t *m, int slot) {
  return (const char *)m->slots + (size_t)slot * m->cap;
}

/* A put that is locally complete on return (data may change afterwards). */
static int put(const peer_t *p, const void *data, size_t bytes, uint64_t remote,
               ucp_rkey_h rkey) {
  ucp_request_param_t prm = {0};
  return xmphc_ucx_wait(ucp_put_nbx(p->ep, data, bytes, remote, rkey, &prm));
}

/* The sender's flag that receiver `to` raises when slot may take its next message: one per
 * receiver, because consecutive collectives may pair a sender's slot with different
 * receivers, and a late receiver of an older epoch would otherwise lower a flag that a faster
 * one had already raised for the newer epoch (seen as a hang at 5 ranks). */
static int ready_index(const xmphc_mbox_t *m, int slot, int receiver) {
  return m->nslots + slot * m->size + receiver;
}

static int put_flag(const xmphc_mbox_t *m, int r, int index, uint64_t epoch) {
  const peer_t *p = &m->peer[r];
  return put(p, &epoch, sizeof epoch, p->flags + (uint64_t)index * sizeof(uint64_t),
             p->flag_rkey);
}

/* Progresses UCX until flag[index] reaches epoch; ranks may share cores, so a long wait
 * gives the core away. */
static void wait_flag(const xmphc_mbox_t *m, int index, uint64_t epoch) {
  for (long spin = 0; __atomic_load_n(&m->flag[index], __ATOMIC_ACQUIRE) < epoch; spin++) {
    ucp_worker_progress(xmphc_ucx_worker());
    if (spin > 64)
      sched_yield();
  }
}

int xmphc_mbox_ready(xmphc_mbox_t *m, int from, int slot, uint64_t epoch) {
  if (!xmphc_mbox_peer_ok(m, from))
    return XMPHC_E_UCX;
  return put_flag(m, from, ready_index(m, slot, m->rank), epoch);
}

int xmphc_mbox_send(xmphc_mbox_t *m, int to, int slot, uint64_t epoch, const void *data,
                    size_t bytes) {
  if (!xmphc_mbox_peer_ok(m, to) || bytes > m->cap)
    return XMPHC_E_UCX;
  wait_flag(m, ready_index(m, slot, to), epoch);
  const peer_t *p = &m->peer[to];
  if (bytes > 0) {
    int st = put(p, data, bytes, p->slots + (uint64_t)slot * m->cap, p->slot_rkey);
    if (st)
      return st;
  }
  if (ucp_worker_fence(xmphc_ucx_worker()) != UCS_OK)
    return XMPHC_E_UCX;
  return put_flag(m, to, slot, epoch);
}

int xmphc_mbox_wait(xmphc_mbox_t *m, int slot, uint64_t epoch) {
  wait_flag(m, slot, epoch);
  return XMPHC_OK;
}
