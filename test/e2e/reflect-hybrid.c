// reflect through the hybrid communication layer on host arrays: every face
// type (contiguous, block-stride, stride), widths narrower than the shadow,
// lo:hi widths, /periodic/ in some or all dimensions, 2-D and 3-D arrays on
// 1-D and 2-D node arrays, uneven splits. Each reflect runs K times with new
// values (the first executions try both paths under XMP_COMM=auto, the later
// ones use the chosen path), and after each every element a node stores,
// shadows and corners included, is compared with a serial reference: owned
// and reflected elements hold the owner's value, shadow elements beyond the
// requested width the earlier sentinel, those past the global bounds (without
// /periodic/) are never written.
// RUN: %xmpcc -DPX=1 %s -o %t.px1
// RUN: %xmpcc -DPX=2 %s -o %t.px2
// RUN: env XMP_COMM=mpi %mpirun -np 1 %t.px1 | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t.px1 | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 4 %t.px2 | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 1 %t.px1 | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 2 %t.px1 | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 3 %t.px1 | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 2 %t.px2 | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 4 %t.px2 | FileCheck %s
// RUN: env XMP_COMM=direct XMP_SUBCLUSTER_SIZE=2 %mpirun -np 4 %t.px1 | FileCheck %s
// RUN: %mpirun -np 1 %t.px1 | FileCheck %s
// RUN: %mpirun -np 2 %t.px1 | FileCheck %s
// RUN: %mpirun -np 3 %t.px1 | FileCheck %s
// RUN: %mpirun -np 4 %t.px1 | FileCheck %s
// RUN: %mpirun -np 2 %t.px2 | FileCheck %s
// RUN: env XMP_SUBCLUSTER_SIZE=3 %mpirun -np 4 %t.px2 | FileCheck %s
// CHECK: u sentinel: 0 wrong
// CHECK-NEXT: u width(1:0, 1): 0 wrong
// CHECK-NEXT: u declared: 0 wrong
// CHECK-NEXT: u periodic x: 0 wrong
// CHECK-NEXT: u periodic: 0 wrong
// CHECK-NEXT: w sentinel: 0 wrong
// CHECK-NEXT: w width(0:1, 1): 0 wrong
// CHECK-NEXT: w periodic: 0 wrong
// CHECK-NEXT: v sentinel: 0 wrong
// CHECK-NEXT: v width(1, 1): 0 wrong
// CHECK-NEXT: v periodic: 0 wrong
#include <stdio.h>
#include <xmp.h>
#ifndef PX
#define PX 1
#endif
#define NY 14
#define NX 11
#define NZ 7
#define K 9
#define SENTINEL -1.0

#pragma xmp nodes p(PX, *)
// u[y][x]: y over p's second dimension, x over its first. Shadow 2 in y
// (contiguous faces), 1 in x (stride faces).
#pragma xmp template t(0:NX-1, 0:NY-1)
#pragma xmp distribute t(block, block) onto p
double u[NY][NX];
#pragma xmp align u[y][x] with t(x, y)
#pragma xmp shadow u[2][1]
// w[z][y][x]: z and y distributed (contiguous and block-stride faces).
#pragma xmp template tw(0:NX-1, 0:NY-1, 0:NZ-1)
#pragma xmp distribute tw(*, block, block) onto p
double w[NZ][NY][NX];
#pragma xmp align w[z][y][x] with tw(x, y, z)
#pragma xmp shadow w[1][2][0]
// v[z][y][x]: y and x distributed (block-stride and stride faces).
#pragma xmp template tv(0:NX-1, 0:NY-1, 0:NZ-1)
#pragma xmp distribute tv(block, block, *) onto p
double v[NZ][NY][NX];
#pragma xmp align v[z][y][x] with tv(x, y, z)
#pragma xmp shadow v[0][1][2]

/* The expected state of one array dimension (C order) on this node. */
typedef struct dim {
  long n, o0, o1;   /* global extent, owned range */
  long wlo, whi;    /* widths of the last reflect */
  int periodic;
} dim_t;

static double value(int k, long z, long y, long x) {
  if (k < 0)
    return SENTINEL;
  return k * 1e6 + z * 1e4 + y * 100 + x + 1;
}

/* 0: owned or filled by the reflect, 1: beyond its width (keeps the sentinel),
   2: past the global bounds without periodic (never written). */
static int state(const dim_t *d, long g, long *wrapped) {
  *wrapped = (g % d->n + d->n) % d->n;
  if (g >= d->o0 && g <= d->o1)
    return 0;
  if (!d->periodic && (g < 0 || g >= d->n))
    return 2;
  return (g < d->o0 ? d->o0 - g > d->wlo : g - d->o1 > d->whi) ? 1 : 0;
}

/* The reference value of the element at global (z, y, x) of a node (rank-2
   arrays pass z = 0 with a one-element dimension). */
static double expected(const dim_t *dz, const dim_t *dy, const dim_t *dx, int k, long z,
                       long y, long x) {
  long g[3];
  int s[3] = {state(dz, z, &g[0]), state(dy, y, &g[1]), state(dx, x, &g[2])};
  if (s[0] == 2 || s[1] == 2 || s[2] == 2)
    return 0.0;
  if (s[0] == 1 || s[1] == 1 || s[2] == 1)
    return SENTINEL;
  return value(k, g[0], g[1], g[2]);
}

static void set(dim_t *d, long wlo, long whi, int periodic) {
  d->wlo = wlo;
  d->whi = whi;
  d->periodic = periodic;
}

static void report(const char *what, long wrong) {
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("%s: %ld wrong\n", what, wrong);
}

/* ---- u ---- */
static dim_t uy = {NY, NY, -1, 0, 0, 0}, ux = {NX, NX, -1, 0, 0, 0};
static const dim_t one = {1, 0, 0, 0, 0, 0};

static void u_fill(int k) {
#pragma xmp loop (x, y) on t(x, y)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      u[y][x] = value(k, 0, y, x);
}

static long u_check(int k) {
  long wrong = 0;
#pragma xmp loop (x, y) on t(x, y) reduction(+:wrong)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      for (int dy = -2; dy <= 2; dy++)
        for (int dx = -1; dx <= 1; dx++)
          wrong += u[y + dy][x + dx] != expected(&one, &uy, &ux, k, 0, y + dy, x + dx);
  return wrong;
}

static void u_tests(void) {
#pragma xmp loop (x, y) on t(x, y)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      uy.o0 = y < uy.o0 ? y : uy.o0;
      uy.o1 = y > uy.o1 ? y : uy.o1;
      ux.o0 = x < ux.o0 ? x : ux.o0;
      ux.o1 = x > ux.o1 ? x : ux.o1;
    }
  long wrong = 0;
  u_fill(-1);
#pragma xmp reflect (u)
  set(&uy, 2, 2, 0);
  set(&ux, 1, 1, 0);
  wrong += u_check(-1);
  report("u sentinel", wrong);

  wrong = 0;
  set(&uy, 1, 0, 0);
  for (int k = 0; k < K; k++) {
    u_fill(k);
#pragma xmp reflect (u) width(1:0, 1)
    wrong += u_check(k);
  }
  report("u width(1:0, 1)", wrong);

  wrong = 0;
  set(&uy, 2, 2, 0);
  for (int k = 0; k < K; k++) {
    u_fill(k);
#pragma xmp reflect (u)
    wrong += u_check(k);
  }
  report("u declared", wrong);

  wrong = 0;
  set(&ux, 1, 1, 1);
  for (int k = 0; k < K; k++) {
    u_fill(k);
#pragma xmp reflect (u) width(2, /periodic/1)
    wrong += u_check(k);
  }
  report("u periodic x", wrong);

  wrong = 0;
  set(&uy, 2, 2, 1);
  for (int k = 0; k < K; k++) {
    u_fill(k);
#pragma xmp reflect (u) width(/periodic/2, /periodic/1)
    wrong += u_check(k);
  }
  report("u periodic", wrong);
}

/* ---- w ---- */
static dim_t wz = {NZ, NZ, -1, 0, 0, 0}, wy = {NY, NY, -1, 0, 0, 0}, wx = {NX, 0, NX - 1, 0, 0, 0};

static void w_fill(int k) {
#pragma xmp loop (y, z) on tw(*, y, z)
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        w[z][y][x] = value(k, z, y, x);
}

static long w_check(int k) {
  long wrong = 0;
#pragma xmp loop (y, z) on tw(*, y, z) reduction(+:wrong)
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        for (int dz = -1; dz <= 1; dz++)
          for (int dy = -2; dy <= 2; dy++)
            wrong += w[z + dz][y + dy][x] != expected(&wz, &wy, &wx, k, z + dz, y + dy, x);
  return wrong;
}

static void w_tests(void) {
#pragma xmp loop (y, z) on tw(*, y, z)
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++) {
      wz.o0 = z < wz.o0 ? z : wz.o0;
      wz.o1 = z > wz.o1 ? z : wz.o1;
      wy.o0 = y < wy.o0 ? y : wy.o0;
      wy.o1 = y > wy.o1 ? y : wy.o1;
    }
  long wrong = 0;
  w_fill(-1);
#pragma xmp reflect (w)
  set(&wz, 1, 1, 0);
  set(&wy, 2, 2, 0);
  wrong += w_check(-1);
  report("w sentinel", wrong);

  wrong = 0;
  set(&wz, 0, 1, 0);
  set(&wy, 1, 1, 0);
  for (int k = 0; k < K; k++) {
    w_fill(k);
#pragma xmp reflect (w) width(0:1, 1, 0)
    wrong += w_check(k);
  }
  report("w width(0:1, 1)", wrong);

  wrong = 0;
  set(&wz, 1, 1, 1);
  set(&wy, 2, 2, 1);
  for (int k = 0; k < K; k++) {
    w_fill(k);
#pragma xmp reflect (w) width(/periodic/1, /periodic/2, 0)
    wrong += w_check(k);
  }
  report("w periodic", wrong);
}

/* ---- v ---- */
static dim_t vz = {NZ, 0, NZ - 1, 0, 0, 0}, vy = {NY, NY, -1, 0, 0, 0}, vx = {NX, NX, -1, 0, 0, 0};

static void v_fill(int k) {
#pragma xmp loop (x, y) on tv(x, y, *)
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        v[z][y][x] = value(k, z, y, x);
}

static long v_check(int k) {
  long wrong = 0;
#pragma xmp loop (x, y) on tv(x, y, *) reduction(+:wrong)
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -2; dx <= 2; dx++)
            wrong += v[z][y + dy][x + dx] != expected(&vz, &vy, &vx, k, z, y + dy, x + dx);
  return wrong;
}

static void v_tests(void) {
#pragma xmp loop (x, y) on tv(x, y, *)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      vy.o0 = y < vy.o0 ? y : vy.o0;
      vy.o1 = y > vy.o1 ? y : vy.o1;
      vx.o0 = x < vx.o0 ? x : vx.o0;
      vx.o1 = x > vx.o1 ? x : vx.o1;
    }
  long wrong = 0;
  v_fill(-1);
#pragma xmp reflect (v)
  set(&vy, 1, 1, 0);
  set(&vx, 2, 2, 0);
  wrong += v_check(-1);
  report("v sentinel", wrong);

  wrong = 0;
  set(&vx, 1, 1, 0);
  for (int k = 0; k < K; k++) {
    v_fill(k);
#pragma xmp reflect (v) width(0, 1, 1)
    wrong += v_check(k);
  }
  report("v width(1, 1)", wrong);

  wrong = 0;
  set(&vy, 1, 1, 1);
  set(&vx, 2, 2, 1);
  for (int k = 0; k < K; k++) {
    v_fill(k);
#pragma xmp reflect (v) width(0, /periodic/1, /periodic/2)
    wrong += v_check(k);
  }
  report("v periodic", wrong);
}

int main(void) {
  u_tests();
  w_tests();
  v_tests();
  return 0;
}
