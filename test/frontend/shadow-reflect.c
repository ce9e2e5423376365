// shadow, reflect (width, /periodic/, async, acc), wait_async and bcast in the
// dialect; storage is laid out after the last mapping directive.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 16
#pragma xmp nodes p(*)
#pragma xmp nodes q(2, *)
#pragma xmp template t(0:N-1)
#pragma xmp template s(0:N-1, 0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute s(block, block) onto q
double a[N], b[N][N], c[N], x, y[3];
// CHECK: xmp.align @a
// CHECK-NOT: xmp.array_alloc @a
// CHECK: xmp.shadow @a lower ["2"] upper ["2"] full [0]
// CHECK-NEXT: xmp.array_alloc @a
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[2]
// Round shadow lists are in Fortran order.
// CHECK: xmp.shadow @b lower ["1", "0"] upper ["2", "0"] full [0, 0]
#pragma xmp align b[i][j] with s(j, i)
#pragma xmp shadow b(0, 1:2)
// CHECK: xmp.shadow @c lower ["0"] upper ["0"] full [1]
#pragma xmp align c[i] with t(i)
#pragma xmp shadow c[*]

// Not main: a caller may run it inside a device region (`acc` is checked then).
int run(void) {
// CHECK: xmp.reflect @a lower [] upper [] periodic [0] {
#pragma xmp reflect (a)
// Widths are in array (C) order.
// CHECK: xmp.reflect @b lower ["1", "0"] upper ["1", "0"] periodic [1, 0] async "7"
#pragma xmp reflect (b) width(/periodic/1, 0) async(7)
// CHECK: xmp.wait_async ["7"]
#pragma xmp wait_async(7)
// CHECK: xmp.reflect @a lower ["0"] upper ["1"] periodic [0]
// CHECK-NEXT: xmp.reflect @c lower ["0"] upper ["1"] periodic [0]
#pragma xmp reflect (a, c) width(0:1)
// XACC: on the device copies ('device' is the same clause).
// CHECK: xmp.reflect @b lower ["1", "0"] upper ["1", "0"] periodic [1, 0] async "8" acc
#pragma xmp reflect (b) width(/periodic/1, 0) async(8) acc
// CHECK: xmp.reflect @a lower [] upper [] periodic [0] acc
#pragma xmp reflect (a) device
// CHECK: xmp.bcast ["x", "y"] from [] {
#pragma xmp bcast (x, y)
// Round node references are 1-based, square ones 0-based; both C order.
// CHECK: xmp.bcast ["x"] on @q from ["(1) - 1", "(2) - 1"]
#pragma xmp bcast (x) from q(2, 1) on q
// CHECK: xmp.bcast ["y"] on @p from ["3"]
#pragma xmp bcast (y) from p[3]
  return 0;
}
