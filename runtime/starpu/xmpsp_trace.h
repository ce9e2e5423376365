/* xmpsp_trace.h - spans of directives for XMP_DEV_TRACE and NVTX (runtime/starpu/trace.c), for
 * the directive entry points of runtime/src as well as the StarPU layer's own (no StarPU
 * names here).
 *
 * A span brackets one execution of a directive: an NVTX range named by the directive and its
 * source line where libxmp was built with NVTX (the CUDA toolkit's header-only nvtx3: Nsight
 * Systems shows the ranges, nothing happens without it), and, under XMP_DEV_TRACE=1, its wall
 * time added to the directive's total, printed per directive at the end; under
 * XMP_DEV_TIMELINE=1, timing events on the rank's stream at its start and end. */
#ifndef XMPSP_TRACE_H
#define XMPSP_TRACE_H

#include "xmp_rt.h"

typedef struct xmpsp_span {
  const xmp_rt_srcloc_t *where;
  double t0;  /* s; < 0: not timed */
  void *ev0;  /* XMP_DEV_TIMELINE: the event recorded on the rank's stream at the start */
} xmpsp_span_t;

void xmpsp_span_begin(xmpsp_span_t *s, const xmp_rt_srcloc_t *where);
void xmpsp_span_end(xmpsp_span_t *s);

#endif /* XMPSP_TRACE_H */
