// `reduction ... acc` and `bcast ... acc` (`device` its synonym), after 'on'
// and 'async', mark the ops `acc` and lower to the runtime's _acc calls (the
// current copies of `device replicate` arrays); the plain forms stay as they
// were.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: %xmpcc -emit-lowered %s | FileCheck %s --check-prefix=LOW
#pragma xmp nodes p(*)
double a[8];
int c[3];
int main(void) {
#pragma xmp device replicate (a, c)
  {
// CHECK: xmp.reduction sum ["a"] : [#xmp<type double>] acc {{[{].*}}counts = array<i64: 8>
// LOW: "xmp_rt_reduce_acc"() {args = [#emitc.opaque<"(a)">
#pragma xmp reduction(+:a) acc
// CHECK: xmp.reduction max ["a", "c"] : [#xmp<type double>, #xmp<type int>] on @p async "3" acc
// LOW: "xmp_rt_reduce_acc"() {args = [#emitc.opaque<"(a)">
// LOW: "xmp_rt_reduce_acc"() {args = [#emitc.opaque<"(c)">
#pragma xmp reduction(max:a, c) on p async(3) device
// CHECK: xmp.bcast ["c"] on @p from ["(2) - 1"] acc {{[{].*}}directive = "bcast (c) from p(2) acc"
// LOW: "xmp_rt_bcast_acc"() {args = [#emitc.opaque<"&(c)">, #emitc.opaque<"sizeof(c)">
#pragma xmp bcast (c) from p(2) acc
// CHECK: xmp.bcast ["a"] from [] async "4" acc
// LOW: "xmp_rt_bcast_acc"() {args = [#emitc.opaque<"&(a)">
#pragma xmp bcast (a) device async(4)
// CHECK: xmp.reduction sum ["a"] : [#xmp<type double>] {{[{].*}}counts
// CHECK: xmp.bcast ["c"] from [] {{[{].*}}directive
// LOW: "xmp_rt_reduce"()
// LOW: "xmp_rt_bcast"()
#pragma xmp reduction(+:a)
#pragma xmp bcast (c)
  }
  return 0;
}
