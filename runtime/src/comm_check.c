/* comm_check.c - the hybrid communication layer's failures, reported by the directive's entry
 * point with the directive's source line (the layer returns status codes and reports
 * nothing itself). */
#include "xmphc.h"
#include "xmpi_internal.h"

void xmpi_comm_check(int status, const char *what, const xmp_rt_srcloc_t *where) {
  if (status == XMPHC_OK)
    return;
  const char *msg = xmphc_error_message(status);
  if (xmphc_error_collective(status))
    xmpb_fatal_collective(where, "%s%s%s", what != NULL ? what : "", what != NULL ? ": " : "", msg);
  xmpb_fatal(where, "%s%s%s", what != NULL ? what : "", what != NULL ? ": " : "", msg);
}
