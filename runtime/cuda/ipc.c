/* ipc.c - CUDA IPC: this process's allocations exported (handles cached by allocation), peers'
 * allocations mapped here (kept while they may be in use, closed when found freed), and
 * whether one device can write into another's memory. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xmpb.h"
#include "xmpcu_internal.h"

/* Exports of this process's allocations, by the driver's allocation id: an allocation freed
 * and another made at the same address (a user's buffer, a grown scratch) has a new id, so
 * never gets the old allocation's handle. One table, replaced round robin (a handle is only
 * a lookup saved). */
enum { EXPORTS = 64 };
static struct {
  unsigned long long id;
  xmp_dev_ipc_handle_t handle;
} exports[EXPORTS];
static unsigned next_export;

void xmpcu_ipc_export(const void *ptr, xmp_dev_ipc_t *out, const xmp_rt_srcloc_t *where) {
  memset(out, 0, sizeof *out);
  xmpcu_ptr_info_t i = xmpcu_ptr_info(ptr);
  if (i.type != XMPCU_MEM_DEVICE || i.id == 0) {
    char b[192];
    xmpb_fatal(where, "CUDA IPC: cannot export %s (not device memory of a live allocation)",
               xmpcu_describe(ptr, b, sizeof b));
  }
  unsigned k = 0;
  while (k < EXPORTS && exports[k].id != i.id)
    k++;
  if (k == EXPORTS) {
    k = next_export++ % EXPORTS;
    xmpcu_check(xmpcu_api(where)->ipc_get(&exports[k].handle, (void *)i.base),
                "cudaIpcGetMemHandle", where);
    exports[k].id = i.id;
  }
  out->handle = exports[k].handle;
  out->offset = (uint64_t)((uintptr_t)ptr - i.base);
  out->device = i.device;
  out->valid = 1;
  out->pid = (int32_t)getpid();
  out->id = i.id;
  out->base = (uint64_t)i.base;
  out->size = (uint64_t)i.size;
}

/* Peers' allocations mapped here, by (process, allocation id), kept while they may be in use:
 * a peer's live allocations never overlap, so one of its mappings that overlaps a newly
 * exported allocation of that peer is of a freed one and is closed (its stale mapping would
 * keep the freed memory, receive writes meant for the new buffer, be too small for them, or
 * make the new one's cudaIpcOpenMemHandle fail with "already mapped"). Every copy through a
 * mapping is waited for before the step or exchange that made it ends, so none is in flight
 * when one is closed. */
typedef struct mapping {
  struct mapping *next;
  int32_t pid;
  int device; /* current when it was opened */
  unsigned long long id;
  uint64_t base, size; /* the allocation in the peer's address space */
  char *local;
} mapping_t;
static mapping_t *mappings;

static void close_mapping(mapping_t **link) {
  mapping_t *m = *link;
  *link = m->next;
  int was = xmpcu_use_device(m->device, NULL);
  xmpcu_api(NULL)->ipc_close(m->local);
  xmpcu_use_device(was, NULL);
  free(m);
}

/* Closes the mappings of other allocations that overlap in's: in the exporter's address
 * space and of the same process (local 0), or in this process's (local 1). */
static void close_overlapping(const xmp_dev_ipc_t *in, int local) {
  for (mapping_t **l = &mappings; *l != NULL;) {
    mapping_t *m = *l;
    uint64_t lo = local ? (uint64_t)(uintptr_t)m->local : m->base;
    int overlap = lo < in->base + in->size && in->base < lo + m->size;
    if (overlap && (local || m->pid == in->pid) && !(m->pid == in->pid && m->id == in->id))
      close_mapping(l);
    else
      l = &m->next;
  }
}

void *xmpcu_ipc_import(const xmp_dev_ipc_t *in, const xmp_rt_srcloc_t *where) {
  if (!in->valid || in->offset > in->size)
    xmpb_fatal(where,
               "internal: a CUDA IPC note without a valid allocation (offset %llu of "
               "%llu B)",
               (unsigned long long)in->offset, (unsigned long long)in->size);
  for (mapping_t *m = mappings; m != NULL; m = m->next)
    if (m->pid == in->pid && m->id == in->id)
      return m->local + in->offset;
  close_overlapping(in, 0);
  void *local = NULL;
  int err = xmpcu_api(where)->ipc_open(&local, in->handle, XMPCU_IPC_LAZY_PEER);
  if (err == XMPCU_ALREADY_MAPPED) {
    /* The driver maps at the exporter's address: a stale mapping of another process's freed
     * allocation may sit there. */
    close_overlapping(in, 1);
    err = xmpcu_api(where)->ipc_open(&local, in->handle, XMPCU_IPC_LAZY_PEER);
  }
  if (err != 0)
    xmpb_fatal(where,
               "CUDA: cudaIpcOpenMemHandle failed: %s (process %d's allocation %#llx + "
               "%llu B, id %llu, its device %d; current device %d)",
               xmpcu_api(where)->error_string(err), (int)in->pid, (unsigned long long)in->base,
               (unsigned long long)in->size, in->id, in->device, xmpcu_current_device(where));
  mapping_t *m = xmpb_calloc_or_die(1, sizeof *m, where);
  *m = (mapping_t){mappings, in->pid, xmpcu_current_device(where), in->id, in->base,
                   in->size, local};
  mappings = m;
  return m->local + in->offset;
}

void xmpcu_ipc_close_all(void) {
  while (mappings != NULL)
    close_mapping(&mappings);
}

int xmpcu_peer_ok(int device, int peer_device) {
  if (device < 0 || peer_device < 0 || device >= XMPCU_MAX_DEVICES ||
      peer_device >= XMPCU_MAX_DEVICES)
    return 0;
  if (device == peer_device)
    return 1;
  /* Asked once per pair: every execution of a device exchange asks again. */
  static signed char known[XMPCU_MAX_DEVICES][XMPCU_MAX_DEVICES]; /* 0: not asked */
  if (known[device][peer_device] == 0) {
    int can = 0;
    known[device][peer_device] =
        xmpcu_api(NULL)->can_access_peer(&can, device, peer_device) == 0 && can ? 1 : -1;
  }
  return known[device][peer_device] > 0;
}
