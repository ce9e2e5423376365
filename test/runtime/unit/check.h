/* check.h - minimal assertions for the runtime unit tests: report file:line, count failures. */
#ifndef XMPI_TEST_CHECK_H
#define XMPI_TEST_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                                        \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);             \
      check_failures++;                                                                    \
    }                                                                                      \
  } while (0)

/* Like CHECK, with a printf-style context line, for checks inside enumeration loops. */
#define CHECKF(cond, ...)                                                                  \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);             \
      fprintf(stderr, __VA_ARGS__);                                                        \
      fputc('\n', stderr);                                                                 \
      check_failures++;                                                                    \
    }                                                                                      \
  } while (0)

#define CHECK_RESULT() (check_failures == 0 ? 0 : (fprintf(stderr, "%d failures\n", check_failures), 1))

#endif
