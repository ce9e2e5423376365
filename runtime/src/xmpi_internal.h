/* xmpi_internal.h - libxmp's internal types and functions shared between its files. */
#ifndef XMPI_INTERNAL_H
#define XMPI_INTERNAL_H

#include <mpi.h>

#include "xmp_rt.h"
#include "xmpi_index.h"

/* ---- error.c: the one reporting path ---- */
/* Print `xmpcc runtime: file:line: 'directive': message` to stderr and end the program
 * with status 1. xmpi_fatal is for errors found by one rank (MPI_Abort); xmpi_fatal_collective
 * for errors every rank finds at the same point: rank 0 prints, all ranks finalize and exit.
 * where may be NULL. */
_Noreturn void xmpi_fatal(const xmp_rt_srcloc_t *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
_Noreturn void xmpi_fatal_collective(const xmp_rt_srcloc_t *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* calloc that reports exhaustion through xmpi_fatal: every runtime object is
 * created on behalf of a directive, so the message names it. */
void *xmpi_calloc_or_die(size_t count, size_t size, const xmp_rt_srcloc_t *where);

/* Copies *where (NULL gives an empty location) so objects can name their declaration later. */
xmp_rt_srcloc_t xmpi_srcloc_copy(const xmp_rt_srcloc_t *where);

/* ---- registry.c: runtime objects still alive, destroyed at finalize ---- */
typedef struct xmpi_obj {
  struct xmpi_obj *prev, *next;
  void (*destroy)(struct xmpi_obj *self);
} xmpi_obj_t;
void xmpi_registry_add(xmpi_obj_t *o, void (*destroy)(xmpi_obj_t *self));
void xmpi_registry_remove(xmpi_obj_t *o);
/* Destroys all objects, newest first (arrays before their templates before their nodes). */
void xmpi_registry_destroy_all(void);

/* ---- init.c ---- */
/* Frees every runtime object and finalizes MPI; safe to call more than once. */
void xmpi_shutdown(void);

/* ---- nodes.c ---- */
struct xmp_rt_nodes {
  xmpi_obj_t obj; /* first: the registry casts back */
  int rank;
  int size[XMP_RT_MAX_DIMS];
  int coord[XMP_RT_MAX_DIMS];
  MPI_Comm comm;
  const char *name;
  xmp_rt_srcloc_t where;
};

/* ---- template.c ---- */
struct xmp_rt_template {
  xmpi_obj_t obj;
  int rank;
  long lower[XMP_RT_MAX_DIMS], upper[XMP_RT_MAX_DIMS];
  int distributed;          /* 0 until xmp_rt_template_distribute */
  xmp_rt_nodes_t *nodes;    /* set when distributed */
  int node_dim[XMP_RT_MAX_DIMS]; /* node dim of each template dim, -1 if not distributed */
  xmpi_dist_t dist[XMP_RT_MAX_DIMS];
  const char *name;
  xmp_rt_srcloc_t where;
};

/* This node's coordinate along the node dimension template dim tdim is mapped to (0 when
 * tdim is not distributed, its dist then has one node). */
int xmpi_template_coord(const xmp_rt_template_t *t, int tdim);

/* ---- array.c ---- */
struct xmp_rt_array {
  xmpi_obj_t obj;
  int rank;
  long extent[XMP_RT_MAX_DIMS];
  size_t elem_size;
  xmp_rt_template_t *tmpl;
  int align_tdim[XMP_RT_MAX_DIMS];
  long align_offset[XMP_RT_MAX_DIMS];
  /* Shadow widths; 0 until shadows are implemented, but already part of the layout. */
  long shadow_lo[XMP_RT_MAX_DIMS], shadow_hi[XMP_RT_MAX_DIMS];
  void *data;
  const char *name;
  xmp_rt_srcloc_t where;
};

#endif /* XMPI_INTERNAL_H */
