/* test_mpi_coll.c - the hybrid layer's collectives (runtime/hybridcomm/coll*.c) against
 * serial computations: binomial bcast from every root (bytes and a strided datatype),
 * recursive-doubling allgather (blocks of unequal and zero size, contiguous and strided), and
 * allreduce of every XMP operator on every C type it applies to, the location operators as
 * (value, rank) pairs. Every rank also checks that it got the same bits as rank 0. Run at
 * 1-5 ranks and under XMP_COMM=direct|mpi and XMP_SUBCLUSTER_SIZE (CMakeLists.txt).
 *
 * Floating-point + and * are compared with the error bound of the p - 1 roundings of a
 * recursive-doubling reduction (Higham, gamma_k = k u / (1 - k u), u the unit roundoff of the
 * type): |computed - exact| <= gamma_{p-1} S with S = sum |x_r| for +, |prod x_r| for * (for
 * complex *, sqrt(5) u per multiplication); the reference is computed in long double, whose
 * own error adds one more such bound (so twice the bound in all).
 *
 * Built with XMP_TEST_DEVICE (scripts/gpu-check.sh coll, CUDA runtime linked): the same
 * checks on device buffers (XMPHC_LOC_DEVICE), each rank on GPU local rank % GPUs; every
 * buffer goes to the device before the collective and back after it. Without a GPU that
 * build prints that it skipped and exits 77. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmp_rt.h"
#include "xmphc.h"

static int me, np;

/* Where the collectives' buffers are: the host's, or a device copy of them. */
#ifdef XMP_TEST_DEVICE
#include <cuda_runtime.h>
static const int loc = XMPHC_LOC_DEVICE;
/* A device copy of host[0, bytes) (host NULL: an unused device address). */
static void *to_dev(const void *host, size_t bytes) {
  void *d = NULL;
  if (cudaMalloc(&d, bytes > 0 ? bytes : 1) != cudaSuccess) {
    fprintf(stderr, "cudaMalloc of %zu bytes failed\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (host != NULL)
    cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
  return d;
}
/* The device copy back into host[0, bytes), freed. */
static void from_dev(void *host, void *d, size_t bytes) {
  if (host != NULL)
    cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d);
}
#else
static const int loc = XMPHC_LOC_HOST;
static void *to_dev(void *host, size_t bytes) { return (void)bytes, host; }
static void from_dev(void *host, void *d, size_t bytes) { (void)host, (void)d, (void)bytes; }
#endif

/* ---- bcast ---- */

static unsigned char pattern(int root, size_t i, int salt) {
  return (unsigned char)(root * 37 + (int)(i * 131 % 251) + salt);
}

static void test_bcast(void) {
  const size_t sizes[] = {1, 7, 4099, 70000};
  for (int iter = 0; iter < 2; iter++)
    for (int root = 0; root < np; root++)
      for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        size_t n = sizes[k];
        unsigned char *b = malloc(n);
        for (size_t i = 0; i < n; i++)
          b[i] = me == root ? pattern(root, i, iter) : (unsigned char)(0xa5 ^ me);
        void *db = to_dev(b, n);
        int st = xmphc_bcast(MPI_COMM_WORLD, db, (int)n, MPI_BYTE, root, loc, NULL);
        from_dev(b, db, n);
        CHECKF(st == XMPHC_OK, "bcast status %d", st);
        size_t bad = 0;
        for (size_t i = 0; i < n; i++)
          bad += b[i] != pattern(root, i, iter);
        CHECKF(bad == 0, "bcast of %zu B from %d: %zu bytes differ on rank %d", n, root, bad, me);
        free(b);
      }
  /* A strided section (every third double of 300): only those change. */
  MPI_Datatype every3;
  MPI_Type_vector(100, 1, 3, MPI_DOUBLE, &every3);
  MPI_Type_commit(&every3);
  for (int root = 0; root < np; root++) {
    double a[300];
    for (int i = 0; i < 300; i++)
      a[i] = me == root || i % 3 != 0 ? 1000.0 * root + i : -1.0;
    void *da = to_dev(a, sizeof a);
    int st = xmphc_bcast(MPI_COMM_WORLD, da, 1, every3, root, loc, NULL);
    from_dev(a, da, sizeof a);
    CHECKF(st == XMPHC_OK, "typed bcast status %d", st);
    int bad = 0;
    for (int i = 0; i < 300; i++)
      bad += a[i] != 1000.0 * root + i;
    CHECKF(bad == 0, "typed bcast from %d: %d elements differ on rank %d", root, bad, me);
  }
  MPI_Type_free(&every3);
}

/* ---- allgather ---- */

/* Rank r's block: r * 3 + 1 elements, none for rank 1 (a zero-size block inside). */
static int block_len(int r) { return r == 1 && np > 2 ? 0 : r * 3 + 1; }
static double gvalue(int r, int i, int iter) { return r * 1000.0 + i + 0.5 * iter; }

/* rows x (sum of block lengths) matrix of doubles, C order; rank r's block is its columns:
 * a strided region like a full-shadow array's owned block. rows == 1: contiguous blocks. */
static void test_allgather_layout(int rows) {
  int total = 0, *first = malloc((size_t)np * sizeof *first);
  for (int r = 0; r < np; r++) {
    first[r] = total;
    total += block_len(r);
  }
  double *m = malloc((size_t)rows * (size_t)total * sizeof *m + 1);
  MPI_Datatype *blocks = malloc((size_t)np * sizeof *blocks);
  for (int r = 0; r < np; r++) {
    blocks[r] = MPI_DATATYPE_NULL;
    if (block_len(r) == 0)
      continue;
    int sizes[2] = {rows, total}, sub[2] = {rows, block_len(r)}, start[2] = {0, first[r]};
    MPI_Type_create_subarray(2, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &blocks[r]);
    MPI_Type_commit(&blocks[r]);
  }
  xmphc_allgather_t *g;
  size_t mbytes = (size_t)rows * (size_t)total * sizeof *m + 1;
  void *dm = to_dev(m, mbytes);
  int st = xmphc_allgather_create(MPI_COMM_WORLD, dm, blocks, loc, NULL, &g);
  CHECKF(st == XMPHC_OK, "allgather_create status %d", st);
  for (int r = 0; r < np; r++)
    if (blocks[r] != MPI_DATATYPE_NULL)
      MPI_Type_free(&blocks[r]);
  for (int iter = 0; st == XMPHC_OK && iter < 9; iter++) { /* past the measuring window */
    for (int i = 0; i < rows; i++)
      for (int r = 0; r < np; r++)
        for (int j = 0; j < block_len(r); j++)
          m[i * total + first[r] + j] = r == me ? gvalue(r, i * 100 + j, iter) : -1.0;
#ifdef XMP_TEST_DEVICE
    cudaMemcpy(dm, m, mbytes, cudaMemcpyHostToDevice);
#endif
    st = xmphc_allgather_run(g);
#ifdef XMP_TEST_DEVICE
    cudaMemcpy(m, dm, mbytes, cudaMemcpyDeviceToHost);
#endif
    CHECKF(st == XMPHC_OK, "allgather_run status %d", st);
    int bad = 0;
    for (int i = 0; i < rows; i++)
      for (int r = 0; r < np; r++)
        for (int j = 0; j < block_len(r); j++)
          bad += m[i * total + first[r] + j] != gvalue(r, i * 100 + j, iter);
    CHECKF(bad == 0, "allgather %d rows, execution %d: %d elements differ on rank %d", rows,
           iter, bad, me);
  }
  xmphc_allgather_free(g);
  from_dev(NULL, dm, mbytes); /* the host build's m is dm */
  free(blocks);
  free(m);
  free(first);
}

/* ---- allreduce ---- */

enum { K_INT, K_UINT, K_FLT, K_CPLX, K_BOOL };
static const struct {
  int type, kind;
  size_t size;
  long double eps; /* machine epsilon of the floating types */
  const char *name;
} types[] = {
    {XMP_RT_CHAR, (char)-1 < 0 ? K_INT : K_UINT, 1, 0, "char"},
    {XMP_RT_SCHAR, K_INT, 1, 0, "signed char"},
    {XMP_RT_UCHAR, K_UINT, 1, 0, "unsigned char"},
    {XMP_RT_SHORT, K_INT, sizeof(short), 0, "short"},
    {XMP_RT_USHORT, K_UINT, sizeof(short), 0, "unsigned short"},
    {XMP_RT_INT, K_INT, sizeof(int), 0, "int"},
    {XMP_RT_UINT, K_UINT, sizeof(int), 0, "unsigned"},
    {XMP_RT_LONG, K_INT, sizeof(long), 0, "long"},
    {XMP_RT_ULONG, K_UINT, sizeof(long), 0, "unsigned long"},
    {XMP_RT_LLONG, K_INT, sizeof(long long), 0, "long long"},
    {XMP_RT_ULLONG, K_UINT, sizeof(long long), 0, "unsigned long long"},
    {XMP_RT_FLOAT, K_FLT, sizeof(float), FLT_EPSILON, "float"},
    {XMP_RT_DOUBLE, K_FLT, sizeof(double), DBL_EPSILON, "double"},
    {XMP_RT_LDOUBLE, K_FLT, sizeof(long double), LDBL_EPSILON, "long double"},
    {XMP_RT_BOOL, K_BOOL, sizeof(_Bool), 0, "_Bool"},
    {XMP_RT_FCOMPLEX, K_CPLX, sizeof(float _Complex), FLT_EPSILON, "float _Complex"},
    {XMP_RT_DCOMPLEX, K_CPLX, sizeof(double _Complex), DBL_EPSILON, "double _Complex"},
    {XMP_RT_LDCOMPLEX, K_CPLX, sizeof(long double _Complex), LDBL_EPSILON,
     "long double _Complex"},
};
#define NTYPES (int)(sizeof types / sizeof *types)

static const char *const op_names[] = {"+", "*", "max", "min", "&", "|", "^", "&&", "||", "-"};

/* Which operators apply to a kind of type (as XMP has them). */
static int applies(int kind, int op) {
  if (kind == K_CPLX)
    return op == XMP_RT_OP_SUM || op == XMP_RT_OP_PROD || op == XMP_RT_OP_MINUS;
  if (kind == K_FLT)
    return op <= XMP_RT_OP_MIN || op == XMP_RT_OP_MINUS;
  return 1;
}

/* Rank r's element i for op: small integers (products and sums stay in range of every
 * type), or reals with roundings for the floating types. */
static long long ivalue(int kind, int op, int r, int i) {
  if (op == XMP_RT_OP_PROD)
    return kind == K_UINT ? 1 + (r + i) % 2 : ((r + i) % 3 == 0 ? -1 : 1 + (r + i) % 2);
  if (op == XMP_RT_OP_LAND || op == XMP_RT_OP_LOR)
    return (r * 5 + i) % 4 == 0 ? 0 : (r + i) % 3 - 1 + 2 * (op == XMP_RT_OP_LAND);
  long long v = (r * 31 + i * 17) % 41;
  return kind == K_INT ? v - 20 : v;
}
static long double fvalue(int op, int r, int i, int imag) {
  long double x = (long double)((r * 7 + i * 3 + imag) % 11) - 5.0L;
  if (op == XMP_RT_OP_PROD)
    return (1.0L + x / 37.0L) * (imag ? 0.5L : 1.0L);
  return x / 3.0L + 1.0L / (r + i + 2 + imag) + (i % 5 == 0 ? 1e3L : 0.0L);
}

/* Stores / loads element i of a buffer of type t. */
static void put_int(int t, void *b, int i, long long v) {
  switch (types[t].type) {
  case XMP_RT_CHAR: ((char *)b)[i] = (char)v; break;
  case XMP_RT_SCHAR: ((signed char *)b)[i] = (signed char)v; break;
  case XMP_RT_UCHAR: ((unsigned char *)b)[i] = (unsigned char)v; break;
  case XMP_RT_SHORT: ((short *)b)[i] = (short)v; break;
  case XMP_RT_USHORT: ((unsigned short *)b)[i] = (unsigned short)v; break;
  case XMP_RT_INT: ((int *)b)[i] = (int)v; break;
  case XMP_RT_UINT: ((unsigned *)b)[i] = (unsigned)v; break;
  case XMP_RT_LONG: ((long *)b)[i] = (long)v; break;
  case XMP_RT_ULONG: ((unsigned long *)b)[i] = (unsigned long)v; break;
  case XMP_RT_LLONG: ((long long *)b)[i] = v; break;
  case XMP_RT_ULLONG: ((unsigned long long *)b)[i] = (unsigned long long)v; break;
  case XMP_RT_BOOL: ((_Bool *)b)[i] = v != 0; break;
  }
}
static long long get_int(int t, const void *b, int i) {
  switch (types[t].type) {
  case XMP_RT_CHAR: return ((const char *)b)[i];
  case XMP_RT_SCHAR: return ((const signed char *)b)[i];
  case XMP_RT_UCHAR: return ((const unsigned char *)b)[i];
  case XMP_RT_SHORT: return ((const short *)b)[i];
  case XMP_RT_USHORT: return ((const unsigned short *)b)[i];
  case XMP_RT_INT: return ((const int *)b)[i];
  case XMP_RT_UINT: return ((const unsigned *)b)[i];
  case XMP_RT_LONG: return ((const long *)b)[i];
  case XMP_RT_ULONG: return (long long)((const unsigned long *)b)[i];
  case XMP_RT_LLONG: return ((const long long *)b)[i];
  case XMP_RT_ULLONG: return (long long)((const unsigned long long *)b)[i];
  case XMP_RT_BOOL: return ((const _Bool *)b)[i];
  default: return 0;
  }
}
static void put_flt(int t, void *b, int i, long double re, long double im) {
  switch (types[t].type) {
  case XMP_RT_FLOAT: ((float *)b)[i] = (float)re; break;
  case XMP_RT_DOUBLE: ((double *)b)[i] = (double)re; break;
  case XMP_RT_LDOUBLE: ((long double *)b)[i] = re; break;
  case XMP_RT_FCOMPLEX: ((float _Complex *)b)[i] = CMPLXF((float)re, (float)im); break;
  case XMP_RT_DCOMPLEX: ((double _Complex *)b)[i] = CMPLX((double)re, (double)im); break;
  case XMP_RT_LDCOMPLEX: ((long double _Complex *)b)[i] = CMPLXL(re, im); break;
  }
}
static long double _Complex get_flt(int t, const void *b, int i) {
  switch (types[t].type) {
  case XMP_RT_FLOAT: return ((const float *)b)[i];
  case XMP_RT_DOUBLE: return ((const double *)b)[i];
  case XMP_RT_LDOUBLE: return ((const long double *)b)[i];
  case XMP_RT_FCOMPLEX: return ((const float _Complex *)b)[i];
  case XMP_RT_DCOMPLEX: return ((const double _Complex *)b)[i];
  case XMP_RT_LDCOMPLEX: return ((const long double _Complex *)b)[i];
  default: return 0;
  }
}

/* Rank r's element i, stored. */
static void fill(int t, int op, int r, void *b, int i) {
  int kind = types[t].kind;
  if (kind == K_FLT || kind == K_CPLX)
    put_flt(t, b, i, fvalue(op, r, i, 0), kind == K_CPLX ? fvalue(op, r, i, 1) : 0.0L);
  else
    put_int(t, b, i, ivalue(kind, op, r, i));
}

/* Rank r's element i of an integer type, as the type holds it. */
static long long int_elem(int t, int op, int r, int i) {
  unsigned char tmp[16];
  put_int(t, tmp, 0, ivalue(types[t].kind, op, r, i));
  return get_int(t, tmp, 0);
}

/* The serial integer reduction over ranks 0..np-1 (stored back through the type, which
 * wraps the way the layer's unsigned arithmetic does). */
static long long int_reference(int t, int op, int i) {
  unsigned char tmp[16];
  long long acc = 0;
  for (int r = 0; r < np; r++) {
    long long x = int_elem(t, op, r, i);
    if (r == 0) {
      acc = x;
      continue;
    }
    switch (op) {
    case XMP_RT_OP_SUM: case XMP_RT_OP_MINUS: acc += x; break;
    case XMP_RT_OP_PROD: acc *= x; break;
    case XMP_RT_OP_MAX: acc = x > acc ? x : acc; break;
    case XMP_RT_OP_MIN: acc = x < acc ? x : acc; break;
    case XMP_RT_OP_BAND: acc &= x; break;
    case XMP_RT_OP_BOR: acc |= x; break;
    case XMP_RT_OP_BXOR: acc ^= x; break;
    case XMP_RT_OP_LAND: acc = acc && x; break;
    case XMP_RT_OP_LOR: acc = acc || x; break;
    }
  }
  put_int(t, tmp, 0, acc);
  return get_int(t, tmp, 0);
}

/* The C arithmetic on _Bool behind each operator (xmp_rt.h): + - max | || are ||, the
 * others &&, ^ is xor; the values fill gives are reduced with them serially. */
static long long bool_reference(int t, int op, int i) {
  int or_like = op == XMP_RT_OP_SUM || op == XMP_RT_OP_MINUS || op == XMP_RT_OP_MAX ||
                op == XMP_RT_OP_BOR || op == XMP_RT_OP_LOR;
  long long acc = 0;
  for (int r = 0; r < np; r++) {
    long long x = int_elem(t, op, r, i);
    acc = r == 0 ? x : op == XMP_RT_OP_BXOR ? acc != x : or_like ? acc || x : acc && x;
  }
  return acc;
}

static void test_allreduce_case(int t, int op, int n) {
  size_t es = types[t].size;
  unsigned char *b = calloc((size_t)n, es), *ref0 = calloc((size_t)n, es);
  for (int i = 0; i < n; i++)
    fill(t, op, me, b, i);
  void *db = to_dev(b, (size_t)n * es);
  int st = xmphc_allreduce(MPI_COMM_WORLD, db, n, types[t].type, op, loc, NULL);
  from_dev(b, db, (size_t)n * es);
  CHECKF(st == XMPHC_OK, "allreduce %s %s status %d", types[t].name, op_names[op], st);
  int kind = types[t].kind, bad = 0, first_bad = -1;
  long double u = types[t].eps / 2, gamma = (np - 1) * u / (1 - (np - 1) * u);
  for (int i = 0; i < n && st == XMPHC_OK; i++) {
    int ok;
    if (kind == K_INT || kind == K_UINT || kind == K_BOOL) {
      long long want = kind == K_BOOL ? bool_reference(t, op, i) : int_reference(t, op, i);
      ok = get_int(t, b, i) == want;
    } else {
      long double _Complex want = 0, got = get_flt(t, b, i);
      long double sre = 0, sim = 0, mag = 1;
      for (int r = 0; r < np; r++) {
        long double re = fvalue(op, r, i, 0), im = kind == K_CPLX ? fvalue(op, r, i, 1) : 0;
        /* the value as the type holds it */
        unsigned char one[32];
        put_flt(t, one, 0, re, im);
        long double _Complex x = get_flt(t, one, 0);
        if (r == 0)
          want = x;
        else if (op == XMP_RT_OP_SUM || op == XMP_RT_OP_MINUS)
          want += x;
        else if (op == XMP_RT_OP_PROD)
          want *= x;
        else if (op == XMP_RT_OP_MAX)
          want = creall(x) > creall(want) ? x : want;
        else
          want = creall(x) < creall(want) ? x : want;
        sre += fabsl(creall(x));
        sim += fabsl(cimagl(x));
        mag *= cabsl(x);
      }
      long double tol_re, tol_im;
      if (op == XMP_RT_OP_SUM || op == XMP_RT_OP_MINUS) {
        tol_re = 2 * gamma * sre;
        tol_im = 2 * gamma * sim;
      } else if (op == XMP_RT_OP_PROD) {
        long double per = kind == K_CPLX ? sqrtl(5.0L) * u : u; /* one multiplication */
        long double g = (np - 1) * per / (1 - (np - 1) * per);
        tol_re = tol_im = 2 * g * mag;
      } else {
        tol_re = tol_im = 0; /* max / min pick one of the values exactly */
      }
      ok = fabsl(creall(got) - creall(want)) <= tol_re &&
           fabsl(cimagl(got) - cimagl(want)) <= tol_im;
    }
    if (!ok && first_bad < 0)
      first_bad = i;
    bad += !ok;
  }
  CHECKF(bad == 0, "allreduce %s %s of %d: %d elements wrong on rank %d (first %d)",
         types[t].name, op_names[op], n, bad, me, first_bad);
  /* The same bits on every rank (the recursive doubling's operand order). */
  memcpy(ref0, b, (size_t)n * es);
  MPI_Bcast(ref0, (int)((size_t)n * es), MPI_BYTE, 0, MPI_COMM_WORLD);
  CHECKF(memcmp(ref0, b, (size_t)n * es) == 0, "allreduce %s %s: rank %d differs from rank 0",
         types[t].name, op_names[op], me);
  free(b);
  free(ref0);
}

static void test_allreduce(void) {
  const int counts[] = {1, 3, 300};
  for (int t = 0; t < NTYPES; t++)
    for (int op = 0; op <= XMP_RT_OP_MINUS; op++) {
      if (!applies(types[t].kind, op)) {
        int st = xmphc_allreduce(MPI_COMM_WORLD, NULL, 1, types[t].type, op, loc, NULL);
        CHECKF(st == XMPHC_E_UNSUPPORTED, "%s on %s accepted", op_names[op], types[t].name);
        continue;
      }
      for (size_t k = 0; k < sizeof counts / sizeof *counts; k++)
        test_allreduce_case(t, op, counts[k]);
    }
}

/* ---- location operators ---- */

static void test_allreduce_loc(void) {
  static const int ops[] = {XMP_RT_OP_FIRSTMAX, XMP_RT_OP_FIRSTMIN, XMP_RT_OP_LASTMAX,
                            XMP_RT_OP_LASTMIN};
  for (int t = 0; t < NTYPES; t++)
    for (int k = 0; k < 4; k++)
      for (int pat = 0; pat < 3; pat++) {
        int op = ops[k], max = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_LASTMAX;
        int first = op == XMP_RT_OP_FIRSTMAX || op == XMP_RT_OP_FIRSTMIN;
        int kind = types[t].kind;
        /* Few distinct values, so extremes tie across ranks. */
        long long v = (me * 7 + pat) % 3 + (pat == 2 ? me / 2 : 0);
        unsigned char buf[32] = {0};
        if (kind == K_CPLX) {
          int holder;
          int st = xmphc_allreduce_loc(MPI_COMM_WORLD, buf, types[t].type, op, &holder, loc, NULL);
          CHECKF(st == XMPHC_E_UNSUPPORTED, "%d on %s accepted", op, types[t].name);
          continue;
        }
        if (kind == K_FLT)
          put_flt(t, buf, 0, (long double)v - 0.25L, 0);
        else
          put_int(t, buf, 0, kind == K_BOOL ? v % 2 : v);
        int holder = -1;
        void *dbuf = to_dev(buf, sizeof buf);
        int st = xmphc_allreduce_loc(MPI_COMM_WORLD, dbuf, types[t].type, op, &holder, loc, NULL);
        from_dev(buf, dbuf, sizeof buf);
        CHECKF(st == XMPHC_OK, "loc status %d", st);
        /* Serial: scan the ranks in order. */
        long long best = 0;
        int want = 0;
        for (int r = 0; r < np; r++) {
          long long x = (r * 7 + pat) % 3 + (pat == 2 ? r / 2 : 0);
          if (kind == K_BOOL)
            x %= 2;
          if (r == 0 || (max ? x > best : x < best)) {
            best = x;
            want = r;
          } else if (x == best && !first) {
            want = r;
          }
        }
        int value_ok = kind == K_FLT ? creall(get_flt(t, buf, 0)) == (long double)best - 0.25L
                                     : get_int(t, buf, 0) == best;
        CHECKF(value_ok && holder == want,
               "%s op %d pattern %d: holder %d (want %d), value %s on rank %d", types[t].name,
               op, pat, holder, want, value_ok ? "right" : "wrong", me);
      }
}

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
#ifdef XMP_TEST_DEVICE
  int ngpu = 0;
  if (cudaGetDeviceCount(&ngpu) != cudaSuccess || ngpu == 0) {
    if (me == 0)
      printf("no GPU: device collectives not checked (skipped)\n");
    return xmp_rt_finalize(77);
  }
  MPI_Comm host;
  int local_rank;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
  MPI_Comm_rank(host, &local_rank);
  MPI_Comm_free(&host);
  cudaSetDevice(local_rank % ngpu);
#endif
  test_bcast();
  test_allgather_layout(1);
  test_allgather_layout(5);
  test_allreduce();
  test_allreduce_loc();
#ifdef XMP_TEST_DEVICE
  /* Past every measuring window: the sizes again with the decided algorithms. */
  test_bcast();
  test_allgather_layout(1);
  test_allreduce();
#endif
  int fails = 0, local = check_failures;
  MPI_Allreduce(&local, &fails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return xmp_rt_finalize(fails == 0 ? 0 : (me == 0 ? CHECK_RESULT() : 1));
}
