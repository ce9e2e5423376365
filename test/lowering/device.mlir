// XMP-dev ops: they print back unchanged, and lower to the device layer's
// calls (xmp_dev_*): registration around the replicate block, syncs, the
// weight, and a device loop's bounds, argument block, tasks and combined
// reductions.
// RUN: %xmp-opt %s | %xmp-opt | FileCheck %s --check-prefix=ROUND
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s

xmp.nodes @p shape ["*"] {at = 0 : i64, directive = "", name = "p", scope = "file", site = 0 : i64}
xmp.template @t lower ["0"] upper ["N-1"] {at = 1 : i64, directive = "", name = "t", scope = "file", site = 1 : i64}

// ROUND: xmp.device_replicate ["a", "m"] handles ["_XMP_dev2_a", "_XMP_dev2_m"] distributed [1, 0] elem ["double", "float"]
// CHECK: emitc.verbatim "{" {xmp.anchor = 2 : i64}
// CHECK: emitc.call_opaque "xmp_dev_replicate"() {args = [#emitc.opaque<"_XMP_layout_a.addr">, #emitc.opaque<"xmp_rt_array_storage_bytes(_XMP_desc_a)">, #emitc.opaque<"sizeof(double)">, #emitc.opaque<"\22a\22">, #emitc.opaque<"&_XMP_where_2">], xmp.anchor = 2 : i64, xmp.assign_to = "xmp_dev_data_t *_XMP_dev2_a"
// CHECK: emitc.call_opaque "xmp_dev_replicate"() {args = [#emitc.opaque<"(void *)(m)">, #emitc.opaque<"sizeof(m)">, #emitc.opaque<"sizeof(float)">
// Released in reverse order at the end of the block (end_at).
// CHECK: emitc.call_opaque "xmp_dev_release"() {args = [#emitc.opaque<"_XMP_dev2_m">], xmp.anchor = 20 : i64
// CHECK: emitc.call_opaque "xmp_dev_release"() {args = [#emitc.opaque<"_XMP_dev2_a">], xmp.anchor = 20 : i64
// CHECK: emitc.verbatim "}" {xmp.anchor = 20 : i64}
xmp.device_replicate ["a", "m"] handles ["_XMP_dev2_a", "_XMP_dev2_m"] distributed [1, 0] elem ["double", "float"] {at = 2 : i64, end_at = 20 : i64, directive = "device replicate (a, m)", site = 2 : i64}

// ROUND: xmp.device_sync "in" ["_XMP_dev2_a", "_XMP_dev2_m"]
// CHECK: emitc.call_opaque "xmp_dev_sync_in"() {args = [#emitc.opaque<"_XMP_dev2_a">, #emitc.opaque<"&_XMP_where_3">]
// CHECK: emitc.call_opaque "xmp_dev_sync_in"() {args = [#emitc.opaque<"_XMP_dev2_m">, #emitc.opaque<"&_XMP_where_3">]
xmp.device_sync "in" ["_XMP_dev2_a", "_XMP_dev2_m"] {at = 3 : i64, directive = "device replicate_sync in (a, m)", site = 3 : i64}

// ROUND: xmp.device_reset_weight "w / 2"
// CHECK: emitc.call_opaque "xmp_dev_reset_weight"() {args = [#emitc.opaque<"(double)(w / 2)">, #emitc.opaque<"&_XMP_where_4">]
xmp.device_reset_weight "w / 2" {at = 4 : i64, directive = "device reset_weight (w / 2)", site = 4 : i64}

// ROUND: xmp.device_loop on @t ["i", "j"] dims [0, -1]
// CHECK: emitc.verbatim "static xmp_dev_loop_t *_XMP_dloop5_state;"
// CHECK: emitc.verbatim "struct _XMP_dloop5_args _XMP_dloop5_a;"
// CHECK: emitc.call_opaque "xmp_rt_loop_bounds"() {args = [#emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"0">, #emitc.opaque<"(0)">, #emitc.opaque<"(1)">, #emitc.opaque<"(N - 2)">, #emitc.opaque<"(1)">, #emitc.opaque<"&_XMP_loop5_lb0">
// The inner dimension's bounds travel in the argument block.
// CHECK: emitc.verbatim "_XMP_dloop5_a.lb1 = _XMP_loop5_lb1;"
// CHECK: emitc.verbatim "_XMP_dloop5_a.L_a = _XMP_layout_a;"
// CHECK: emitc.verbatim "_XMP_dloop5_a.s_alpha = alpha;"
// CHECK: emitc.verbatim "const xmp_dev_arg_t _XMP_dloop5_v[] = {{[{][{]}}_XMP_dev2_a, XMP_DEV_READWRITE, _XMP_layout_a.base[0], _XMP_layout_a.stride[0]}, {_XMP_dev2_m, XMP_DEV_READ, 0, 0{{[}][}]}};"
// CHECK: emitc.call_opaque "xmp_dev_loop_run"() {args = [#emitc.opaque<"&_XMP_dloop5_state">, #emitc.opaque<"_XMP_dloop5_cpu">, #emitc.opaque<"_XMP_dloop5_cuda">, #emitc.opaque<"&_XMP_dloop5_a">, #emitc.opaque<"2">, #emitc.opaque<"_XMP_dloop5_v">, #emitc.opaque<"_XMP_loop5_lb0">, #emitc.opaque<"_XMP_loop5_ub0">, #emitc.opaque<"_XMP_loop5_st0">, #emitc.opaque<"sizeof(struct _XMP_dloop5_red)">
// Task results combine in task order.
// CHECK: emitc.verbatim "s = s + _XMP_r->r0;"
// CHECK: emitc.verbatim "hi = _XMP_r->r1 > hi ? _XMP_r->r1 : hi;"
// CHECK: emitc.verbatim "neg = neg + _XMP_r->r2;"
xmp.device_loop on @t ["i", "j"] dims [0, -1] offsets ["0", "0"] lower ["1", "0"] upper ["N - 2", "M - 1"] step ["1", "1"] arrays ["a", "m"] handles ["_XMP_dev2_a", "_XMP_dev2_m"] modes ["readwrite", "read"] distributed [1, 0] row_elems [1, 1] scalars ["alpha"] reductions ["+", "max", "-"] ["s", "hi", "neg"] : ["XMP_RT_DOUBLE", "XMP_RT_INT", "XMP_RT_DOUBLE"] {at = 5 : i64, directive = "device loop", site = 5 : i64}

// ROUND: xmp.device_sync "out" ["_XMP_dev2_a"]
// CHECK: emitc.call_opaque "xmp_dev_sync_out"() {args = [#emitc.opaque<"_XMP_dev2_a">
xmp.device_sync "out" ["_XMP_dev2_a"] {at = 6 : i64, directive = "device replicate_sync out (a)", site = 6 : i64}
