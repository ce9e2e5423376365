/* Included with quotes by ../quoted-include.c, relative to that source. */
#define QUOTED_INCLUDE_ANSWER 42
