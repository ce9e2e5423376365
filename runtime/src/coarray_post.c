/* coarray_post.c - `post` and `wait` (XMP's point-to-point synchronisation): a post is one
 * empty message to the image, tagged with the user's tag, on a communicator of its own; a wait
 * receives one (so posts are counted: two posts need two waits). Both are image control and
 * complete this image's puts first: the poster's puts before its post have landed when the
 * message leaves, and the waiter MPI_Win_syncs its windows after receiving, so that they are
 * visible after the wait. The sends are nonblocking; their requests are kept and completed by
 * later posts and at the program's end. */
#include <stdlib.h>

#include "xmpi_internal.h"

static MPI_Request *sent;
static int nsent, cap;

/* Drops the requests of the sends that have completed. */
static void reap(void) {
  int kept = 0;
  for (int i = 0; i < nsent; i++) {
    int done = 0;
    MPI_Test(&sent[i], &done, MPI_STATUS_IGNORE);
    if (!done)
      sent[kept++] = sent[i];
  }
  nsent = kept;
}

static void check_tag(const char *what, long tag, const xmp_rt_srcloc_t *where) {
  int *ub = NULL, flag = 0;
  MPI_Comm_get_attr(xmpi_coarray_post_comm(), MPI_TAG_UB, &ub, &flag);
  long limit = flag && ub != NULL ? *ub : 32767; /* the least MPI guarantees */
  if (tag < 0 || tag > limit)
    xmpb_fatal(where, "%s tag %ld is outside 0..%ld (MPI_TAG_UB of this MPI)", what, tag, limit);
}

void xmp_rt_post(int image, long tag, const xmp_rt_srcloc_t *where) {
  if (image < 0 || image >= xmpi_images())
    xmpb_fatal(where, "post to image %d, which is not one of the program's %d images (0..%d)",
               image, xmpi_images(), xmpi_images() - 1);
  check_tag("post", tag, where);
  xmpi_coarray_complete_all();
  reap();
  if (nsent == cap) {
    int n = cap ? 2 * cap : 16;
    MPI_Request *r = realloc(sent, (size_t)n * sizeof *r);
    if (r == NULL)
      xmpb_fatal(where, "out of memory keeping a post's request");
    sent = r;
    cap = n;
  }
  MPI_Isend(NULL, 0, MPI_BYTE, image, (int)tag, xmpi_coarray_post_comm(), &sent[nsent++]);
}

void xmp_rt_wait(int image, int has_tag, long tag, const xmp_rt_srcloc_t *where) {
  if (image < -1 || image >= xmpi_images())
    xmpb_fatal(where, "wait for image %d, which is not one of the program's %d images (0..%d)",
               image, xmpi_images(), xmpi_images() - 1);
  if (has_tag)
    check_tag("wait", tag, where);
  xmpi_coarray_complete_all(); /* image control: this image's puts complete here too */
  MPI_Recv(NULL, 0, MPI_BYTE, image < 0 ? MPI_ANY_SOURCE : image,
           has_tag ? (int)tag : MPI_ANY_TAG, xmpi_coarray_post_comm(), MPI_STATUS_IGNORE);
  xmpi_coarray_sync_windows();
}

void xmpi_post_shutdown(void) {
  /* Empty messages are sent eagerly: these complete even where no wait received them. */
  if (nsent > 0)
    MPI_Waitall(nsent, sent, MPI_STATUSES_IGNORE);
  free(sent);
  sent = NULL;
  nsent = cap = 0;
}
