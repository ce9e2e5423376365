// A distributed variable-length array of a function is laid out at its last
// mapping directive (xmp_rt_array_malloc, as an xmp_malloc'd array) with the
// sizes C evaluates at its declaration, kept there in _XMP_sizes_a. gmove
// sections of run-time extents pass them as C expressions, "-1" where only
// the runtime knows them (a distributed array's extents, a pointer's leading
// one) and a length of "-1" for a section that runs to the end of such an
// extent.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/gmove-vla-emit-c.xmp.c | FileCheck %s
void f(int n) {
  double a[n][n + 1], l[n][3];
  double *q;
// CHECK: double *_XMP_addr_a; xmp_rt_array_t *_XMP_desc_a; xmp_rt_layout_t _XMP_layout_a; const long _XMP_sizes_a[] = {(n), (n + 1)}; double l[n][3];
#pragma xmp nodes p[*]
#pragma xmp template t[n]
#pragma xmp distribute t[block] onto p
#pragma xmp align a[i][*] with t[i]
// CHECK: _XMP_desc_a = xmp_rt_array_create(2, (const long[]){(-1), (-1)}, sizeof(double),
#pragma xmp shadow a[1][0]
// CHECK: xmp_rt_array_shadow(_XMP_desc_a,
// CHECK-SAME: xmp_rt_array_malloc(_XMP_desc_a, (const long[]){(_XMP_sizes_a[0]), (_XMP_sizes_a[1])}, &_XMP_layout_a, &_XMP_where_4); _XMP_addr_a = (double *)_XMP_layout_a.addr;
#pragma xmp gmove
  l[0:n][1] = a[:][2];
// CHECK: _XMP_gmove5_dst = {NULL, (void *)(l), sizeof(double), 2, {((n)), (3)}, {(0), (1)}, {(n), (1)}, {(1), (1)}, {(0), (1)}}, _XMP_gmove5_src = {_XMP_desc_a, NULL, sizeof(double), 2, {(-1), (-1)}, {(0), (2)}, {(-1), (1)}, {(1), (1)}, {(0), (1)}};
#pragma xmp gmove
  q[0:n] = a[1][1:];
// CHECK: _XMP_gmove6_dst = {NULL, (void *)(q), sizeof(double), 1, {(-1)}, {(0)}, {(n)}, {(1)}, {(0)}}, _XMP_gmove6_src = {_XMP_desc_a, NULL, sizeof(double), 2, {(-1), (-1)}, {(1), (1)}, {(1), (-1)}, {(1), (1)}, {(1), (0)}};
}
// CHECK: xmp_rt_array_free(_XMP_desc_a); }
