/* status.c - the layer's status codes and the message of its last failure (xmphc.h). The
 * layer returns a status from every call that can fail and reports nothing itself; the
 * directive's entry point reports it with the directive's source line. */
#include <stdarg.h>
#include <stdio.h>

#include "xmphc_internal.h"

static struct {
  int status; /* XMPHC_OK: no message */
  char text[512];
} last;

const char *xmphc_status_str(int status) {
  switch (status) {
  case XMPHC_OK:
    return "no error";
  case XMPHC_E_NOMEM:
    return "out of memory";
  case XMPHC_E_UCX:
    return "a UCX call failed";
  case XMPHC_E_MISMATCH:
    return "the two ends of a transfer describe different faces";
  case XMPHC_E_SETUP:
    return "a setup message is larger than its buffer";
  case XMPHC_E_UNSUPPORTED:
    return "not supported by the hybrid layer";
  case XMPHC_E_TRUNCATED:
    return "a report line is longer than its buffer";
  case XMPHC_E_SETTING:
    return "a bad setting";
  case XMPHC_E_CUDA:
    return "a CUDA kernel failed to launch";
  case XMPHC_E_TOO_LARGE:
    return "a face larger than one MPI message";
  case XMPHC_E_INTERNAL:
    return "internal error of the hybrid layer";
  default:
    return "unknown error";
  }
}

int xmphc_fail(int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last.text, sizeof last.text, fmt, ap);
  va_end(ap);
  last.status = status;
  return status;
}

const char *xmphc_error_message(int status) {
  return status != XMPHC_OK && last.status == status ? last.text : xmphc_status_str(status);
}

int xmphc_error_collective(int status) { return status == XMPHC_E_SETTING; }
