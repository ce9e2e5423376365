/* fake_env.h - a fake environment for the settings parsers' unit tests: fake_env holds
 * NAME=VALUE strings, NULL-terminated, and fake(name) looks a name up in it as getenv would. */
#ifndef XMPI_TEST_FAKE_ENV_H
#define XMPI_TEST_FAKE_ENV_H

#include <string.h>

static const char *const *fake_env;
static const char *fake(const char *name) {
  size_t n = strlen(name);
  for (const char *const *e = fake_env; *e != NULL; e++)
    if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
      return *e + n + 1;
  return NULL;
}

#endif
