/* coarray.c - coarrays (XMP's local view): the images, the registry of coarrays and their MPI
 * windows, image indices from cosubscripts, and the completion of puts that image control
 * statements need (the transfers are in coarray_rma.c, synchronisation in coarray_sync.c,
 * coarray_post.c and coarray_lock.c).
 *
 * Images are the ranks of MPI_COMM_WORLD (the runtime runs on all of them, in that order).
 * Each coarray is a window created over the program's own object (MPI_Win_create), opened
 * with MPI_Win_lock_all for the program's life: every put and get is passive-target. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "xmpi_internal.h"

static int nimages = 1, me;
static MPI_Comm sync_comm = MPI_COMM_NULL, post_comm = MPI_COMM_NULL;
static xmp_rt_coarray_t *first, *last;

int xmpi_images(void) { return nimages; }
int xmpi_image_me(void) { return me; }
MPI_Comm xmpi_coarray_sync_comm(void) { return sync_comm; }
MPI_Comm xmpi_coarray_post_comm(void) { return post_comm; }

/* Collectively at the program's end: the posts' requests, every window (in creation order,
 * the same on every image), then the communicators. */
static void shutdown(void) {
  xmpi_post_shutdown();
  while (first != NULL) {
    xmp_rt_coarray_t *c = first;
    first = c->next;
    xmpi_rma_close(&c->rma);
    free(c->coshape);
    free(c);
  }
  last = NULL;
  if (sync_comm != MPI_COMM_NULL)
    MPI_Comm_free(&sync_comm);
  if (post_comm != MPI_COMM_NULL)
    MPI_Comm_free(&post_comm);
}

void xmpi_coarray_start(void) {
  if (sync_comm != MPI_COMM_NULL)
    return;
  MPI_Comm_size(MPI_COMM_WORLD, &nimages);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_dup(MPI_COMM_WORLD, &sync_comm);
  MPI_Comm_dup(MPI_COMM_WORLD, &post_comm);
  xmpb_at_shutdown(shutdown);
}

void xmpi_check_image(int image, const char *name, const xmp_rt_srcloc_t *where) {
  if (image >= 0 && image < nimages)
    return;
  if (name != NULL)
    xmpb_fatal(where, "coarray '%s': image %d is not one of the program's %d images (0..%d)",
               name, image, nimages, nimages - 1);
  xmpb_fatal(where, "image %d is not one of the program's %d images (0..%d)", image, nimages,
             nimages - 1);
}

/* The same object registered again (another file's declaration of it): the first coarray. */
static xmp_rt_coarray_t *find(const void *base) {
  for (xmp_rt_coarray_t *c = first; c != NULL; c = c->next)
    if (c->base == base)
      return c;
  return NULL;
}

static void check_coshape(int corank, const long *coshape, const char *name,
                          const xmp_rt_srcloc_t *where) {
  if (corank < 1 || coshape == NULL)
    xmpb_fatal_collective(where, "coarray '%s': corank %d (a coarray has at least one "
                          "codimension)", name, corank);
  for (int d = 0; d < corank; d++) {
    if (coshape[d] == -1 && d != corank - 1)
      xmpb_fatal_collective(where, "coarray '%s': codimension %d is '*', which only the last "
                            "codimension (%d) may be", name, d, corank - 1);
    if (coshape[d] < 1 && !(coshape[d] == -1 && d == corank - 1))
      xmpb_fatal_collective(where, "coarray '%s': codimension %d has extent %ld (extents are "
                            "at least 1, or '*' for the last)", name, d, coshape[d]);
  }
}

xmp_rt_coarray_t *xmp_rt_coarray_new(void *base, size_t bytes, int corank, const long *coshape,
                                     const char *name, const xmp_rt_srcloc_t *where) {
  if (name == NULL)
    name = "(unnamed)";
  if (sync_comm == MPI_COMM_NULL)
    xmpb_fatal(where, "coarray '%s' is declared before xmp_rt_init started the runtime", name);
  if (xmpi_exec_depth() > 0)
    xmpb_fatal(where, "coarray '%s': coarrays are created by every image together, not "
               "inside a task", name);
  check_coshape(corank, coshape, name, where);
  if (base == NULL && bytes > 0)
    xmpb_fatal_collective(where, "coarray '%s' has no storage (a null address)", name);
  if (bytes > (size_t)LONG_MAX)
    xmpb_fatal_collective(where, "coarray '%s' has %zu bytes, more than this runtime "
                          "addresses", name, bytes);
  /* The same size everywhere, or puts would be checked against the wrong bounds. */
  long size[2] = {(long)bytes, -(long)bytes};
  MPI_Allreduce(MPI_IN_PLACE, size, 2, MPI_LONG, MPI_MAX, sync_comm);
  if (size[0] != -size[1])
    xmpb_fatal_collective(where, "coarray '%s' has different sizes on different images (%ld "
                          "to %ld bytes): it must be the same object everywhere", name,
                          -size[1], size[0]);

  xmp_rt_coarray_t *c = find(base);
  if (c != NULL && bytes > 0) {
    int same = c->bytes == bytes && c->corank == corank;
    for (int d = 0; same && d < corank; d++)
      same = c->coshape[d] == coshape[d];
    if (!same)
      xmpb_fatal_collective(where, "coarray '%s' is declared here otherwise than as coarray "
                            "'%s' (%s:%d): another size or coshape", name, c->name,
                            c->where.file != NULL ? c->where.file : "?", c->where.line);
    return c;
  }

  c = xmpb_calloc_or_die(1, sizeof *c, where);
  c->base = base;
  c->bytes = bytes;
  c->corank = corank;
  c->coshape = xmpb_calloc_or_die((size_t)corank, sizeof *c->coshape, where);
  for (int d = 0; d < corank; d++)
    c->coshape[d] = coshape[d];
  c->name = name;
  c->where = xmpb_srcloc_copy(where);
  char what[160];
  snprintf(what, sizeof what, "coarray '%s'", name);
  xmpi_rma_open(&c->rma, base, bytes, sync_comm, what, where);
  if (last != NULL)
    last->next = c;
  else
    first = c;
  last = c;
  return c;
}

int xmp_rt_coarray_image(const xmp_rt_coarray_t *c, const long *cosub,
                         const xmp_rt_srcloc_t *where) {
  for (int d = 0; d < c->corank; d++) {
    if (cosub[d] < 0)
      xmpb_fatal(where, "coarray '%s': cosubscript %ld of codimension %d is negative", c->name,
                 cosub[d], d);
    if (c->coshape[d] != -1 && cosub[d] >= c->coshape[d])
      xmpb_fatal(where, "coarray '%s': cosubscript %ld of codimension %d is outside 0..%ld",
                 c->name, cosub[d], d, c->coshape[d] - 1);
  }
  /* image = c0 + e0*(c1 + e1*(...)): never decreasing as it is built, so it can stop (before
   * any overflow) as soon as it is past the last image. */
  long image = cosub[c->corank - 1];
  for (int d = c->corank - 2; d >= 0 && image < nimages; d--)
    image = cosub[d] + c->coshape[d] * image;
  if (image >= nimages) {
    char subs[256];
    size_t n = 0;
    for (int d = 0; d < c->corank && n < sizeof subs; d++)
      n += (size_t)snprintf(subs + n, sizeof subs - n, "%s%ld", d > 0 ? ", " : "", cosub[d]);
    xmpb_fatal(where, "coarray '%s': cosubscripts (%s) name an image past the program's %d "
               "images (0..%d)", c->name, subs, nimages, nimages - 1);
  }
  return (int)image;
}

void xmpi_coarray_complete_all(void) {
  for (xmp_rt_coarray_t *c = first; c != NULL; c = c->next) {
    xmpi_rma_flush_all(&c->rma);
    MPI_Win_sync(c->rma.win);
  }
}

void xmpi_coarray_sync_windows(void) {
  for (xmp_rt_coarray_t *c = first; c != NULL; c = c->next)
    MPI_Win_sync(c->rma.win);
}
