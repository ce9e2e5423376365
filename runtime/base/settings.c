/* settings.c - the table of runtime/include/xmp_settings.def and its readers (xmpb_settings.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpb_settings.h"

static const xmpb_setting_t table[XMPB_NSETTINGS] = {
#define XMP_SETTING(name, kind, values, dflt, help) {#name, XMPB_KIND_##kind, values, dflt, help},
#include "xmp_settings.def"
#undef XMP_SETTING
};

const xmpb_setting_t *xmpb_setting(xmpb_setting_id_t id) { return &table[id]; }

static const char *value(const xmpb_reader_t *r, const xmpb_setting_t *e) {
  const char *v = r->lookup(e->name);
  return v != NULL && *v != '\0' ? v : NULL;
}

static void reject(xmpb_reader_t *r, const xmpb_setting_t *e, const char *v, const char *accepted) {
  if (r->bad != NULL)
    return;
  r->bad = e->name;
  snprintf(r->msg, r->cap, "environment variable %s='%s' is invalid: accepted values are %s",
           e->name, v, accepted);
}

/* The next word of a list "a|b|c" at *p (length *len); *p moves past it, to NULL after the
 * last. */
static const char *next_word(const char **p, int *len) {
  const char *w = *p, *bar = strchr(w, '|');
  *len = bar != NULL ? (int)(bar - w) : (int)strlen(w);
  *p = bar != NULL ? bar + 1 : NULL;
  return w;
}

/* The index of word w in list, or -1; *count gets the number of words. */
static int find_word(const char *list, const char *w, int *count) {
  int found = -1, k = 0, len;
  for (const char *p = list; p != NULL; k++) {
    const char *word = next_word(&p, &len);
    if (found < 0 && (size_t)len == strlen(w) && strncmp(word, w, (size_t)len) == 0)
      found = k;
  }
  *count = k;
  return found;
}

/* "a, b and c" (all_commas: "a, b, c") from the first n words of list "a|b|c|...". */
static void word_list(const char *list, int n, int all_commas, char *out, size_t cap) {
  size_t used = 0;
  out[0] = '\0';
  const char *p = list;
  for (int k = 0, len; k < n && p != NULL && used < cap; k++) {
    const char *word = next_word(&p, &len);
    int w = snprintf(out + used, cap - used, "%s%.*s",
                     k == 0                      ? ""
                     : k == n - 1 && !all_commas ? " and "
                                                 : ", ",
                     len, word);
    used += w > 0 ? (size_t)w : 0;
  }
}

/* A WORDS or WORDS_OR_FILE value: its index in the list, or -1 with *v the value where it is
 * none; the default's index where unset. *n gets the number of words, *dflt the default's. */
static int lookup_word(const xmpb_reader_t *r, const xmpb_setting_t *e, const char **v, int *n,
                       int *dflt) {
  *dflt = find_word(e->values, e->dflt, n);
  *v = value(r, e);
  return *v == NULL ? *dflt : find_word(e->values, *v, n);
}

int xmpb_setting_word(xmpb_reader_t *r, xmpb_setting_id_t id) {
  const xmpb_setting_t *e = &table[id];
  const char *v;
  int n, dflt, k = lookup_word(r, e, &v, &n, &dflt);
  if (k >= 0)
    return k;
  char accepted[160];
  word_list(e->values, n, 0, accepted, sizeof accepted);
  reject(r, e, v, accepted);
  return dflt;
}

int xmpb_setting_word_or_file(xmpb_reader_t *r, xmpb_setting_id_t id, char *file, size_t cap) {
  const xmpb_setting_t *e = &table[id];
  const char *v;
  int n, dflt, k = lookup_word(r, e, &v, &n, &dflt);
  if (v == NULL || (k >= 0 && k < n - 1))
    return k;
  /* the last "word" describes the file name */
  if (strlen(v) < cap) {
    strcpy(file, v);
    return n - 1;
  }
  char accepted[192], words[128];
  word_list(e->values, n - 1, 1, words, sizeof words);
  snprintf(accepted, sizeof accepted, "%s and a file path shorter than %zu characters", words, cap);
  reject(r, e, v, accepted);
  return dflt;
}

int xmpb_setting_count(xmpb_reader_t *r, xmpb_setting_id_t id, int unset) {
  const xmpb_setting_t *e = &table[id];
  const char *v = value(r, e);
  if (v == NULL)
    return unset;
  int min = e->kind == XMPB_KIND_COUNT1 ? 1 : 0;
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (isspace((unsigned char)v[0]) || errno != 0 || *end != '\0' || end == v || x < min ||
      x > 1000000) {
    char accepted[64];
    snprintf(accepted, sizeof accepted, "integers >= %d", min);
    reject(r, e, v, accepted);
    return unset;
  }
  return (int)x;
}

double xmpb_setting_share(xmpb_reader_t *r, xmpb_setting_id_t id) {
  const xmpb_setting_t *e = &table[id];
  double dflt = strtod(e->dflt, NULL);
  const char *v = value(r, e);
  if (v == NULL)
    return dflt;
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (isspace((unsigned char)v[0]) || errno != 0 || *end != '\0' || end == v ||
      !(x >= 0.0 && x <= 1.0)) {
    reject(r, e, v, "real numbers in [0, 1]");
    return dflt;
  }
  return x;
}

double xmpb_setting_bytes(xmpb_reader_t *r, xmpb_setting_id_t id, int *percent) {
  const xmpb_setting_t *e = &table[id];
  *percent = 0;
  const char *v = value(r, e);
  if (v == NULL)
    return -1;
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  double scale = 1;
  int pct = 0;
  if (end != v) {
    switch (*end) {
    case '%':
      pct = 1;
      end++;
      break;
    case 'K':
    case 'k':
      scale = 1024.0, end++;
      break;
    case 'M':
    case 'm':
      scale = 1024.0 * 1024, end++;
      break;
    case 'G':
    case 'g':
      scale = 1024.0 * 1024 * 1024, end++;
      break;
    case 'T':
    case 't':
      scale = 1024.0 * 1024 * 1024 * 1024, end++;
      break;
    default:
      break;
    }
  }
  if (isspace((unsigned char)v[0]) || v[0] == '-' || errno != 0 || end == v || *end != '\0' ||
      !(x > 0) || isinf(x) || (pct && x > 100)) {
    reject(r, e, v, "sizes in bytes > 0 (with a K, M, G or T suffix: powers of 1024) and "
                    "percentages in (0, 100] such as 40%");
    return -1;
  }
  *percent = pct;
  return pct ? x : x * scale;
}
