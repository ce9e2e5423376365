/* trace.c - XMP_DEV_TRACE: the time and host<->device transfers of each device loop execution
 * and each replicate_sync, from StarPU's bus profiling. StarPU counts every transfer it makes per (source, destination)
 * memory node; reading a bus's counters resets them, so reading all buses before and after an
 * execution gives exactly that execution's transfers. */
#include <stdarg.h>
#include <stdio.h>

#include "xmpsp_internal.h"

void xmpsp_trace_enable(void) { starpu_profiling_status_set(STARPU_PROFILING_ENABLE); }

void xmpsp_trace_bus(xmpsp_bus_counts_t *c) {
  *c = (xmpsp_bus_counts_t){0};
  int nbus = starpu_bus_get_count();
  for (int b = 0; b < nbus; b++) {
    struct starpu_profiling_bus_info info;
    xmpsp_check(starpu_bus_get_profiling_info(b, &info), NULL, "starpu_bus_get_profiling_info");
    enum starpu_node_kind src = starpu_node_get_kind((unsigned)starpu_bus_get_src(b));
    enum starpu_node_kind dst = starpu_node_get_kind((unsigned)starpu_bus_get_dst(b));
    if (src == STARPU_CPU_RAM && dst == STARPU_CUDA_RAM) {
      c->h2d_count += info.transfer_count;
      c->h2d_bytes += info.transferred_bytes;
    } else if (src == STARPU_CUDA_RAM && dst == STARPU_CPU_RAM) {
      c->d2h_count += info.transfer_count;
      c->d2h_bytes += info.transferred_bytes;
    }
  }
}

double xmpsp_trace_begin(void) {
  xmpsp_trace_bus(&(xmpsp_bus_counts_t){0});
  return starpu_timing_now();
}

void xmpsp_trace_span(const xmp_rt_srcloc_t *where, double start_us, const char *fmt, ...) {
  xmpsp_bus_counts_t c;
  xmpsp_trace_bus(&c);
  if (!xmpsp_speaker())
    return;
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  xmpi_note(where, "trace",
            "%s, wall %.3f ms, host->device %ld (%lld bytes), device->host %ld (%lld bytes)", what,
            (starpu_timing_now() - start_us) * 1e-3, c.h2d_count, c.h2d_bytes, c.d2h_count,
            c.d2h_bytes);
}
