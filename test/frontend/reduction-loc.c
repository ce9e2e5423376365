// Reductions with location variables: firstmax, firstmin, lastmax,
// lastmin, and max/min with locations (their 'first' forms).
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: %xmpcc -emit-lowered %s | FileCheck %s --check-prefix=LOW
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
int main(void) {
  double m = 0, n = 0;
  int im = 0, jm = 0, in = 0;
// CHECK: xmp.reduction firstmax ["m"] : [#xmp<type double>] on @t locs ["im", "jm"]
// CHECK-NEXT: xmp.reduction lastmin ["n"] : [#xmp<type double>] on @t locs ["in"]
#pragma xmp loop on t(i) reduction(firstmax: m/im, jm/) reduction(lastmin: n/in/)
  for (int i = 0; i < 100; i++) { }
// CHECK: xmp.reduction firstmin ["n"] : [#xmp<type double>] locs ["in"]
#pragma xmp reduction(min: n/in/)
// LOW: emitc.call_opaque "xmp_rt_reduce_loc_loop"() {args = [#emitc.opaque<"&(m)">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"2">, #emitc.opaque<"(void *const[]){(&(im)), (&(jm))}">, #emitc.opaque<"(const size_t[]){(sizeof(im)), (sizeof(jm))}">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">
// The directive has no iterations: ties go by node order.
// LOW: emitc.call_opaque "xmp_rt_reduce_loc"() {args = [#emitc.opaque<"&(n)">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_FIRSTMIN">
  return 0;
}
// After the ops, -emit-lowered lists every fragment's C by anchor.
// LOW: // The fragments, by anchor:
// LOW: xmp_rt_reduce_loc_begin(&(m), XMP_RT_DOUBLE, XMP_RT_OP_FIRSTMAX, 2, (void *const[]){(&(im)), (&(jm))}
// LOW: xmp_rt_loc_step(_XMP_loop{{[0-9]+}}_loc0, (const long[]){((long)(i))}),
