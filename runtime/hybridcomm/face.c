/* face.c - the shape of a halo face in an array's local storage (thesis 5.3): one
 * contiguous run, runs of several elements a fixed stride apart (block-stride), or runs of one
 * element (stride). The shape decides which copies a direct transport issues. */
#include "xmphc_internal.h"

int xmphc_face_classify(int rank, const long *extent, size_t elem_size, int dim,
                        const long *start, const long *count, xmphc_face_shape_t *s) {
  if (dim < 0 || dim >= rank)
    return XMPHC_E_MISMATCH;
  size_t inner = 1, outer = 1, offset = 0, pitch = 1;
  for (int e = rank - 1; e >= 0; e--) {
    if (count[e] < 0 || start[e] < 0 || start[e] + count[e] > extent[e])
      return XMPHC_E_MISMATCH;
    if (e != dim && (start[e] != 0 || count[e] != extent[e]))
      return XMPHC_E_MISMATCH;
    offset += (size_t)start[e] * pitch;
    pitch *= (size_t)extent[e];
    if (e > dim)
      inner *= (size_t)extent[e];
    if (e < dim)
      outer *= (size_t)extent[e];
  }
  size_t run = (size_t)count[dim] * inner; /* elements per run */
  s->nblocks = run == 0 ? 0 : (long)outer;
  s->block_bytes = run * elem_size;
  s->stride_bytes = (size_t)extent[dim] * inner * elem_size;
  s->offset_bytes = offset * elem_size;
  if (s->nblocks > 1 && s->stride_bytes == s->block_bytes) { /* dim d whole: runs touch */
    s->block_bytes *= (size_t)s->nblocks;
    s->nblocks = 1;
  }
  s->bytes = (size_t)s->nblocks * s->block_bytes;
  /* One run also when the dimensions outside hold one element each. */
  if (s->nblocks <= 1)
    s->kind = XMPHC_FACE_CONTIGUOUS;
  else if (run == 1)
    s->kind = XMPHC_FACE_STRIDE;
  else
    s->kind = XMPHC_FACE_BLOCK_STRIDE;
  return XMPHC_OK;
}

const char *xmphc_face_kind_name(int kind) {
  switch (kind) {
  case XMPHC_FACE_CONTIGUOUS: return "contiguous";
  case XMPHC_FACE_BLOCK_STRIDE: return "block-stride";
  case XMPHC_FACE_STRIDE: return "stride";
  default: return "?";
  }
}
