// Each directive becomes declarations (emitc.verbatim) and runtime calls
// (emitc.call_opaque), tagged with its site and part.
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s

// CHECK-NOT: {{^ *xmp\.nodes}}
// CHECK: emitc.verbatim "static xmp_rt_nodes_t *_XMP_nodes_p;" {xmp.part = "decl", xmp.site = 0 : i64}
// CHECK: emitc.call_opaque "xmp_rt_nodes_create"() {args = [#emitc.opaque<"2">, #emitc.opaque<"(const long[]){(2), (-1)}">, #emitc.opaque<"\22p\22">, #emitc.opaque<"&_XMP_where_0">], xmp.assign_to = "_XMP_nodes_p", xmp.part = "exec", xmp.site = 0 : i64} : () -> !emitc.opaque<"xmp_rt_nodes_t *">
xmp.nodes @p shape ["2", "*"] {directive = "nodes p(*,2)", name = "p", scope = "file", site = 0 : i64}
// Function-scope objects are not static.
// CHECK: emitc.verbatim "xmp_rt_template_t *_XMP_tmpl_t;"
// CHECK: emitc.call_opaque "xmp_rt_template_create"() {args = [#emitc.opaque<"2">, #emitc.opaque<"(const long[]){(0), (1)}">, #emitc.opaque<"(const long[]){(N-1), (M)}">
xmp.template @t lower ["0", "1"] upper ["N-1", "M"] {directive = "template t(1:M,0:N-1)", name = "t", scope = "function", site = 1 : i64}
// CHECK: emitc.call_opaque "xmp_rt_template_distribute"() {args = [#emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"(const int[]){(XMP_RT_DIST_BLOCK), (XMP_RT_DIST_CYCLIC)}">, #emitc.opaque<"(const intptr_t[]){(0), ((intptr_t)(2))}">, #emitc.opaque<"_XMP_nodes_p">, #emitc.opaque<"&_XMP_where_2">]
xmp.distribute @t onto @p formats ["block", "cyclic"] params ["", "2"] {directive = "", site = 2 : i64}
// CHECK: emitc.call_opaque "xmp_rt_array_create"() {args = [#emitc.opaque<"2">, #emitc.opaque<"(const long[]){(10), (20)}">, #emitc.opaque<"sizeof(double)">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"(const int[]){(1), (0)}">, #emitc.opaque<"(const long[]){(0), ((1))}">, #emitc.opaque<"\22a\22">, #emitc.opaque<"&_XMP_where_3">], xmp.assign_to = "_XMP_desc_a"
xmp.align "a" : "double" [10, 20] with @t dims [1, 0] offsets ["0", "(1)"] {directive = "", site = 3 : i64}
// CHECK: emitc.call_opaque "xmp_rt_array_allocate"() {args = [#emitc.opaque<"_XMP_desc_a">, #emitc.opaque<"&_XMP_layout_a">]
// CHECK: emitc.verbatim "_XMP_addr_a = (double *)_XMP_layout_a.addr;"
xmp.array_alloc "a" : "double" {directive = "", site = 3 : i64}
// One bounds computation per distributed loop, in its own part.
// CHECK: emitc.verbatim "long _XMP_loop4_lb0, _XMP_loop4_ub0, _XMP_loop4_st0;" {xmp.part = "pre0", xmp.site = 4 : i64}
// CHECK: emitc.call_opaque "xmp_rt_loop_bounds"() {args = [#emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"0">, #emitc.opaque<"(0)">, #emitc.opaque<"(0)">, #emitc.opaque<"(9)">, #emitc.opaque<"(1)">, #emitc.opaque<"&_XMP_loop4_lb0">
// CHECK: emitc.verbatim "long _XMP_loop4_lb1, _XMP_loop4_ub1, _XMP_loop4_st1;" {xmp.part = "pre1", xmp.site = 4 : i64}
// CHECK: emitc.call_opaque "xmp_rt_loop_bounds"() {args = [#emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"1">, #emitc.opaque<"(0)">, #emitc.opaque<"(19)">, #emitc.opaque<"(0)">, #emitc.opaque<"(-1)">
xmp.loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["0", "19"] upper ["9", "0"] step ["1", "-1"] {directive = "", site = 4 : i64}
// Two reductions of one site share one source record.
// CHECK: emitc.verbatim "static const xmp_rt_srcloc_t _XMP_where_5 = {{.*}}" {xmp.part = "decl", xmp.site = 5 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(m)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_MAX">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">
// CHECK-NOT: _XMP_where_5 =
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(k)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_LONG">, #emitc.opaque<"XMP_RT_OP_PROD">, #emitc.opaque<"_XMP_tmpl_t">
xmp.reduction "max" ["m"] : ["XMP_RT_DOUBLE"] on @t {directive = "", site = 5 : i64}
xmp.reduction "*" ["k"] : ["XMP_RT_LONG"] on @t {directive = "", site = 5 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(f)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_LOR">, #emitc.opaque<"NULL">, #emitc.opaque<"_XMP_nodes_p">
xmp.reduction "||" ["f"] : ["XMP_RT_INT"] on @p {directive = "", site = 6 : i64}
// CHECK: emitc.call_opaque "xmp_rt_barrier"() {args = [#emitc.opaque<"NULL">]
xmp.barrier {directive = "", site = 7 : i64}
// A loop's location reductions: with an iteration order, each gets a tracker after its
// begin (numbered within the loop's site) and a step; the loop's reduction breaks ties by
// it; without an order, begin only.
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_begin"() {args = [#emitc.opaque<"&(v)">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"1">, #emitc.opaque<"(void *const[]){(&(a))}">
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_order"() {args = [#emitc.opaque<"&(v)">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"2">, #emitc.opaque<"&_XMP_where_8">], xmp.assign_to = "xmp_rt_loc_track_t *_XMP_loop8_loc0", xmp.part = "decl", xmp.site = 8 : i64}
// CHECK: emitc.verbatim "xmp_rt_loc_step(_XMP_loop8_loc0, (const long[]){((long)(i)), (-(long)(j))})," {xmp.part = "step", xmp.site = 8 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_begin"() {args = [#emitc.opaque<"&(w)">
// CHECK: xmp.assign_to = "xmp_rt_loc_track_t *_XMP_loop8_loc1"
// CHECK: emitc.verbatim "xmp_rt_loc_step(_XMP_loop8_loc1, (const long[]){((long)(i)), (-(long)(j))})," {xmp.part = "step", xmp.site = 8 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_begin"() {args = [#emitc.opaque<"&(x)">
// CHECK-NOT: xmp_rt_reduce_loc_order
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_loop"() {args = [#emitc.opaque<"&(v)">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"1">, #emitc.opaque<"(void *const[]){(&(a))}">, #emitc.opaque<"(const size_t[]){(sizeof(a))}">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_9">]
// CHECK-NEXT: emitc.call_opaque "xmp_rt_reduce_loc_end"() {args = [#emitc.opaque<"&(v)">
xmp.reduction_begin "firstmax" ["v"] : ["XMP_RT_INT"] locs ["a"] order ["(long)(i)", "-(long)(j)"] {directive = "", site = 8 : i64}
xmp.reduction_begin "lastmin" ["w"] : ["XMP_RT_INT"] locs ["b"] order ["(long)(i)", "-(long)(j)"] {directive = "", site = 8 : i64}
xmp.reduction_begin "lastmin" ["x"] : ["XMP_RT_INT"] locs ["c"] {directive = "", site = 10 : i64}
xmp.reduction "firstmax" ["v"] : ["XMP_RT_INT"] on @t locs ["a"] loop {directive = "", site = 9 : i64}
// A local array assignment is its block.
// CHECK: emitc.verbatim "{ b[0] = 2; }" {xmp.part = "exec", xmp.site = 11 : i64}
// CHECK-NOT: {{^ *xmp\.}}
xmp.array [] lower [] upper [] step [] cyclic [] body "{ b[0] = 2; }" {directive = "", site = 11 : i64}
