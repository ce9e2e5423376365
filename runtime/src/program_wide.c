/* program_wide.c - a node array or template declared at file scope is one object for the whole
 * program, however many files declare it (a header with the data mapping, included by several
 * files). Every such file names the same (weak) descriptor variable; the first file's
 * initialisation creates the object, each later one creates its own declaration's and compares
 * it with the object there: the same, it is dropped and the object shared; another, the
 * program stops naming both directives. (A repeated `distribute` is compared in template.c.) */
#include <stdio.h>
#include <string.h>

#include "xmpi_internal.h"

/* Drops a descriptor that a later file's declaration made, before anything used it. */
static void drop(xmpi_obj_t *o) {
  xmpi_registry_remove(o);
  o->destroy(o);
}

const char *xmpi_nodes_differ(const xmp_rt_nodes_t *a, const xmp_rt_nodes_t *b) {
  if (a == b)
    return NULL;
  if (a->rank != b->rank)
    return "another number of dimensions";
  for (int d = 0; d < a->rank; d++)
    if (a->size[d] != b->size[d])
      return "another extent";
  if (a->subset != b->subset || a->parent != b->parent)
    return "other nodes: another parent node array";
  for (int d = 0; a->parent != NULL && d < a->parent->rank; d++)
    if (a->sel_lb[d] != b->sel_lb[d] || a->sel_ub[d] != b->sel_ub[d] ||
        a->sel_st[d] != b->sel_st[d])
      return "other nodes of the parent node array";
  return NULL;
}

static _Noreturn void declared_otherwise(const char *what, const char *name,
                                         const xmp_rt_srcloc_t *here,
                                         const xmp_rt_srcloc_t *there, const char *why) {
  xmpb_fatal_collective(here,
                        "%s '%s' is declared here otherwise than by another file of the "
                        "program (%s:%d, '%s'): %s; a file-scope %s is one for the whole program",
                        what, name, there->file ? there->file : "?", there->line,
                        there->directive ? there->directive : "", why, what);
}

xmp_rt_nodes_t *xmp_rt_nodes_share(xmp_rt_nodes_t *existing, xmp_rt_nodes_t *made) {
  if (existing == NULL)
    return made;
  const char *why = xmpi_nodes_differ(made, existing);
  if (why != NULL)
    declared_otherwise("node array", made->name, &made->where, &existing->where, why);
  drop(&made->obj);
  return existing;
}

xmp_rt_template_t *xmp_rt_template_share(xmp_rt_template_t *existing, xmp_rt_template_t *made) {
  if (existing == NULL)
    return made;
  const char *why = NULL;
  char buf[160];
  if (made->rank != existing->rank)
    why = "another number of dimensions";
  else if (made->bounded != existing->bounded)
    why = "its shape is deferred (':') in one file only";
  for (int d = 0; why == NULL && made->bounded && d < made->rank; d++)
    if (made->lower[d] != existing->lower[d] || made->upper[d] != existing->upper[d]) {
      snprintf(buf, sizeof buf, "dimension %d is [%ld:%ld] here and [%ld:%ld] there", d,
               made->lower[d], made->upper[d], existing->lower[d], existing->upper[d]);
      why = buf;
    }
  if (why != NULL)
    declared_otherwise("template", made->name, &made->where, &existing->where, why);
  drop(&made->obj);
  return existing;
}
