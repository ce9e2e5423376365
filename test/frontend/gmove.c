// gmove: the assignment after the directive (array sections are not C) is
// taken by the directive; sections are base:length:step in C order.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/gmove.xmp.c | FileCheck %s --check-prefix=C
#define N 10
double a[N], b[N][4], x, loc[5];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i][*] with t(i)
int main(void) {
// CHECK: xmp.gmove {{{.*}}dst_distributed = 1 : i64, dst_elem = "double", dst_extents = ["10"], dst_length = ["5"], dst_lower = ["2"], dst_scalar = array<i64: 0>, dst_step = ["1"], dst_var = "a", {{.*}}src_distributed = 1 : i64, src_elem = "double", src_extents = ["10", "4"], src_length = ["5", "1"], src_lower = ["1", "3"], src_scalar = array<i64: 0, 1>, src_step = ["1", "1"], src_var = "b"}
#pragma xmp gmove
  a[2:5] = b[1:5][3];
// CHECK: xmp.gmove {{{.*}}dst_distributed = 0 : i64, {{.*}}dst_length = ["5"], {{.*}}dst_var = "loc", {{.*}}src_length = ["5"], src_lower = ["0"], {{.*}}src_step = ["2"]
#pragma xmp gmove
  loc[:] = a[0:5:2];
  return x > 0;
}
// C: { xmp_rt_section_t _XMP_gmove{{[0-9]+}}_dst = {NULL, (void *)(loc), sizeof(double), 1, {(5)}, {(0)}, {(5)}, {(1)}, {(0)}}, _XMP_gmove{{[0-9]+}}_src = {_XMP_desc_a, NULL, sizeof(double), 1, {(10)}, {(0)}, {(5)}, {(2)}, {(0)}}; xmp_rt_gmove(
