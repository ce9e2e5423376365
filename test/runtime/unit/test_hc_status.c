/* test_hc_status.c - the hybrid layer's failures as status codes (hybridcomm/status.c): a
 * failure's message is handed to the entry point with its status, another status gets its
 * generic text, only a bad setting is a collective error, and every status has a text. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmphc_internal.h"

int main(void) {
  CHECK(xmphc_fail(XMPHC_E_TOO_LARGE, "array '%s': a halo face of %zu bytes", "p",
                   (size_t)3000000000u) == XMPHC_E_TOO_LARGE);
  CHECKF(strcmp(xmphc_error_message(XMPHC_E_TOO_LARGE),
                "array 'p': a halo face of 3000000000 bytes") == 0,
         "%s", xmphc_error_message(XMPHC_E_TOO_LARGE));
  /* the message belongs to its status only */
  CHECK(strcmp(xmphc_error_message(XMPHC_E_NOMEM), "out of memory") == 0);
  CHECK(strcmp(xmphc_error_message(XMPHC_OK), "no error") == 0);
  /* a later failure replaces it */
  (void)xmphc_fail(XMPHC_E_SETTING, "environment variable XMP_COMM='x' is invalid");
  CHECK(strcmp(xmphc_error_message(XMPHC_E_TOO_LARGE), xmphc_status_str(XMPHC_E_TOO_LARGE)) == 0);
  CHECK(strstr(xmphc_error_message(XMPHC_E_SETTING), "XMP_COMM='x'") != NULL);
  for (int st = XMPHC_OK; st <= XMPHC_E_INTERNAL; st++) {
    CHECKF(strcmp(xmphc_status_str(st), "unknown error") != 0, "status %d has no text", st);
    CHECKF(xmphc_error_collective(st) == (st == XMPHC_E_SETTING), "status %d", st);
  }
  /* the config reader hands a bad value up as XMPHC_E_SETTING, reporting nothing */
  setenv("XMP_HALO_ORDER", "sideways", 1);
  CHECK(xmphc_config_read() == XMPHC_E_SETTING);
  CHECK(strstr(xmphc_error_message(XMPHC_E_SETTING), "XMP_HALO_ORDER='sideways'") != NULL);
  unsetenv("XMP_HALO_ORDER");
  CHECK(xmphc_config_read() == XMPHC_OK);
  return CHECK_RESULT();
}
