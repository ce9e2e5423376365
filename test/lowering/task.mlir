// A task: membership test and block at `at`, its end at `end_at`; a
// directive on a subset is a task of its own whose inner anchor holds it.
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C

xmp.nodes @p shape ["4"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0"] upper ["9"] {at = 1 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}
// CHECK: emitc.call_opaque "xmp_rt_task_begin_nodes"() {args = [#emitc.opaque<"_XMP_nodes_p">, #emitc.opaque<"(const long[]){(1)}">, #emitc.opaque<"(const long[]){(2)}">, #emitc.opaque<"(const long[]){(1)}">, #emitc.opaque<"&_XMP_where_2">], xmp.anchor = 10 : i64, xmp.assign_to = "int _XMP_task2"}
// CHECK: emitc.verbatim "if (_XMP_task2) {" {xmp.anchor = 10 : i64}
// CHECK: emitc.call_opaque "xmp_rt_task_end"() {args = [], xmp.anchor = 11 : i64}
// CHECK: emitc.verbatim "}" {xmp.anchor = 11 : i64}
xmp.task on @p lower ["1"] upper ["2"] step ["1"] {at = 10 : i64, end_at = 11 : i64, directive = "task on p(2:3)", site = 2 : i64}
// On template elements: their owners.
// CHECK: emitc.call_opaque "xmp_rt_task_begin_template"() {args = [#emitc.opaque<"_XMP_tmpl_t">
xmp.task on @t lower ["0"] upper ["4"] step ["1"] {at = 12 : i64, end_at = 13 : i64, directive = "", site = 3 : i64}
// C: // anchor 14
// C-NEXT: static const xmp_rt_srcloc_t _XMP_where_4 = {{.*}}; int _XMP_task4 = xmp_rt_task_begin_nodes({{.*}}); if (_XMP_task4) {${anchor 15}xmp_rt_task_end(); }
// C: // anchor 15
// C-NEXT: xmp_rt_barrier(_XMP_nodes_p);
xmp.task on @p lower ["0"] upper ["1"] step ["1"] {at = 14 : i64, end_at = 14 : i64, inner = 15 : i64, directive = "barrier on p(1:2)", site = 4 : i64}
xmp.barrier on @p {at = 15 : i64, directive = "barrier on p(1:2)", site = 4 : i64}
