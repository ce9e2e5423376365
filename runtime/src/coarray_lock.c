/* coarray_lock.c - `lock` / `unlock` of an xmp_lock_t element of a coarray: the lock word (0
 * free, else the holder's image + 1) changes only by MPI atomics on its image. Lock swaps
 * 0 -> me + 1 (MPI_Compare_and_swap), retrying while another image holds it after a growing
 * pause, spent inside MPI so that transfers to this image progress meanwhile; unlock swaps
 * me + 1 -> 0, so that an image that does not hold the lock changes nothing before its error
 * stops the program. Both complete this image's puts first; lock makes the previous holders'
 * puts (completed at their unlock) visible after it. */
#include <stdint.h>

#include "xmp.h"
#include "xmpi_internal.h"

/* The lock word's displacement in c's window, checked. */
static long lock_offset(const xmp_rt_coarray_t *c, int image, const void *lock_at,
                        const xmp_rt_srcloc_t *where) {
  xmpi_check_image(image, c->name, where);
  long off = (long)((intptr_t)lock_at - (intptr_t)c->base);
  if (off < 0 || c->bytes < sizeof(xmp_lock_t) || off > (long)(c->bytes - sizeof(xmp_lock_t)))
    xmpb_fatal(where, "coarray '%s': the lock at byte %ld is outside the coarray's %zu bytes",
               c->name, off, c->bytes);
  if ((uintptr_t)lock_at % 8 != 0)
    xmpb_fatal(where, "coarray '%s': the lock at byte %ld is not 8-byte aligned", c->name, off);
  return off;
}

/* old = the lock word; it becomes desired where it was expected. */
static long long swap(xmp_rt_coarray_t *c, int image, long off, long long expected,
                      long long desired) {
  long long old = 0;
  MPI_Compare_and_swap(&desired, &expected, &old, MPI_LONG_LONG, image, (MPI_Aint)off, c->rma.win);
  MPI_Win_flush(image, c->rma.win);
  return old;
}

void xmp_rt_coarray_lock(xmp_rt_coarray_t *c, int image, const void *lock_at,
                         const xmp_rt_srcloc_t *where) {
  long off = lock_offset(c, image, lock_at, where);
  long long mine = (long long)xmpi_image_me() + 1;
  xmpi_coarray_complete_all();
  long pause_ns = 1000;
  for (;;) {
    long long old = swap(c, image, off, 0, mine);
    if (old == 0)
      break;
    if (old == mine)
      xmpb_fatal(where, "coarray '%s': the lock at byte %ld on image %d is already locked by "
                 "this image", c->name, off, image);
    /* The pause lets MPI progress: some one-sided components (Open MPI's osc/ucx without
     * single-copy shared memory) serve other images' transfers here only from inside MPI. */
    double until = MPI_Wtime() + pause_ns * 1e-9;
    do {
      int flag;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, xmpi_coarray_sync_comm(), &flag, MPI_STATUS_IGNORE);
    } while (MPI_Wtime() < until);
    if (pause_ns < 1000000)
      pause_ns *= 2;
  }
  xmpi_coarray_sync_windows();
}

void xmp_rt_coarray_unlock(xmp_rt_coarray_t *c, int image, const void *lock_at,
                           const xmp_rt_srcloc_t *where) {
  long off = lock_offset(c, image, lock_at, where);
  long long mine = (long long)xmpi_image_me() + 1;
  xmpi_coarray_complete_all();
  long long old = swap(c, image, off, mine, 0);
  if (old != mine)
    xmpb_fatal(where, "coarray '%s': the lock at byte %ld on image %d is not locked by this "
               "image", c->name, off, image);
}
