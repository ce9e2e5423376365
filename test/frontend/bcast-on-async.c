// bcast 'on' part of a node array runs as a task on those nodes; its 'from'
// becomes the source's rank among them. 'async' on bcast and reduction: they
// complete at once, so wait_async on their id finds nothing pending and
// returns; 'wait_async ... on' waits on those nodes.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: %xmpcc -emit-lowered %s | FileCheck %s --check-prefix=LOW
#pragma xmp nodes p(*)
int main(void) {
  int v = 1, w[4];
// CHECK: xmp.task on @p lower ["(2) - 1"] upper ["(3) - 1"] step ["1"] {{[{].*}}directive = "bcast (v) on p(2:3) async(7)"
// CHECK-NEXT: xmp.bcast ["v"] from [] async "7"
#pragma xmp bcast (v) on p(2:3) async(7)
// CHECK: xmp.task on @p lower ["(2) - 1"] upper ["(3) - 1"]
// The root is p(3)'s position among the task's nodes p(2:3).
// CHECK-NEXT: xmp.bcast ["w"] from ["(3) - 1"] {{[{].*}}from = @p, from_lower = ["(2) - 1"], from_step = ["1"], from_upper = ["(3) - 1"]
#pragma xmp bcast (w) from p(3) on p(2:3)
// CHECK: xmp.reduction sum ["v"] : [#xmp<type int>] async "8"
#pragma xmp reduction(+:v) async(8)
// CHECK: xmp.task on @p lower ["(2) - 1"] upper ["(3) - 1"]
// CHECK-NEXT: xmp.wait_async ["7", "8"]
#pragma xmp wait_async(7, 8) on p(2:3)
// LOW: xmp_rt_task_begin_nodes
// LOW: xmp_rt_bcast
// LOW-NOT: xmp_rt_async
// LOW: xmp_rt_task_end
// LOW: #emitc.opaque<"(const int[]){(xmp_rt_nodes_selection_pos(_XMP_nodes_p, (const long[]){((2) - 1)}, (const long[]){((3) - 1)}, (const long[]){(1)}, (const long[]){((3) - 1)}, \22bcast 'from'\22, &_XMP_where_2))}">
// LOW: xmp_rt_reduce
// LOW: "xmp_rt_wait_async"() {args = [#emitc.opaque<"(7)">
  return v;
}
