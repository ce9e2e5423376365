/* reduce_ops.c - the reduction operators of the collectives: one function per (operator, C
 * type) computing dst[i] = a[i] op b[i] for i < n, where a holds the contribution of the lower
 * ranks. Every rank of a recursive-doubling step applies the same function to the same two
 * operands in the same order, so floating-point results are bitwise equal everywhere.
 *
 * The table is plain data (operator x type -> function, element size): a device kernel can
 * later be indexed by the same (op, type) pairs. Signed integer + and * wrap through the
 * unsigned type of the same width (no undefined overflow). _Bool follows C's arithmetic on
 * _Bool, as reduce.c's MPI mapping does: + - max | || are ||, * min & && are &&, ^ is xor.
 * firstmax / firstmin / lastmax / lastmin reduce (value, rank) pairs (xmphc_pair_* below):
 * the larger (smaller) value wins, ties go to the lower rank for first*, the higher for last*. */
#include <complex.h>
#include <stddef.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "xmphc_internal.h"

typedef void (*reduce_fn_t)(void *dst, const void *a, const void *b, size_t n);

#define LOOP(T, expr)                                                                      \
  const T *pa = a, *pb = b;                                                               \
  T *pd = dst;                                                                             \
  for (size_t i = 0; i < n; i++) {                                                         \
    T x = pa[i], y = pb[i];                                                                \
    pd[i] = (expr);                                                                        \
  }

/* Defines name_<op>(dst, a, b, n) for one operator. */
#define DEF(name, op, T, expr)                                                             \
  static void name##_##op(void *dst, const void *a, const void *b, size_t n) { LOOP(T, expr) }

/* Integers: U is the unsigned type of T's width. */
#define INT_OPS(name, T, U)                                                                \
  DEF(name, sum, T, (T)((U)x + (U)y))                                                      \
  DEF(name, prod, T, (T)((U)x * (U)y))                                                     \
  DEF(name, max, T, y > x ? y : x)                                                         \
  DEF(name, min, T, y < x ? y : x)                                                         \
  DEF(name, band, T, (T)(x & y))                                                           \
  DEF(name, bor, T, (T)(x | y))                                                            \
  DEF(name, bxor, T, (T)(x ^ y))                                                           \
  DEF(name, land, T, (T)(x && y))                                                          \
  DEF(name, lor, T, (T)(x || y))

#define FLT_OPS(name, T)                                                                   \
  DEF(name, sum, T, x + y)                                                                 \
  DEF(name, prod, T, x * y)                                                                \
  DEF(name, max, T, y > x ? y : x)                                                         \
  DEF(name, min, T, y < x ? y : x)

#define CPLX_OPS(name, T)                                                                  \
  DEF(name, sum, T, x + y)                                                                 \
  DEF(name, prod, T, x * y)

INT_OPS(c, char, unsigned char)
INT_OPS(sc, signed char, unsigned char)
INT_OPS(uc, unsigned char, unsigned char)
INT_OPS(s, short, unsigned short)
INT_OPS(us, unsigned short, unsigned short)
INT_OPS(i, int, unsigned)
INT_OPS(u, unsigned, unsigned)
INT_OPS(l, long, unsigned long)
INT_OPS(ul, unsigned long, unsigned long)
INT_OPS(ll, long long, unsigned long long)
INT_OPS(ull, unsigned long long, unsigned long long)
FLT_OPS(f, float)
FLT_OPS(d, double)
FLT_OPS(ld, long double)
CPLX_OPS(cf, float _Complex)
CPLX_OPS(cd, double _Complex)
CPLX_OPS(cld, long double _Complex)
DEF(b, and, _Bool, x && y)
DEF(b, or, _Bool, x || y)
DEF(b, xor, _Bool, x != y)

/* One row per type: its size and its function per operator (NULL: not applicable). The
 * columns follow enum xmp_rt_reduce_op up to XMP_RT_OP_MINUS. */
#define NOPS (XMP_RT_OP_MINUS + 1)
#define INT_ROW(name, T)                                                                   \
  {sizeof(T), {name##_sum, name##_prod, name##_max, name##_min, name##_band, name##_bor,     \
               name##_bxor, name##_land, name##_lor, name##_sum}}
#define FLT_ROW(name, T)                                                                   \
  {sizeof(T), {name##_sum, name##_prod, name##_max, name##_min, NULL, NULL, NULL, NULL,     \
               NULL, name##_sum}}
#define CPLX_ROW(name, T)                                                                  \
  {sizeof(T), {name##_sum, name##_prod, NULL, NULL, NULL, NULL, NULL, NULL, NULL, name##_sum}}

static const struct {
  size_t size;
  reduce_fn_t fn[NOPS];
} table[XMPHC_NTYPES] = {
    [XMP_RT_CHAR] = INT_ROW(c, char),
    [XMP_RT_SCHAR] = INT_ROW(sc, signed char),
    [XMP_RT_UCHAR] = INT_ROW(uc, unsigned char),
    [XMP_RT_SHORT] = INT_ROW(s, short),
    [XMP_RT_USHORT] = INT_ROW(us, unsigned short),
    [XMP_RT_INT] = INT_ROW(i, int),
    [XMP_RT_UINT] = INT_ROW(u, unsigned),
    [XMP_RT_LONG] = INT_ROW(l, long),
    [XMP_RT_ULONG] = INT_ROW(ul, unsigned long),
    [XMP_RT_LLONG] = INT_ROW(ll, long long),
    [XMP_RT_ULLONG] = INT_ROW(ull, unsigned long long),
    [XMP_RT_FLOAT] = FLT_ROW(f, float),
    [XMP_RT_DOUBLE] = FLT_ROW(d, double),
    [XMP_RT_LDOUBLE] = FLT_ROW(ld, long double),
    [XMP_RT_BOOL] = {sizeof(_Bool), {b_or, b_and, b_or, b_and, b_and, b_or, b_xor, b_and, b_or,
                                     b_or}},
    [XMP_RT_FCOMPLEX] = CPLX_ROW(cf, float _Complex),
    [XMP_RT_DCOMPLEX] = CPLX_ROW(cd, double _Complex),
    [XMP_RT_LDCOMPLEX] = CPLX_ROW(cld, long double _Complex),
};

/* ---- (value, rank) pairs of the location operators ---- */
/* Four functions per type: first/last x max/min. The pair's rank field follows the value. */
#define PAIR_DEF(name, T, kind, better, first)                                             \
  static void pair_##name##_##kind(void *dst, const void *a, const void *b, size_t n) {    \
    const xmphc_pair_##name##_t *pa = a, *pb = b;                                          \
    xmphc_pair_##name##_t *pd = dst;                                                       \
    for (size_t i = 0; i < n; i++) {                                                       \
      xmphc_pair_##name##_t x = pa[i], y = pb[i];                                          \
      int take_y = (y.v better x.v) ||                                                     \
                   (y.v == x.v && (first ? y.rank < x.rank : y.rank > x.rank));            \
      pd[i] = take_y ? y : x;                                                              \
    }                                                                                      \
  }
#define PAIR_TYPE(name, T)                                                                 \
  typedef struct {                                                                         \
    T v;                                                                                   \
    int rank;                                                                              \
  } xmphc_pair_##name##_t;                                                                 \
  PAIR_DEF(name, T, firstmax, >, 1)                                                        \
  PAIR_DEF(name, T, firstmin, <, 1)                                                        \
  PAIR_DEF(name, T, lastmax, >, 0)                                                         \
  PAIR_DEF(name, T, lastmin, <, 0)

PAIR_TYPE(c, char)
PAIR_TYPE(sc, signed char)
PAIR_TYPE(uc, unsigned char)
PAIR_TYPE(s, short)
PAIR_TYPE(us, unsigned short)
PAIR_TYPE(i, int)
PAIR_TYPE(u, unsigned)
PAIR_TYPE(l, long)
PAIR_TYPE(ul, unsigned long)
PAIR_TYPE(ll, long long)
PAIR_TYPE(ull, unsigned long long)
PAIR_TYPE(f, float)
PAIR_TYPE(d, double)
PAIR_TYPE(ld, long double)
PAIR_TYPE(b, _Bool)

#define PAIR_ROW(name)                                                                     \
  {sizeof(xmphc_pair_##name##_t), offsetof(xmphc_pair_##name##_t, rank),                   \
   {pair_##name##_firstmax, pair_##name##_firstmin, pair_##name##_lastmax,                 \
    pair_##name##_lastmin}}

static const struct {
  size_t size, rank_offset;
  reduce_fn_t fn[4];
} pair_table[XMP_RT_BOOL + 1] = {
    [XMP_RT_CHAR] = PAIR_ROW(c),    [XMP_RT_SCHAR] = PAIR_ROW(sc), [XMP_RT_UCHAR] = PAIR_ROW(uc),
    [XMP_RT_SHORT] = PAIR_ROW(s),   [XMP_RT_USHORT] = PAIR_ROW(us), [XMP_RT_INT] = PAIR_ROW(i),
    [XMP_RT_UINT] = PAIR_ROW(u),    [XMP_RT_LONG] = PAIR_ROW(l),   [XMP_RT_ULONG] = PAIR_ROW(ul),
    [XMP_RT_LLONG] = PAIR_ROW(ll),  [XMP_RT_ULLONG] = PAIR_ROW(ull), [XMP_RT_FLOAT] = PAIR_ROW(f),
    [XMP_RT_DOUBLE] = PAIR_ROW(d),  [XMP_RT_LDOUBLE] = PAIR_ROW(ld), [XMP_RT_BOOL] = PAIR_ROW(b),
};

int xmphc_reduce_op(int op, int type, xmphc_reduce_op_t *r) {
  memset(r, 0, sizeof *r);
  if (type < 0 || type >= XMPHC_NTYPES)
    return XMPHC_E_UNSUPPORTED;
  if (op >= XMP_RT_OP_FIRSTMAX && op <= XMP_RT_OP_LASTMIN) {
    if (type > XMP_RT_BOOL)
      return XMPHC_E_UNSUPPORTED; /* no order on complex values */
    r->fn = pair_table[type].fn[op - XMP_RT_OP_FIRSTMAX];
    r->elem_size = pair_table[type].size;
    r->value_size = table[type].size;
    r->rank_offset = pair_table[type].rank_offset;
    r->pair = 1;
    return XMPHC_OK;
  }
  if (op < 0 || op >= NOPS || table[type].fn[op] == NULL)
    return XMPHC_E_UNSUPPORTED;
  r->fn = table[type].fn[op];
  r->elem_size = r->value_size = table[type].size;
  return XMPHC_OK;
}

/* ---- identities, for a loop's location reduction (reduce_loop.c) ---- */
/* The value v of type T that op leaves unchanged; allbits: for & (only reached where the table
 * has &). */
#define IDENTITY(T, lowest, highest, allbits)                                              \
  do {                                                                                     \
    T v;                                                                                   \
    switch (op) {                                                                          \
    case XMP_RT_OP_PROD: case XMP_RT_OP_LAND: v = (T)1; break;                             \
    case XMP_RT_OP_MAX: case XMP_RT_OP_FIRSTMAX: case XMP_RT_OP_LASTMAX: v = (lowest); break; \
    case XMP_RT_OP_MIN: case XMP_RT_OP_FIRSTMIN: case XMP_RT_OP_LASTMIN: v = (highest); break; \
    case XMP_RT_OP_BAND: v = (allbits); break;                                             \
    default: v = (T)0; break;                                                              \
    }                                                                                      \
    memcpy(out, &v, sizeof v);                                                             \
    return XMPHC_OK;                                                                       \
  } while (0)
#define INT_IDENTITY(T, lowest, highest) IDENTITY(T, lowest, highest, (T)~(T)0)

int xmphc_reduce_identity(int op, int type, void *out) {
  xmphc_reduce_op_t r;
  int st = xmphc_reduce_op(op, type, &r); /* the same (op, type) pairs as the reductions */
  if (st)
    return st;
  switch (type) {
  case XMP_RT_CHAR: INT_IDENTITY(char, CHAR_MIN, CHAR_MAX);
  case XMP_RT_SCHAR: INT_IDENTITY(signed char, SCHAR_MIN, SCHAR_MAX);
  case XMP_RT_UCHAR: INT_IDENTITY(unsigned char, 0, UCHAR_MAX);
  case XMP_RT_SHORT: INT_IDENTITY(short, SHRT_MIN, SHRT_MAX);
  case XMP_RT_USHORT: INT_IDENTITY(unsigned short, 0, USHRT_MAX);
  case XMP_RT_INT: INT_IDENTITY(int, INT_MIN, INT_MAX);
  case XMP_RT_UINT: INT_IDENTITY(unsigned, 0, UINT_MAX);
  case XMP_RT_LONG: INT_IDENTITY(long, LONG_MIN, LONG_MAX);
  case XMP_RT_ULONG: INT_IDENTITY(unsigned long, 0, ULONG_MAX);
  case XMP_RT_LLONG: INT_IDENTITY(long long, LLONG_MIN, LLONG_MAX);
  case XMP_RT_ULLONG: INT_IDENTITY(unsigned long long, 0, ULLONG_MAX);
  case XMP_RT_FLOAT: IDENTITY(float, -INFINITY, INFINITY, 0);
  case XMP_RT_DOUBLE: IDENTITY(double, -INFINITY, INFINITY, 0);
  case XMP_RT_LDOUBLE: IDENTITY(long double, -INFINITY, INFINITY, 0);
  case XMP_RT_BOOL: IDENTITY(_Bool, 0, 1, 1); /* & on _Bool is && (the table) */
  case XMP_RT_FCOMPLEX: IDENTITY(float _Complex, 0, 0, 0);
  case XMP_RT_DCOMPLEX: IDENTITY(double _Complex, 0, 0, 0);
  case XMP_RT_LDCOMPLEX: IDENTITY(long double _Complex, 0, 0, 0);
  default: return XMPHC_E_UNSUPPORTED;
  }
}

int xmphc_reduce_loc_later(int op, int type, const void *earlier, const void *later, int *wins) {
  xmphc_reduce_op_t r;
  int st = xmphc_reduce_op(op, type, &r);
  if (!st && (!r.pair || r.elem_size > 64))
    st = XMPHC_E_UNSUPPORTED;
  if (st)
    return st;
  /* (earlier, 0) against (later, 1): the pair operators' tie rule is the loop's order. */
  _Alignas(max_align_t) unsigned char a[64] = {0}, b[64] = {0}, out[64];
  int zero = 0, one = 1, rank;
  memcpy(a, earlier, r.value_size);
  memcpy(a + r.rank_offset, &zero, sizeof zero);
  memcpy(b, later, r.value_size);
  memcpy(b + r.rank_offset, &one, sizeof one);
  r.fn(out, a, b, 1);
  memcpy(&rank, out + r.rank_offset, sizeof rank);
  *wins = rank == 1;
  return XMPHC_OK;
}
