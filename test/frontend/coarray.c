// XMP/C's local view through the compiler: coarray declarators (their
// codimensions leave the C declaration, the runtime object follows it and
// the module's initialisation registers it), the coarray directive, a
// coindexed element read in an expression (a call into a compound literal)
// and assigned (=, op=: a block that evaluates the place and the image once),
// section assignments (get, put with a stride, one value into a 2-D section,
// both sides remote), lock / unlock, post / wait with and without a node.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/coarray.xmp.c | FileCheck %s --check-prefix=C
#include <xmp.h>
#define N 10
int a[N]:[*];
double c[N][N]:[2][*];
int d[4];
#pragma xmp coarray d : [*]
#pragma xmp nodes p[*]
xmp_lock_t lk:[*];
int main(void) {
  int me = xmpc_this_image(), k = 1, b[N];
  int x = a[3]:[k] + a[4]:[me];
  a[2]:[k] = x;
  d[1]:[k] *= 2;
  b[0:3] = a[5:3]:[k];
  a[0:5:2]:[k] = b[1:5];
  c[0:2][1:3]:[0][k] = 1.5;
  d[0:2]:[0] = a[0:2]:[k];
#pragma xmp lock (lk:[0])
#pragma xmp unlock (lk:[0])
#pragma xmp post (p[k], 4)
#pragma xmp wait (p[k])
#pragma xmp wait
  xmp_atomic_define(d[2]:[k], x); xmp_atomic_ref(&x, d[3]);
  return x + b[0];
}
// CHECK: xmp.coarray "a" handle "xmp_co_a" coshape ["*"] {at = 1 : i64, directive = "a[N]:[*]", init_at = 2 : i64, site = 0 : i64}
// CHECK: xmp.coarray "c" handle "xmp_co_c" coshape ["2", "*"]
// CHECK: xmp.coarray "d" handle "xmp_co_d" coshape ["*"] {{.*}}directive = "coarray d : [*]"
// CHECK: xmp.coarray "lk" handle "xmp_co_lk"
// CHECK: xmp.coarray_read "xmp_co_a" image ["k"] elem "int" {{.*}}directive = "a[3]:[k]"
// CHECK: xmp.coarray_read "xmp_co_a" image ["me"] elem "int"
// CHECK: xmp.coarray_write "xmp_co_a" image ["k"] "=" elem "int"
// CHECK: xmp.coarray_write "xmp_co_d" image ["k"] "*=" elem "int"
// CHECK: xmp.coarray_copy "&b[0]" = "&a[5]" elem "int" {{.*}}dst_counts = ["3"], dst_handle = "", {{.*}}src_cosubs = ["k"], src_counts = ["3"], src_handle = "xmp_co_a"
// CHECK: xmp.coarray_copy "&a[0]" = "&b[1]" elem "int" {{.*}}dst_strides = ["(2) * (long)sizeof(a[0])"]
// CHECK: xmp.coarray_copy "&c[0][1]" = "" elem "double" {{.*}}dst_cosubs = ["0", "k"], dst_counts = ["2", "3"], {{.*}}value = "1.5"
// CHECK: xmp.coarray_copy "&d[0]" = "&a[0]" {{.*}}dst_handle = "xmp_co_d", {{.*}}src_handle = "xmp_co_a"
// CHECK: xmp.lock "xmp_co_lk" image ["0"] at "&(lk)"
// CHECK: xmp.lock "xmp_co_lk" image ["0"] at "&(lk)" {{.*}}unlock}
// CHECK: xmp.post @p node ["k"] tag "4"
// CHECK: xmp.wait @p node ["k"] {
// CHECK: xmp.wait node [] {
// The atomic call on another image's element takes its coindexed reference's site; the one on
// this image's, a site of its own after the others.
// CHECK: xmp.coarray_atomic "xmp_co_d" image ["k"] elem "int" {{.*}}define, {{.*}}directive = "d[2]:[k]"
// CHECK: xmp.coarray_atomic "xmp_co_d" image [] elem "int" {{.*}}directive = "xmp_atomic_ref(&x, d[3])"
// CHECK-NOT: define

// C: int a[N]; xmp_rt_coarray_t *xmp_co_a;
// C-NEXT: double c[N][N]; xmp_rt_coarray_t *xmp_co_c;
// C-NEXT: int d[4];
// C-NEXT: xmp_rt_coarray_t *xmp_co_d;
// C: xmp_lock_t lk; xmp_rt_coarray_t *xmp_co_lk;
// C: int x = (*(int *)xmp_rt_coarray_get_element(xmp_co_a, xmp_rt_coarray_image(xmp_co_a, (const long[]){(k)}, &(const xmp_rt_srcloc_t){"{{.*}}coarray.c", 21, "a[3]:[k]"}), &(a[3]), &(int){0}, sizeof(int), {{.*}})) + (*(int *)xmp_rt_coarray_get_element(xmp_co_a, {{.*}}&(a[4]), &(int){0}, sizeof(int), {{.*}}));
// C-NEXT: { int *xmp_co_at = &(a[2]); int xmp_co_image = xmp_rt_coarray_image(xmp_co_a, (const long[]){(k)}, {{.*}}); int xmp_co_value  = (x); xmp_rt_coarray_put(xmp_co_a, xmp_co_image, xmp_co_at, 0, NULL, &xmp_co_value, 0, NULL, sizeof(int), {{.*}}); }
// C-NEXT: { int *xmp_co_at = &(d[1]); {{.*}} int xmp_co_value ; xmp_rt_coarray_get(xmp_co_d, xmp_co_image, xmp_co_at, 0, NULL, &xmp_co_value, 0, NULL, sizeof(int), {{.*}}); xmp_co_value *= (2); xmp_rt_coarray_put(xmp_co_d, {{.*}}); }
// C-NEXT: xmp_rt_coarray_get(xmp_co_a, {{.*}}, &a[5], 1, (const xmp_rt_span_t[]){{[{][{]}}(3), (1) * (long)sizeof(a[0])}}, &b[0], 1, (const xmp_rt_span_t[]){{[{][{]}}(3), (1) * (long)sizeof(b[0])}}, sizeof(int), {{.*}});
// C-NEXT: xmp_rt_coarray_put(xmp_co_a, {{.*}}, &a[0], 1, (const xmp_rt_span_t[]){{[{][{]}}(5), (2) * (long)sizeof(a[0])}}, &b[1], 1, {{.*}});
// C-NEXT: { double xmp_co_value = (1.5); xmp_rt_coarray_put(xmp_co_c, xmp_rt_coarray_image(xmp_co_c, (const long[]){(0), (k)}, {{.*}}), &c[0][1], 2, (const xmp_rt_span_t[]){{[{][{]}}(2), (1) * (long)sizeof(c[0])}, {(3), (1) * (long)sizeof(c[0][0])}}, &xmp_co_value, 0, NULL, sizeof(double), {{.*}}); }
// C-NEXT: xmp_rt_coarray_copy(xmp_co_d, {{.*}}, &d[0], 1, {{.*}}, xmp_co_a, {{.*}}, &a[0], 1, {{.*}}, sizeof(int), {{.*}});
// C-NEXT: xmp_rt_coarray_lock(xmp_co_lk, xmp_rt_coarray_image(xmp_co_lk, (const long[]){(0)}, {{.*}}), &(lk), {{.*}});
// C-NEXT: xmp_rt_coarray_unlock(xmp_co_lk,
// C-NEXT: xmp_rt_post(xmp_rt_nodes_image(_XMP_nodes_p, (const long[]){(k)}, {{.*}}), (4), {{.*}});
// C-NEXT: xmp_rt_wait(xmp_rt_nodes_image(_XMP_nodes_p, (const long[]){(k)}, {{.*}}), 0, 0, {{.*}});
// C-NEXT: xmp_rt_wait(-1, 0, 0, {{.*}});
// C-NEXT: xmp_rt_coarray_atomic_define(xmp_co_d, xmp_rt_coarray_image(xmp_co_d, (const long[]){(k)}, {{.*}}), &(d[2]), &(int){(x)}, sizeof(int), {{.*}}); xmp_rt_coarray_atomic_ref(xmp_co_d, -1, &(d[3]), (&x), sizeof(int), {{.*}});
// C: static void _XMP_module_init(void) { {{.*}} xmp_co_a = xmp_rt_coarray_new((void *)&a, sizeof(a), 1, (const long[]){(-1)}, "a", &_XMP_where_0); {{.*}} xmp_co_c = xmp_rt_coarray_new((void *)&c, sizeof(c), 2, (const long[]){(2), (-1)}, "c", {{.*}} xmp_co_d = xmp_rt_coarray_new((void *)&d, sizeof(d), 1,
