// A device loop's reductions: the tasks' results combine in task order on
// this node; then, by XMP's rule for a loop's reduction clause (no
// `node_local`), each variable is reduced across the nodes of the loop's
// template with the call a work-shared loop's reduction makes
// (xmp_rt_reduce, the same type and operator names). With `node_local`
// (OpenACC's rule) the node's result is the variable's value: no call.
// RUN: %xmp-opt %s | %xmp-opt | FileCheck %s --check-prefix=ROUND
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C

xmp.nodes @p shape ["*"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0"] upper ["28"] {at = 1 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}

// ROUND: xmp.device_loop on @t ["i"] dims [0]
// ROUND-NOT: node_local
// ROUND-SAME: site = 5
// CHECK: emitc.call_opaque "xmp_dev_loop_run"() {args = [#emitc.opaque<"&_XMP_dloop5_state">
// CHECK: emitc.verbatim "s = s + _XMP_r->r0;" {xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.verbatim "m = _XMP_r->r1 > m ? _XMP_r->r1 : m;" {xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.verbatim "b = b | _XMP_r->r2;" {xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.verbatim "}" {xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(s)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_DOUBLE">, #emitc.opaque<"XMP_RT_OP_SUM">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_5">], xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(m)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_FLOAT">, #emitc.opaque<"XMP_RT_OP_MAX">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_5">], xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_rt_reduce"() {args = [#emitc.opaque<"&(b)">, #emitc.opaque<"1">, #emitc.opaque<"XMP_RT_ULONG">, #emitc.opaque<"XMP_RT_OP_BOR">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"NULL">, #emitc.opaque<"&_XMP_where_5">], xmp.anchor = 5 : i64}
// CHECK-NEXT: emitc.verbatim "}" {xmp.anchor = 5 : i64}
// C: // anchor 5
// C: s = s + _XMP_r->r0; m = _XMP_r->r1 > m ? _XMP_r->r1 : m; b = b | _XMP_r->r2; } xmp_rt_reduce(&(s), 1, XMP_RT_DOUBLE, XMP_RT_OP_SUM, _XMP_tmpl_t, NULL, &_XMP_where_5); xmp_rt_reduce(&(m), 1, XMP_RT_FLOAT, XMP_RT_OP_MAX, _XMP_tmpl_t, NULL, &_XMP_where_5); xmp_rt_reduce(&(b), 1, XMP_RT_ULONG, XMP_RT_OP_BOR, _XMP_tmpl_t, NULL, &_XMP_where_5); }
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["28"] step ["1"] arrays ["a"] of [2] modes [#xmp<mode readwrite>] distributed [0] row_elems [1] scalars [] reductions [#xmp<reduction sum>, #xmp<reduction max>, #xmp<reduction bor>] ["s", "m", "b"] : [#xmp<type double>, #xmp<type float>, #xmp<type ulong>] {at = 5 : i64, body = 0 : i64, body_file = "prog.c", body_line = 10 : i64, const_step = array<i64: 1>, decls_at = 30 : i64, directive = "device loop on t(i) reduction(+:s) reduction(max:m) reduction(|:b)", elem_types = ["double"], funcs_at = 31 : i64, index_types = ["int"], kernels_at = 32 : i64, nest_at = 33 : i64, param_decls = ["double *a"], param_types = ["double *"], ranks = array<i64: 0>, scalar_types = [], scalar_uses = array<i64>, site = 5 : i64, unused = ["i"]}

// The same loop with node_local: the combine in task order, and nothing
// across nodes.
// ROUND: xmp.device_loop on @t ["i"] dims [0]
// ROUND-SAME: node_local
// ROUND-SAME: site = 6
// CHECK: emitc.call_opaque "xmp_dev_loop_run"() {args = [#emitc.opaque<"&_XMP_dloop6_state">
// CHECK: emitc.verbatim "s = s + _XMP_r->r0;" {xmp.anchor = 6 : i64}
// CHECK-NEXT: emitc.verbatim "m = _XMP_r->r1 > m ? _XMP_r->r1 : m;" {xmp.anchor = 6 : i64}
// CHECK-NEXT: emitc.verbatim "b = b | _XMP_r->r2;" {xmp.anchor = 6 : i64}
// CHECK-NEXT: emitc.verbatim "}" {xmp.anchor = 6 : i64}
// CHECK-NEXT: emitc.verbatim "}" {xmp.anchor = 6 : i64}
// CHECK-NOT: xmp_rt_reduce
// C: // anchor 6
// C: s = s + _XMP_r->r0; m = _XMP_r->r1 > m ? _XMP_r->r1 : m; b = b | _XMP_r->r2; } }
// C-NOT: xmp_rt_reduce
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["28"] step ["1"] arrays ["a"] of [2] modes [#xmp<mode readwrite>] distributed [0] row_elems [1] scalars [] reductions [#xmp<reduction sum>, #xmp<reduction max>, #xmp<reduction bor>] ["s", "m", "b"] : [#xmp<type double>, #xmp<type float>, #xmp<type ulong>] {at = 6 : i64, body = 0 : i64, body_file = "prog.c", body_line = 20 : i64, const_step = array<i64: 1>, decls_at = 40 : i64, directive = "device loop on t(i) reduction(+:s) reduction(max:m) reduction(|:b)", elem_types = ["double"], funcs_at = 41 : i64, index_types = ["int"], kernels_at = 42 : i64, nest_at = 43 : i64, node_local, param_decls = ["double *a"], param_types = ["double *"], ranks = array<i64: 0>, scalar_types = [], scalar_uses = array<i64>, site = 6 : i64, unused = ["i"]}

// `lazy`: the variables' pending values first (the loop starts from them),
// the run that does not wait for the results, and the record of what to
// combine and reduce when the program reads a variable: per variable its
// address, type, operator and field, the template and its span, not
// node_local.
// ROUND: xmp.device_loop on @t ["i"] dims [0]
// ROUND-SAME: lazy
// ROUND-SAME: site = 7
// CHECK: emitc.call_opaque "xmp_dev_reduce_wait"() {args = [#emitc.opaque<"&(s)">], xmp.anchor = 7 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_dev_reduce_wait"() {args = [#emitc.opaque<"&(m)">], xmp.anchor = 7 : i64}
// CHECK: emitc.call_opaque "xmp_dev_loop_run_lazy"() {args = [#emitc.opaque<"&_XMP_dloop7_state">
// CHECK-NOT: xmp_rt_reduce
// C: // anchor 7
// C: { static xmp_dev_loop_t *_XMP_dloop7_state; xmp_dev_reduce_wait(&(s)); xmp_dev_reduce_wait(&(m));
// C: int _XMP_dloop7_pending = xmp_dev_loop_run_lazy(&_XMP_dloop7_state, {{.*}}, &_XMP_dloop7_p, &_XMP_dloop7_n, &_XMP_where_7); const xmp_dev_red_t _XMP_dloop7_rv[] = {{[{][{]}}&(s), XMP_RT_DOUBLE, XMP_RT_OP_SUM, offsetof(struct _XMP_dloop7_red, r0)}, {&(m), XMP_RT_FLOAT, XMP_RT_OP_MAX, offsetof(struct _XMP_dloop7_red, r1)}}; xmp_dev_reduce_later(_XMP_dloop7_state, _XMP_dloop7_pending, _XMP_dloop7_p, _XMP_dloop7_n, sizeof(struct _XMP_dloop7_red), 2, _XMP_dloop7_rv, _XMP_tmpl_t, NULL, 0, &_XMP_where_7); }
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["28"] step ["1"] arrays ["a"] of [2] modes [#xmp<mode readwrite>] distributed [0] row_elems [1] scalars [] reductions [#xmp<reduction sum>, #xmp<reduction max>] ["s", "m"] : [#xmp<type double>, #xmp<type float>] {at = 7 : i64, body = 0 : i64, body_file = "prog.c", body_line = 30 : i64, const_step = array<i64: 1>, decls_at = 50 : i64, directive = "device loop on t(i) reduction(+:s) reduction(max:m)", elem_types = ["double"], funcs_at = 51 : i64, index_types = ["int"], kernels_at = 52 : i64, lazy, nest_at = 53 : i64, param_decls = ["double *a"], param_types = ["double *"], ranks = array<i64: 0>, scalar_types = [], scalar_uses = array<i64>, site = 7 : i64, unused = ["i"]}

// The statements that read the variables wait for them; those that assign
// them first drop them.
// ROUND: xmp.reduction_mark ["s", "m"] {at = 8 : i64}
// ROUND: xmp.reduction_mark ["s"] {at = 9 : i64, forget}
// CHECK: emitc.call_opaque "xmp_dev_reduce_wait"() {args = [#emitc.opaque<"&(s)">], xmp.anchor = 8 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_dev_reduce_wait"() {args = [#emitc.opaque<"&(m)">], xmp.anchor = 8 : i64}
// CHECK-NEXT: emitc.call_opaque "xmp_dev_reduce_forget"() {args = [#emitc.opaque<"&(s)">], xmp.anchor = 9 : i64}
// C: // anchor 8
// C-NEXT: xmp_dev_reduce_wait(&(s)); xmp_dev_reduce_wait(&(m));
// C: // anchor 9
// C-NEXT: xmp_dev_reduce_forget(&(s));
xmp.reduction_mark ["s", "m"] {at = 8 : i64}
xmp.reduction_mark ["s"] {at = 9 : i64, forget}
