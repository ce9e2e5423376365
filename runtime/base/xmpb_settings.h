/* xmpb_settings.h - the XMP_* settings of runtime/include/xmp_settings.def, read by kind.
 *
 * The bottom layer of the runtime: it calls nothing above it. Every layer that reads a setting
 * names it by its id (XMPB_<NAME>), and its parser is pure: the values come from a lookup
 * function, so that the unit tests give it fake environments. An unset or empty variable
 * keeps the default; anything else must parse completely, else the reader remembers the first
 * bad one as "environment variable NAME='value' is invalid: accepted values are ...". */
#ifndef XMPB_SETTINGS_H
#define XMPB_SETTINGS_H

#include <stddef.h>

typedef enum {
#define XMP_SETTING(name, kind, values, dflt, help) XMPB_##name,
#include "xmp_settings.def"
#undef XMP_SETTING
  XMPB_NSETTINGS
} xmpb_setting_id_t;

typedef enum {
  XMPB_KIND_WORDS,
  XMPB_KIND_COUNT0,
  XMPB_KIND_COUNT1,
  XMPB_KIND_SHARE,
  XMPB_KIND_WORDS_OR_FILE,
  XMPB_KIND_BYTES
} xmpb_setting_kind_t;

typedef struct xmpb_setting {
  const char *name;
  xmpb_setting_kind_t kind;
  const char *values; /* as --help-env prints them: "a|b|c", "n >= 1", ... */
  const char *dflt;
  const char *help;
} xmpb_setting_t;

/* The table, indexed by xmpb_setting_id_t. */
const xmpb_setting_t *xmpb_setting(xmpb_setting_id_t id);

/* One parse of several settings: where the values come from, and the first bad one. */
typedef struct xmpb_reader {
  const char *(*lookup)(const char *name);
  char *msg; /* the first bad value's message */
  size_t cap;
  const char *bad; /* its variable's name; NULL while every value read was good */
} xmpb_reader_t;

/* WORDS: the index of the value in the entry's list (the default's where unset); a bad value
 * gives the default's. WORDS_OR_FILE: the same, or the last index (the file name's) with the
 * value copied into file (cap bytes; a longer one is bad). */
int xmpb_setting_word(xmpb_reader_t *r, xmpb_setting_id_t id);
int xmpb_setting_word_or_file(xmpb_reader_t *r, xmpb_setting_id_t id, char *file, size_t cap);
/* COUNT0 / COUNT1: the integer (at most 1000000); `unset` where unset or bad. */
int xmpb_setting_count(xmpb_reader_t *r, xmpb_setting_id_t id, int unset);
/* SHARE: the number; the table's default where unset or bad. */
double xmpb_setting_share(xmpb_reader_t *r, xmpb_setting_id_t id);

/* BYTES: the size in bytes (*percent 0), or the percentage in (0, 100] (*percent 1); -1 where
 * unset or bad. */
double xmpb_setting_bytes(xmpb_reader_t *r, xmpb_setting_id_t id, int *percent);

#endif
