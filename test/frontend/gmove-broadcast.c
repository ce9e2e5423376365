// A single element on the right of a gmove (a scalar, an element of a
// distributed or a plain array) is assigned to every element of the left
// section: the source has no shape dimension. A section on the right still
// needs the left one's rank (errors/gmove-rank.c).
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][4], b[10], s, x[3];
#pragma xmp align a[i][*] with t(i)
#pragma xmp align b[i] with t(i)
void f(void) {
#pragma xmp gmove
  a[1:5][2:2] = b[7];
// CHECK: xmp.gmove {{{.*}}dst_length = ["5", "2"], dst_lower = ["1", "2"], dst_scalar = array<i64: 0, 0>, {{.*}}dst_var = "a", {{.*}}src_length = ["1"], src_lower = ["7"], src_scalar = array<i64: 1>, {{.*}}src_var = "b"}
#pragma xmp gmove in
  b[:] = s;
// CHECK: xmp.gmove {{{.*}}dst_length = ["10"], {{.*}}dst_var = "b", mode = #xmp<direction in>, {{.*}}src_extents = [], {{.*}}src_scalar = array<i64>, {{.*}}src_var = "s"}
#pragma xmp gmove out
  a[0:5:2][0] = x[1];
// CHECK: xmp.gmove {{{.*}}dst_length = ["5", "1"], {{.*}}dst_var = "a", mode = #xmp<direction out>, {{.*}}src_extents = ["3"], src_length = ["1"], src_lower = ["1"], src_scalar = array<i64: 1>, {{.*}}src_var = "x"}
}
