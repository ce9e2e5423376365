// reflect_init / reflect_do (XACC, thesis 6.1.3) in the dialect and in C: the
// plan's widths on reflect_init, async on reflect_do, `acc` and its synonym
// `device` on both; host arrays too (no clause).
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: %xmpcc --emit-c %t.dir %s && FileCheck %s --check-prefix=C < %t.dir/reflect-plan.xmp.c
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
double u[N][N], v[N][N];
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align v[i][j] with t(j, i)
#pragma xmp shadow u[2][0]
#pragma xmp shadow v[1][0]

// Not main: a caller may run it inside a device region (`acc` is checked then).
int run(void) {
// CHECK: xmp.reflect_init @u lower [] upper [] periodic [0, 0] {
// C: {{^static .*}}; xmp_rt_reflect_init(_XMP_desc_u, NULL, NULL, NULL, 0, &_XMP_where_{{[0-9]+}});
#pragma xmp reflect_init (u)
// CHECK: xmp.reflect_init @u lower ["1", "0"] upper ["2", "0"] periodic [1, 0] acc {
// C: {{^static .*}}; xmp_rt_reflect_init(_XMP_desc_u, (const long[]){(1), (0)}, (const long[]){(2), (0)}, (const int[]){(1), (0)}, 1, &_XMP_where_{{[0-9]+}});
#pragma xmp reflect_init (u) width(/periodic/1:2, 0) acc
// CHECK: xmp.reflect_init @u lower
// CHECK-NEXT: xmp.reflect_init @v lower ["1", "0"] upper ["1", "0"] periodic [0, 0] acc {
#pragma xmp reflect_init (u, v) width(1, 0) orthogonal device
  for (int step = 0; step < 3; step++) {
// CHECK: xmp.reflect_do @u {
// C: {{^static .*}}; xmp_rt_reflect_do(_XMP_desc_u, 0, -1, &_XMP_where_{{[0-9]+}});
#pragma xmp reflect_do (u)
// CHECK: xmp.reflect_do @u acc async "step" {
// CHECK-NEXT: xmp.reflect_do @v acc async "step" {
// C: {{^static .*}}; xmp_rt_reflect_do(_XMP_desc_u, 1, (step), &_XMP_where_[[W:[0-9]+]]); xmp_rt_reflect_do(_XMP_desc_v, 1, (step), &_XMP_where_[[W]]);
#pragma xmp reflect_do (u, v) acc async(step)
#pragma xmp wait_async(step)
  }
  return 0;
}
