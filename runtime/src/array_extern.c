/* Distributed arrays that another file of the program defines (`extern`): that file
 * creates and lays out the array; a file that declares it `extern` with its own mapping
 * directives records that mapping here, and once every file's initialisation has run
 * (xmpi_check_extern_arrays, from the runtime's start) each record is compared with the
 * definition's array: a difference stops the program naming both places. */
#include "xmpi_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct extern_decl {
  xmp_rt_array_t **desc;
  int rank, has_shadow;
  long extent[XMP_RT_MAX_DIMS], offset[XMP_RT_MAX_DIMS];
  int tdim[XMP_RT_MAX_DIMS];
  size_t elem_size;
  xmp_rt_template_t *tmpl;
  long shadow_lo[XMP_RT_MAX_DIMS], shadow_hi[XMP_RT_MAX_DIMS];
  int shadow_full[XMP_RT_MAX_DIMS];
  const char *name;
  xmp_rt_srcloc_t where, shadow_where;
  struct extern_decl *next;
} extern_decl_t;

static extern_decl_t *decls;

void xmp_rt_array_declare_extern(xmp_rt_array_t **desc, int rank, const long *extents,
                                 size_t elem_size, xmp_rt_template_t *t, const int *align_tdim,
                                 const long *align_offset, const char *name,
                                 const xmp_rt_srcloc_t *where) {
  if (rank < 1 || rank > XMP_RT_MAX_DIMS)
    xmpb_fatal_collective(where, "array '%s' has %d dimensions; 1 to %d are supported", name,
                          rank, XMP_RT_MAX_DIMS);
  extern_decl_t *d = xmpb_calloc_or_die(1, sizeof *d, where);
  d->desc = desc;
  d->rank = rank;
  d->elem_size = elem_size;
  d->tmpl = t;
  d->name = name;
  d->where = *where;
  for (int k = 0; k < rank; k++) {
    d->extent[k] = extents[k];
    d->tdim[k] = align_tdim[k];
    d->offset[k] = align_offset[k];
  }
  d->next = decls;
  decls = d;
}

void xmp_rt_array_extern_shadow(xmp_rt_array_t **desc, const long *lo, const long *hi,
                                const int *full, const xmp_rt_srcloc_t *where) {
  extern_decl_t *d = decls;
  while (d != NULL && d->desc != desc)
    d = d->next;
  if (d == NULL)
    xmpb_fatal_collective(where, "shadow of an extern array that this file does not align");
  d->has_shadow = 1;
  d->shadow_where = *where;
  for (int k = 0; k < d->rank; k++) {
    d->shadow_full[k] = full != NULL && full[k] != 0;
    d->shadow_lo[k] = d->shadow_full[k] || lo == NULL ? 0 : lo[k];
    d->shadow_hi[k] = d->shadow_full[k] || hi == NULL ? 0 : hi[k];
  }
}

/* The first difference between a template dimension here and there, or NULL. */
static const char *template_differs(const xmp_rt_template_t *here, int th,
                                    const xmp_rt_template_t *there, int tt) {
  if (here->lower[th] != there->lower[tt] || here->upper[th] != there->upper[tt])
    return "its template dimension has other bounds";
  if (here->distributed != there->distributed)
    return "its template is distributed in one file only";
  if (!here->distributed)
    return NULL;
  return xmpi_dist_differ(&here->dist[th], &there->dist[tt]) != NULL
             ? "its template dimension is distributed otherwise (format, width, nodes or "
               "gblock sizes)"
             : NULL;
}

static _Noreturn void mismatch(const extern_decl_t *d, const xmp_rt_srcloc_t *here,
                               const xmp_rt_array_t *a, int dim, const char *what) {
  xmpb_fatal_collective(here,
                        "array '%s' is mapped differently here than by the file that defines "
                        "it (%s:%d, '%s'): dimension %d: %s",
                        d->name, a->where.file ? a->where.file : "?", a->where.line,
                        a->where.directive ? a->where.directive : "", dim, what);
}

void xmpi_check_extern_arrays(void) {
  for (const extern_decl_t *d = decls; d != NULL; d = d->next) {
    /* (The file's declarations are weak: no definition, no address.) */
    const xmp_rt_array_t *a = d->desc != NULL ? *d->desc : NULL;
    if (a == NULL)
      xmpb_fatal_collective(&d->where,
                            "array '%s' is declared 'extern' and aligned here, but no file of "
                            "the program defines and aligns it",
                            d->name);
    if (a->rank != d->rank)
      mismatch(d, &d->where, a, 0, "another number of dimensions");
    if (a->elem_size != d->elem_size)
      mismatch(d, &d->where, a, 0, "another element size");
    for (int k = 0; k < d->rank; k++) {
      if (a->extent[k] != d->extent[k])
        mismatch(d, &d->where, a, k, "another extent");
      if ((a->align_tdim[k] < 0) != (d->tdim[k] < 0) || a->align_offset[k] != d->offset[k])
        mismatch(d, &d->where, a, k, "another alignment");
      if (d->tdim[k] >= 0) {
        const char *why = template_differs(d->tmpl, d->tdim[k], a->tmpl, a->align_tdim[k]);
        if (why != NULL)
          mismatch(d, &d->where, a, k, why);
      }
      long lo = d->has_shadow ? d->shadow_lo[k] : 0, hi = d->has_shadow ? d->shadow_hi[k] : 0;
      int full = d->has_shadow && d->shadow_full[k];
      if (a->shadow_lo[k] != lo || a->shadow_hi[k] != hi || a->shadow_full[k] != full)
        mismatch(d, d->has_shadow ? &d->shadow_where : &d->where, a, k,
                 "another shadow width");
    }
  }
  while (decls != NULL) {
    extern_decl_t *next = decls->next;
    free(decls);
    decls = next;
  }
}
