// Reductions, broadcasts, halos, barriers and gmove: runtime calls at the
// directive's anchor, after the directive's source record (one per site).
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C

xmp.nodes @p shape ["*", "2"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0"] upper ["9"] {at = 1 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}
xmp.dist_array @b : "double" rank 2 {name = "b"}

// Two reductions of one site share one source record.
// CHECK: emitc.verbatim "static const xmp_rt_srcloc_t _XMP_where_5 = {{.*}}" {xmp.anchor = 5 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(m)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_MAX">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_5">], xmp.anchor = 5 : i64}
// CHECK-NOT: _XMP_where_5 =
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(k)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_LONG">, #emitc.opaque<"XMP_RT_OP_PROD">, #emitc.opaque<"_XMP_tmpl_t">
xmp.reduction max ["m"] : [#xmp<type double>] on @t {at = 5 : i64, directive = "", site = 5 : i64}
xmp.reduction prod ["k"] : [#xmp<type long>] on @t {at = 5 : i64, directive = "", site = 5 : i64}
// On a node array; a C array element by element; acc on device copies.
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(f)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_LOR">, #emitc.opaque<"NULL">, #emitc.opaque<"_XMP_nodes_p">
// CHECK: emitc.call_opaque "xmp_rt_reduce_acc"() {args = [#emitc.opaque<"(v)">, #emitc.opaque<"4">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_SUM">
xmp.reduction lor ["f"] : [#xmp<type int>] on @p {at = 6 : i64, directive = "", site = 6 : i64}
xmp.reduction sum ["v"] : [#xmp<type double>] acc {at = 7 : i64, directive = "", site = 7 : i64, counts = array<i64: 4>}
// A distributed array (count -1), beside a C array in the same directive:
// the part each node owns.
// CHECK: emitc.call_opaque "xmp_rt_reduce_array"() {args = [#emitc.opaque<"_XMP_desc_b">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_SUM">, #emitc.opaque<"NULL">, #emitc.opaque<"_XMP_nodes_p">, #emitc.opaque<"&_XMP_where_12">], xmp.anchor = 12 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"(v)">, #emitc.opaque<"4">
xmp.reduction sum ["b", "v"] : [#xmp<type double>, #xmp<type double>] on @p {at = 12 : i64, directive = "", site = 12 : i64, counts = array<i64: -1, 4>}
// CHECK: emitc.call_opaque "xmp_rt_barrier"() {args = [#emitc.opaque<"NULL">], xmp.anchor = 8 : i64}
xmp.barrier {at = 8 : i64, directive = "", site = 8 : i64}

// A loop's location reductions, at the loop's virtual anchors: the begin
// and, with an iteration order, a tracker first in its block (anchor 20) and a
// step after each iteration (anchor 21); the loop's reduction (anchor 22)
// breaks ties by it; without an order, begin only.
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_begin"() {args = [#emitc.opaque<"&(v)">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"1">, #emitc.opaque<"(void *const[]){(&(a))}">, {{.*}}xmp.anchor = 20 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_order"() {args = [#emitc.opaque<"&(v)">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"2">, #emitc.opaque<"&_XMP_where_9">], xmp.anchor = 20 : i64, xmp.assign_to = "xmp_rt_loc_track_t *_XMP_loop9_loc0"}
// CHECK: emitc.verbatim "xmp_rt_loc_step(_XMP_loop9_loc0, (const long[]){((long)(i)), (-(long)(j))})," {xmp.anchor = 21 : i64}
// CHECK: xmp.assign_to = "xmp_rt_loc_track_t *_XMP_loop9_loc1"
// CHECK: emitc.verbatim "xmp_rt_loc_step(_XMP_loop9_loc1, {{.*}})," {xmp.anchor = 21 : i64}
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_begin"() {args = [#emitc.opaque<"&(x)">
// CHECK-NOT: xmp_rt_reduce_loc_order
// CHECK: emitc.call_opaque "xmp_rt_reduce_loc_loop"() {args = [#emitc.opaque<"&(v)">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_FIRSTMAX">, #emitc.opaque<"1">, #emitc.opaque<"(void *const[]){(&(a))}">, #emitc.opaque<"(const size_t[]){(sizeof(a))}">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_10">], xmp.anchor = 22 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_rt_reduce_loc_end"() {args = [#emitc.opaque<"&(v)">
xmp.reduction_begin firstmax ["v"] : [#xmp<type int>] locs ["a"] order ["(long)(i)", "-(long)(j)"] {at = 20 : i64, step_at = 21 : i64, directive = "", site = 9 : i64}
xmp.reduction_begin lastmin ["w"] : [#xmp<type int>] locs ["b"] order ["(long)(i)", "-(long)(j)"] {at = 20 : i64, step_at = 21 : i64, directive = "", site = 9 : i64}
xmp.reduction_begin lastmin ["x"] : [#xmp<type int>] locs ["c"] {at = 23 : i64, directive = "", site = 11 : i64}
xmp.reduction firstmax ["v"] : [#xmp<type int>] on @t locs ["a"] loop {at = 22 : i64, directive = "", site = 10 : i64}

// Declared widths, not periodic: NULLs; synchronous: async id -1.
// C: xmp_rt_reflect(_XMP_desc_b, NULL, NULL, NULL, 0, -1, &_XMP_where_12);
xmp.reflect @b lower [] upper [] periodic [0, 0] {at = 30 : i64, directive = "reflect (b)", site = 12 : i64}
// C: xmp_rt_reflect(_XMP_desc_b, (const long[]){(1), (0)}, (const long[]){(1), (0)}, (const int[]){(1), (0)}, 0, (7), &_XMP_where_13);
xmp.reflect @b lower ["1", "0"] upper ["1", "0"] periodic [1, 0] async "7" {at = 31 : i64, directive = "", site = 13 : i64}
// On the device copy: acc 1.
// C: xmp_rt_reflect(_XMP_desc_b, NULL, NULL, NULL, 1, -1, &_XMP_where_14);
xmp.reflect @b lower [] upper [] periodic [0, 0] acc {at = 32 : i64, directive = "reflect (b) acc", site = 14 : i64}
// C: xmp_rt_reflect_init(_XMP_desc_b, NULL, NULL, NULL, 1, &_XMP_where_15);
xmp.reflect_init @b lower [] upper [] periodic [0, 0] acc {at = 33 : i64, directive = "", site = 15 : i64}
// C: xmp_rt_reflect_do(_XMP_desc_b, 1, (3), &_XMP_where_16);
xmp.reflect_do @b acc async "3" {at = 34 : i64, directive = "", site = 16 : i64}
// C: xmp_rt_reduce_shadow(_XMP_desc_b, XMP_RT_DOUBLE, (const long[]){(1), (0)}, (const long[]){(2), (0)}, NULL, -1, &_XMP_where_17);
xmp.reduce_shadow @b : double lower ["1", "0"] upper ["2", "0"] periodic [0, 0] {at = 35 : i64, directive = "", site = 17 : i64}
// C: xmp_rt_wait_async((7), &_XMP_where_18); xmp_rt_wait_async((k + 1), &_XMP_where_18);
xmp.wait_async ["7", "k + 1"] {at = 36 : i64, directive = "", site = 18 : i64}
// C: xmp_rt_bcast(&(x), sizeof(x), NULL, NULL, &_XMP_where_19); xmp_rt_bcast(&(y), sizeof(y), NULL, NULL, &_XMP_where_19);
xmp.bcast ["x", "y"] from [] {at = 37 : i64, directive = "", site = 19 : i64}
// C: xmp_rt_bcast(&(x), sizeof(x), _XMP_nodes_p, (const int[]){((1) - 1), (0)}, &_XMP_where_20);
xmp.bcast ["x"] on @p from ["(1) - 1", "0"] {at = 38 : i64, directive = "", site = 20 : i64}
// C: xmp_rt_bcast_section((void *)(s), 1, (const long[]){(8)}, sizeof(int), (const long[]){(2)}, (const long[]){(3)}, (const long[]){(1)}, NULL, NULL, &_XMP_where_21);
xmp.bcast ["s"] from [] sections [{elem = "int", extents = array<i64: 8>, lb = ["2"], len = ["3"], st = ["1"]}] {at = 39 : i64, directive = "", site = 21 : i64}
// gmove: both sides as section records, collective or one-sided.
// C: { xmp_rt_section_t _XMP_gmove22_dst = {_XMP_desc_b, NULL, sizeof(double), 1, {(10)}, {(0)}, {(10)}, {(1)}, {(0)}}, _XMP_gmove22_src = {NULL, (void *)(c), sizeof(double), 1, {(10)}, {(0)}, {(10)}, {(1)}, {(0)}}; xmp_rt_gmove(&_XMP_gmove22_dst, &_XMP_gmove22_src, &_XMP_where_22); }
xmp.gmove {at = 40 : i64, directive = "", site = 22 : i64, dst_var = "b", dst_elem = "double", dst_distributed = 1 : i64, dst_extents = ["10"], dst_lower = ["0"], dst_length = ["10"], dst_step = ["1"], dst_scalar = array<i64: 0>, src_var = "c", src_elem = "double", src_distributed = 0 : i64, src_extents = ["10"], src_lower = ["0"], src_length = ["10"], src_step = ["1"], src_scalar = array<i64: 0>}
// C: xmp_rt_gmove_mode(&_XMP_gmove23_dst, &_XMP_gmove23_src, XMP_RT_GMOVE_IN, (9), &_XMP_where_23);
xmp.gmove {at = 41 : i64, directive = "", site = 23 : i64, mode = #xmp<direction in>, async = "9", dst_var = "c", dst_elem = "double", dst_distributed = 0 : i64, dst_extents = ["10"], dst_lower = ["0"], dst_length = ["10"], dst_step = ["1"], dst_scalar = array<i64: 0>, src_var = "b", src_elem = "double", src_distributed = 1 : i64, src_extents = ["10"], src_lower = ["0"], src_length = ["10"], src_step = ["1"], src_scalar = array<i64: 0>}
// bcast on some nodes only: the root is node q(root)'s rank among the executing
// nodes, or its position in the task's selection of q.
// C: xmp_rt_bcast(&(x), sizeof(x), NULL, (const int[]){(xmp_rt_nodes_exec_rank(_XMP_nodes_p, (const long[]){(1), (0)}, "bcast 'from'", &_XMP_where_24))}, &_XMP_where_24);
xmp.bcast ["x"] from ["1", "0"] {at = 44 : i64, directive = "", site = 24 : i64, from = @p}
// C: (const int[]){(xmp_rt_nodes_selection_pos(_XMP_nodes_p, (const long[]){(xmp_rt_nodes_coord(_XMP_nodes_p, 0)), (0)}, (const long[]){(xmp_rt_nodes_coord(_XMP_nodes_p, 0)), (xmp_rt_nodes_size(_XMP_nodes_p, 1) - 1)}, (const long[]){(1), (1)}, (const long[]){(1), (0)}, "bcast 'from'", &_XMP_where_25))}
xmp.bcast ["x"] from ["1", "0"] {at = 45 : i64, directive = "", site = 25 : i64, from = @p, from_lower = [#xmp.coord, "0"], from_upper = [#xmp.coord, #xmp.last], from_step = ["1", "1"]}
