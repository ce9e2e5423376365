/* async.c - communication started under an async id, completed by xmp_rt_wait_async. */
#include <stdlib.h>

#include "xmp.h"
#include "xmpi_internal.h"
#include "xmpsp_trace.h"

typedef struct async_item {
  struct async_item *next;
  int id;
  MPI_Request *reqs;
  int count;
  int *owner_id;
  void (*done)(void *ctx); /* run after the requests complete, if set */
  void *ctx;
} async_item_t;

/* Few exchanges are in flight at once, so a list is enough. */
static async_item_t *items;

void xmpi_async_add(int id, MPI_Request *reqs, int count, int *owner_id) {
  async_item_t *it = xmpb_calloc_or_die(1, sizeof *it, NULL);
  it->id = id;
  it->reqs = reqs;
  it->count = count;
  it->owner_id = owner_id;
  it->next = items;
  items = it;
  *owner_id = id;
}

void xmpi_async_add_done(int id, void (*done)(void *ctx), void *ctx, int *owner_id) {
  xmpi_async_add(id, NULL, 0, owner_id);
  items->done = done;
  items->ctx = ctx;
}

/* Completes and unlinks *link. */
static void complete(async_item_t **link) {
  async_item_t *it = *link;
  MPI_Waitall(it->count, it->reqs, MPI_STATUSES_IGNORE);
  *it->owner_id = -1;
  *link = it->next;
  if (it->done != NULL)
    it->done(it->ctx);
  free(it);
}

void xmpi_async_complete(int *owner_id) {
  for (async_item_t **link = &items; *link != NULL; link = &(*link)->next)
    if ((*link)->owner_id == owner_id) {
      complete(link);
      return;
    }
}

static void wait_async_body(int async_id, const xmp_rt_srcloc_t *where) {
  /* An id with nothing pending (never used, already waited for, or given to a directive that
   * completes at once, such as bcast and reduction) needs no waiting: XMP says wait_async
   * then does nothing. */
  (void)where;
  async_item_t **link = &items;
  while (*link != NULL) {
    if ((*link)->id == async_id)
      complete(link);
    else
      link = &(*link)->next;
  }
}

/* The directive as a span (XMP_DEV_TRACE, NVTX: xmpsp_trace.h). */
void xmp_rt_wait_async(int async_id, const xmp_rt_srcloc_t *where) {
  xmpsp_span_t span;
  xmpsp_span_begin(&span, where);
  wait_async_body(async_id, where);
  xmpsp_span_end(&span);
}

int xmp_test_async(int async_id) {
  /* Plain requests are tested without blocking. An item with completion work (a reflect's
   * last step, a reduce_shadow's combining, a window flush) has no test of its own; it is
   * finished once the rest is complete, which cannot wait on other nodes' progress: every
   * transfer it waits for was started by all sides when the directive ran. */
  for (async_item_t *it = items; it != NULL; it = it->next) {
    if (it->id != async_id || it->count == 0)
      continue;
    int flag;
    MPI_Testall(it->count, it->reqs, &flag, MPI_STATUSES_IGNORE);
    if (!flag)
      return 0;
  }
  xmp_rt_wait_async(async_id, NULL);
  return 1;
}
