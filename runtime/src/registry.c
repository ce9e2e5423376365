/* registry.c - list of live runtime objects, so that finalize can free what the generated
 * code never frees (file-scope nodes, templates, arrays) before MPI_Finalize. */
#include <stddef.h>

#include "xmpi_internal.h"

static xmpi_obj_t *newest;

void xmpi_registry_add(xmpi_obj_t *o, void (*destroy)(xmpi_obj_t *self)) {
  o->destroy = destroy;
  o->next = NULL;
  o->prev = newest;
  if (newest != NULL)
    newest->next = o;
  newest = o;
}

void xmpi_registry_remove(xmpi_obj_t *o) {
  if (o->prev != NULL)
    o->prev->next = o->next;
  if (o->next != NULL)
    o->next->prev = o->prev;
  else
    newest = o->prev;
  o->prev = o->next = NULL;
}

void xmpi_registry_destroy_all(void) {
  while (newest != NULL) {
    xmpi_obj_t *o = newest;
    xmpi_registry_remove(o);
    o->destroy(o);
  }
}
