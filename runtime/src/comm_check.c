/* comm_check.c - the hybrid communication layer's failures, reported by the directive's entry
 * point with the directive's source line (the layer returns status codes and reports
 * nothing itself). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "xmphc.h"
#include "xmpi_internal.h"

void xmpi_comm_check(int status, const xmp_rt_srcloc_t *where, const char *what, ...) {
  if (status == XMPHC_OK)
    return;
  char prefix[256] = "";
  if (what != NULL) {
    va_list ap;
    va_start(ap, what);
    vsnprintf(prefix, sizeof prefix - 2, what, ap);
    va_end(ap);
    strcat(prefix, ": ");
  }
  if (xmphc_error_collective(status))
    xmpb_fatal_collective(where, "%s%s", prefix, xmphc_error_message(status));
  xmpb_fatal(where, "%s%s", prefix, xmphc_error_message(status));
}
