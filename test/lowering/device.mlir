// XMP-dev ops: they print back unchanged, and lower to the device layer's
// calls (xmp_dev_*): registration around the replicate block, syncs, the
// weight, and a device loop's bounds, argument block, tasks and combined
// reductions.
// RUN: %xmp-opt %s | %xmp-opt | FileCheck %s --check-prefix=ROUND
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C


xmp.nodes @p shape ["*"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0"] upper ["N-1"] {at = 1 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}

// ROUND: xmp.device_replicate ["a", "m"] distributed [1, 0] elem ["double", "float"]
// CHECK: emitc.verbatim "{" {xmp.anchor = 2 : i64}
// CHECK: emitc.call_opaque "xmp_dev_replicate"() {args = [#emitc.opaque<"_XMP_layout_a.addr">, #emitc.opaque<"xmp_rt_array_storage_bytes(_XMP_desc_a)">, #emitc.opaque<"sizeof(double)">, #emitc.opaque<"\22a\22">, #emitc.opaque<"&_XMP_where_2">], xmp.anchor = 2 : i64, xmp.assign_to = "xmp_dev_data_t *_XMP_dev2_a"
// CHECK: emitc.call_opaque "xmp_dev_replicate"() {args = [#emitc.opaque<"(void *)(m)">, #emitc.opaque<"sizeof(m)">, #emitc.opaque<"sizeof(float)">
// Released in reverse order at the end of the block (end_at).
// CHECK: emitc.call_opaque "xmp_dev_release"() {args = [#emitc.opaque<"_XMP_dev2_m">], xmp.anchor = 20 : i64
// CHECK: emitc.call_opaque "xmp_dev_release"() {args = [#emitc.opaque<"_XMP_dev2_a">], xmp.anchor = 20 : i64
// CHECK: emitc.verbatim "}" {xmp.anchor = 20 : i64}
xmp.device_replicate ["a", "m"] distributed [1, 0] elem ["double", "float"] {at = 2 : i64, end_at = 20 : i64, directive = "device replicate (a, m)", site = 2 : i64}

// ROUND: xmp.device_sync in ["a", "m"] of [2, 2]
// CHECK: emitc.call_opaque "xmp_dev_sync_in"() {args = [#emitc.opaque<"_XMP_dev2_a">, #emitc.opaque<"&_XMP_where_3">]
// CHECK: emitc.call_opaque "xmp_dev_sync_in"() {args = [#emitc.opaque<"_XMP_dev2_m">, #emitc.opaque<"&_XMP_where_3">]
xmp.device_sync in ["a", "m"] of [2, 2] {at = 3 : i64, directive = "device replicate_sync in (a, m)", site = 3 : i64}

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
// Each array's rows for out-of-core chunks: a written array its own row of dimension 0, and
// the layout's place in the argument block; m, plain, read at rows -1..1 around the index.
// CHECK: emitc.verbatim "const xmp_dev_arg_t _XMP_dloop5_v[] = {{[{][{]}}_XMP_dev2_a, XMP_DEV_READWRITE, _XMP_layout_a.base[0], _XMP_layout_a.stride[0], 1, 0, 0, 0, (long)offsetof(struct _XMP_dloop5_args, L_a)}, {_XMP_dev2_m, XMP_DEV_READ, 0, 1, 1, -1, 1, 0, -1{{[}][}]}};"
// CHECK: emitc.call_opaque "xmp_dev_loop_run"() {args = [#emitc.opaque<"&_XMP_dloop5_state">, #emitc.opaque<"_XMP_dloop5_cpu">, #emitc.opaque<"_XMP_dloop5_cuda">, #emitc.opaque<"&_XMP_dloop5_a">, #emitc.opaque<"2">, #emitc.opaque<"_XMP_dloop5_v">, #emitc.opaque<"_XMP_loop5_lb0">, #emitc.opaque<"_XMP_loop5_ub0">, #emitc.opaque<"_XMP_loop5_st0">, #emitc.opaque<"sizeof(struct _XMP_dloop5_red)">
// Task results combine in task order.
// CHECK: emitc.verbatim "s = s + _XMP_r->r0;"
// CHECK: emitc.verbatim "hi = _XMP_r->r1 > hi ? _XMP_r->r1 : hi;"
// CHECK: emitc.verbatim "neg = neg + _XMP_r->r2;"
// Then across the template's nodes, as after a work-shared loop (no node_local).
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(s)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_SUM">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_5">]
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(hi)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_INT">, #emitc.opaque<"XMP_RT_OP_MAX">
// CHECK: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(neg)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_MINUS">
// The outlined code: the argument and result blocks and declarations
// (decls_at), the CPU function (funcs_at), the kernels and their codelet
// (kernels_at); the nest's own text goes (nest_at), but for its unused names.
// C: // anchor 30
// C: struct _XMP_dloop5_args {
// C-NEXT: char unused;
// C-NEXT: xmp_rt_layout_t L_a;
// C-NEXT: double s_alpha;
// C: struct _XMP_dloop5_red {
// C-NEXT: double r0;
// C-NEXT: int r1;
// C: static void _XMP_dloop5_cpu(void *[], void *);
// C: // anchor 31
// C: static void _XMP_dloop5_cpu(void *_XMP_buffers[], void *_XMP_cl) {
// C: double *restrict _XMP_n5_a = (double *)xmp_dev_buffer(_XMP_buffers, _XMP_task, 0);
// C: float *m = (float *)xmp_dev_buffer(_XMP_buffers, _XMP_task, 1);
// C-NEXT: double alpha = _XMP_args->s_alpha;
// C-NEXT: double s = (double)0;
// C-NEXT: int hi = (-__INT_MAX__ - 1);
// C: int i;
// C-NEXT: long j;
// C-NEXT: for (i = _XMP_task->lb; i < _XMP_task->ub + 1; i += 1)
// C: #pragma omp simd reduction(+:s, neg) reduction(max:hi)
// C: for (j = _XMP_args->lb1; j < _XMP_inner_ub + 1; ++j)
// C-NEXT: { double t;
// C-NEXT: #line 30 "prog.c"
// C-NEXT: ${source 0 cpu}
// C: ((struct _XMP_dloop5_red *)_XMP_task->partial)->r2 = neg;
// C: // anchor 32
// C: __global__ void _XMP_dloop5_kernel(
// C: do { double t;
// C-NEXT: #line 30 "prog.c"
// C-NEXT: ${source 0}
// C: xmp_dev_block_reduce(hi, xmp_dev_op_max(), &_XMP_blocks[xmp_dev_block_linear()].r1);
// C: extern "C" void _XMP_dloop5_cuda(void *_XMP_buffers[], void *_XMP_cl) {
// C: // anchor 33
// C-NEXT: (void)i; (void)j; (void)t;
xmp.device_loop on @t ["i", "j"] dims [0, -1] offsets ["0", "0"] lower ["1", "0"] upper ["N - 2", "M - 1"] step ["1", "1"] arrays ["a", "m"] of [2, 2] modes [#xmp<mode readwrite>, #xmp<mode read>] distributed [1, 0] row_elems [1, 1] scalars ["alpha", "t"] reductions [#xmp<reduction sum>, #xmp<reduction max>, #xmp<reduction sub>] ["s", "hi", "neg"] : [#xmp<type double>, #xmp<type int>, #xmp<type double>] {at = 5 : i64, body = 0 : i64, body_file = "prog.c", body_line = 30 : i64, const_step = array<i64: 1, 1>, decls_at = 30 : i64, directive = "device loop", elem_types = ["double", "float"], funcs_at = 31 : i64, index_types = ["int", "long"], kernels_at = 32 : i64, nest_at = 33 : i64, param_decls = ["", "float *m"], param_types = ["", "float *"], ranks = array<i64: 2, 0>, reach = array<i64: 0, 0, 0, 0, 1, 0, -1, 1>, scalar_types = ["double", "double"], scalar_uses = array<i64: 0, 2>, site = 5 : i64, unused = ["i", "j", "t"]}

// ROUND: xmp.device_sync out ["a"] of [2]
// CHECK: emitc.call_opaque "xmp_dev_sync_out"() {args = [#emitc.opaque<"_XMP_dev2_a">
xmp.device_sync out ["a"] of [2] {at = 6 : i64, directive = "device replicate_sync out (a)", site = 6 : i64}
