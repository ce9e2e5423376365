/* coarray_sync.c - image control between images: sync all, sync memory and sync images
 * (xmp.h). Each completes this image's puts first (coarray.c); sync images then exchanges
 * one empty message each way with every image of its set, on a communicator of its own, so
 * that the n-th sync images of image i naming j matches the n-th of j naming i (MPI keeps
 * the messages of one pair and tag in order). */
#include <stdlib.h>

#include "xmp.h"
#include "xmpi_internal.h"

/* The one tag of the handshakes on xmpi_coarray_sync_comm (no other messages go there). */
#define SYNC_TAG 0

static void success(int *status) {
  if (status != NULL)
    *status = XMP_STAT_SUCCESS;
}

int xmpc_num_images(void) { return xmp_num_images(); }

void xmp_sync_memory(int *status) {
  xmpi_coarray_complete_all();
  success(status);
}

void xmp_sync_all(int *status) {
  xmpi_coarray_complete_all();
  MPI_Barrier(xmpi_coarray_sync_comm());
  xmpi_coarray_sync_windows();
  success(status);
}

/* The handshake with images[0..n-1] (others than this one, each once). */
static void handshake(const int *images, int n) {
  MPI_Comm comm = xmpi_coarray_sync_comm();
  MPI_Request *req = xmpb_calloc_or_die(2 * (size_t)n + 1, sizeof *req, NULL);
  for (int i = 0; i < n; i++) {
    MPI_Irecv(NULL, 0, MPI_BYTE, images[i], SYNC_TAG, comm, &req[2 * i]);
    MPI_Isend(NULL, 0, MPI_BYTE, images[i], SYNC_TAG, comm, &req[2 * i + 1]);
  }
  MPI_Waitall(2 * n, req, MPI_STATUSES_IGNORE);
  free(req);
}

void xmp_sync_images(int num, int *image_set, int *status) {
  int nimages = xmpi_images(), me = xmpi_image_me();
  if (num < 0)
    xmpb_fatal(NULL, "xmp_sync_images: a negative number of images (%d)", num);
  if (num > 0 && image_set == NULL)
    xmpb_fatal(NULL, "xmp_sync_images: %d images, but no image set (a null pointer)", num);
  /* Checked whole before any message, so that an error leaves no handshake half done. */
  char *seen = xmpb_calloc_or_die((size_t)nimages, 1, NULL);
  int *others = xmpb_calloc_or_die((size_t)num + 1, sizeof *others, NULL);
  int n = 0;
  for (int i = 0; i < num; i++) {
    int k = image_set[i];
    if (k < 0 || k >= nimages)
      xmpb_fatal(NULL, "xmp_sync_images: image %d is not one of the program's %d images "
                 "(0..%d)", k, nimages, nimages - 1);
    if (seen[k])
      xmpb_fatal(NULL, "xmp_sync_images: image %d appears twice in the image set", k);
    seen[k] = 1;
    if (k != me)
      others[n++] = k;
  }
  free(seen);
  xmpi_coarray_complete_all();
  handshake(others, n);
  xmpi_coarray_sync_windows();
  free(others);
  success(status);
}

void xmp_sync_image(int image, int *status) { xmp_sync_images(1, &image, status); }

void xmp_sync_images_all(int *status) {
  int nimages = xmpi_images(), me = xmpi_image_me();
  int *others = xmpb_calloc_or_die((size_t)nimages, sizeof *others, NULL);
  int n = 0;
  for (int k = 0; k < nimages; k++)
    if (k != me)
      others[n++] = k;
  xmpi_coarray_complete_all();
  handshake(others, n);
  xmpi_coarray_sync_windows();
  free(others);
  success(status);
}
