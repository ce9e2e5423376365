// gmove in / out / async and reduce_shadow: the mode and async id reach the
// dialect and the runtime call; an array that is the remote side of a
// one-sided gmove is exposed (an MPI window) right after its allocation.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/gmove-inout.xmp.c | FileCheck %s --check-prefix=C
#define N 10
double a[N], b[N], c[N], d[N], x;
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp shadow b[1:2]
#pragma xmp align c[i] with t(i)
#pragma xmp align d[i] with t(i)
// CHECK: xmp.array_alloc @a {{[{].*}}directive = "align a[i] with t(i)", expose, {{.*}}site = 3 : i64}
// CHECK: xmp.array_alloc @b {{[{].*}}directive = "shadow b[1:2]", expose, {{.*}}site = 5 : i64}
// CHECK: xmp.array_alloc @c {{[{].*}}directive = "align c[i] with t(i)", expose, {{.*}}site = 6 : i64}
// CHECK: xmp.array_alloc @d {{[{].*}}directive = "align d[i] with t(i)", {{.*}}site = 7 : i64}
int main(void) {
  double loc[5];
// CHECK: xmp.gmove {{[{].*}}directive = "gmove in", {{.*}}dst_var = "loc", mode = #xmp<direction in>, {{.*}}src_var = "a"}
#pragma xmp gmove in
  loc[0:5] = a[1:5:2];
// CHECK: xmp.gmove {async = "3", {{.*}}directive = "gmove out async(3)", {{.*}}dst_var = "b", mode = #xmp<direction out>, {{.*}}src_var = "loc"}
#pragma xmp gmove out async(3)
  b[0:5] = loc[:];
// CHECK: xmp.gmove {async = "k + 1", {{.*}}directive = "gmove async(k + 1)", {{.*}}dst_var = "x", site = {{[0-9]+}} : i64, {{.*}}src_var = "d"}
  int k = 3;
#pragma xmp gmove async(k + 1)
  x = d[2];
// CHECK: xmp.gmove {{[{].*}}directive = "GMOVE OUT", {{.*}}dst_var = "c", mode = #xmp<direction out>
#pragma xmp GMOVE OUT
  c[1] = x;
// CHECK: xmp.reduce_shadow @b : double lower ["1"] upper ["2"] periodic [1] async "3"
#pragma xmp reduce_shadow (b) width(/periodic/1:2) async(3)
// CHECK: xmp.reduce_shadow @b : double lower [] upper [] periodic [0] {{[{].*}}directive = "reduce_shadow (b, a) orthogonal"
// CHECK-NEXT: xmp.reduce_shadow @a : double lower [] upper [] periodic [0]
#pragma xmp reduce_shadow (b, a) orthogonal
  return 0;
}
// C: xmp_rt_gmove_mode(&_XMP_gmove{{[0-9]+}}_dst, &_XMP_gmove{{[0-9]+}}_src, XMP_RT_GMOVE_IN, -1, &_XMP_where_{{[0-9]+}});
// C: xmp_rt_gmove_mode(&_XMP_gmove{{[0-9]+}}_dst, &_XMP_gmove{{[0-9]+}}_src, XMP_RT_GMOVE_OUT, (3), &_XMP_where_{{[0-9]+}});
// C: xmp_rt_gmove_mode(&_XMP_gmove{{[0-9]+}}_dst, &_XMP_gmove{{[0-9]+}}_src, XMP_RT_GMOVE_COLLECTIVE, (k + 1), &_XMP_where_{{[0-9]+}});
// C: xmp_rt_reduce_shadow(_XMP_desc_b, XMP_RT_DOUBLE, (const long[]){(1)}, (const long[]){(2)}, (const int[]){(1)}, (3), &_XMP_where_{{[0-9]+}});
// C: xmp_rt_reduce_shadow(_XMP_desc_b, XMP_RT_DOUBLE, NULL, NULL, NULL, -1, &_XMP_where_{{[0-9]+}}); xmp_rt_reduce_shadow(_XMP_desc_a, XMP_RT_DOUBLE, NULL, NULL, NULL, -1,
// C: xmp_rt_array_allocate(_XMP_desc_a, &_XMP_layout_a); _XMP_addr_a = (double *)_XMP_layout_a.addr; xmp_rt_array_expose(_XMP_desc_a, &_XMP_where_3);
// C-NOT: xmp_rt_array_expose(_XMP_desc_d
