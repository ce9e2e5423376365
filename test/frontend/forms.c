// Forms the other dialect tests leave out, as the dialect and the C they
// become: square and 2-D node subsets, plain cyclic and gblock(m) in
// distribute, a loop on a node array, the loop reduction operators - & | ^
// && || min firstmin lastmax, the reduction directive on node subsets of both
// styles and on a template section, a bcast of an array section from a node
// of its 'on' subset, barrier on a subset and on a template section, task on
// one template element with the owners' accesses outside loops (block,
// cyclic), and the intrinsics, which the C keeps as calls into libxmp.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/forms.xmp.c | FileCheck %s --check-prefix=C
// RUN: grep -v "^// " %t/forms.xmp.c | FileCheck %s --check-prefix=INIT
#include <xmp.h>
#define N 12
#pragma xmp nodes p(*)
#pragma xmp nodes g[*][2]
// CHECK: xmp.nodes @h shape ["2"] {{{.*}}parent = @p, {{.*}}subset_lower = ["0"], subset_step = ["1"], subset_upper = ["(0) + ((2) - 1) * (1)"]}
// INIT: _XMP_nodes_h = xmp_rt_nodes_share(_XMP_nodes_h, xmp_rt_nodes_create_subset(1, (const long[]){(2)}, _XMP_nodes_p, (const long[]){(0)}, (const long[]){((0) + ((2) - 1) * (1))}, (const long[]){(1)}, "h", &_XMP_where_2));
#pragma xmp nodes h[2] = p[0:2]
// This node's row of g: its own coordinate in the first dimension.
// CHECK: xmp.nodes @row shape ["2"] {{{.*}}parent = @g, {{.*}}subset_lower = [#xmp.coord, "0"], subset_step = ["1", "1"], subset_upper = [#xmp.coord, #xmp.last]}
#pragma xmp nodes row[2] = g[*][:]
// CHECK: xmp.nodes @q shape ["2"] {{{.*}}parent = @p, {{.*}}subset_lower = ["(2) - 1"], subset_step = ["1"], subset_upper = ["(3) - 1"]}
#pragma xmp nodes q(2) = p(2:3)
#pragma xmp template t(0:N-1)
#pragma xmp template tc(0:N-1)
#pragma xmp template tg[N]
#pragma xmp distribute t(block) onto p
// CHECK: xmp.distribute @tc onto @p formats [#xmp<format cyclic>] params [""]
// INIT: xmp_rt_template_distribute(_XMP_tmpl_tc, (const int[]){(XMP_RT_DIST_CYCLIC)}, (const intptr_t[]){(1)}, _XMP_nodes_p, &_XMP_where_9);
#pragma xmp distribute tc(cyclic) onto p
int m[2] = {5, 7};
// CHECK: xmp.distribute @tg onto @h formats [#xmp<format gblock>] params ["m"]
// INIT: xmp_rt_template_distribute(_XMP_tmpl_tg, (const int[]){(XMP_RT_DIST_GBLOCK)}, (const intptr_t[]){((intptr_t)(m))}, _XMP_nodes_h, &_XMP_where_10);
#pragma xmp distribute tg[gblock(m)] onto h
double a[N], c[N], v[N];
#pragma xmp align a[i] with t(i)
#pragma xmp align c[i] with tc(i)
int main(void) {
  int s = 0, bi = 0, bo = 0, bx = 0, la = 1, lo = 0, mn = 99, fm = 0, lm = 0, ifm = 0, ilm = 0;
// Iteration i on node p(i): 1-based, so offset -1.
// CHECK: xmp.loop on @p ["i"] dims [0] offsets ["(0) - 1"] lower ["1"] upper ["2"] step ["1"]
// C: xmp_rt_loop_bounds_nodes(_XMP_nodes_p, 0, ((0) - 1), (1), (2), (1), &_XMP_loop13_lb0, &_XMP_loop13_ub0, &_XMP_loop13_st0);{{$}}
// C-NEXT: for (int i = _XMP_loop13_lb0; i < _XMP_loop13_ub0 + 1; i += 1)
#pragma xmp loop (i) on p(i)
  for (int i = 1; i <= 2; i++)
    s += i;
// CHECK: xmp.loop on @t ["i"] dims [0]
// CHECK-NEXT: xmp.reduction sub ["s"] : [#xmp<type int>] on @t loop
// CHECK-NEXT: xmp.reduction band ["bi"] : [#xmp<type int>] on @t loop
// CHECK-NEXT: xmp.reduction bor ["bo"] : [#xmp<type int>] on @t loop
// CHECK-NEXT: xmp.reduction bxor ["bx"] : [#xmp<type int>] on @t loop
// CHECK-NEXT: xmp.reduction land ["la"] : [#xmp<type int>] on @t loop
// CHECK-NEXT: xmp.reduction lor ["lo"] : [#xmp<type int>] on @t loop
// CHECK-NEXT: xmp.reduction min ["mn"] : [#xmp<type int>] on @t loop
// C: xmp_rt_reduce(&(s), 1, XMP_RT_INT, XMP_RT_OP_MINUS, _XMP_tmpl_t, NULL, &_XMP_where_15);
// C-SAME: xmp_rt_reduce(&(bi), 1, XMP_RT_INT, XMP_RT_OP_BAND, _XMP_tmpl_t, NULL, &_XMP_where_15);
// C-SAME: xmp_rt_reduce(&(bo), 1, XMP_RT_INT, XMP_RT_OP_BOR, _XMP_tmpl_t, NULL, &_XMP_where_15);
// C-SAME: xmp_rt_reduce(&(bx), 1, XMP_RT_INT, XMP_RT_OP_BXOR, _XMP_tmpl_t, NULL, &_XMP_where_15);
// C-SAME: xmp_rt_reduce(&(la), 1, XMP_RT_INT, XMP_RT_OP_LAND, _XMP_tmpl_t, NULL, &_XMP_where_15);
// C-SAME: xmp_rt_reduce(&(lo), 1, XMP_RT_INT, XMP_RT_OP_LOR, _XMP_tmpl_t, NULL, &_XMP_where_15);
// C-SAME: xmp_rt_reduce(&(mn), 1, XMP_RT_INT, XMP_RT_OP_MIN, _XMP_tmpl_t, NULL, &_XMP_where_15);
#pragma xmp loop on t(i) reduction(-:s) reduction(&:bi) reduction(|:bo) reduction(^:bx) reduction(&&:la) reduction(||:lo) reduction(min:mn)
  for (int i = 0; i < N; i++)
    s -= i;
// CHECK: xmp.reduction firstmin ["fm"] : [#xmp<type int>] on @t locs ["ifm"] loop
// CHECK-NEXT: xmp.reduction lastmax ["lm"] : [#xmp<type int>] on @t locs ["ilm"] loop
#pragma xmp loop on t(i) reduction(firstmin:fm/ifm/) reduction(lastmax:lm/ilm/)
  for (int i = 0; i < N; i++)
    fm = i;
// The directive on a subset runs as a task on it.
// CHECK: xmp.task on @p lower ["(1) - 1"] upper ["(2) - 1"] step ["1"] {{[{].*}}directive = "reduction(*:s) on p(1:2)"
// CHECK-NEXT: xmp.reduction prod ["s"] : [#xmp<type int>] {{[{].*}}directive
#pragma xmp reduction(*:s) on p(1:2)
// CHECK: xmp.task on @h lower ["1"] upper ["(1) + ((1) - 1) * (1)"] step ["1"] {{[{].*}}directive = "reduction(^:bx) on h[1:1]"
// CHECK-NEXT: xmp.reduction bxor ["bx"] : [#xmp<type int>] {{[{].*}}directive
#pragma xmp reduction(^:bx) on h[1:1]
// CHECK: xmp.task on @t lower ["2"] upper ["5"] step ["1"] {{[{].*}}directive = "reduction(max:lm/ilm/) on t(2:5)"
// CHECK-NEXT: xmp.reduction firstmax ["lm"] : [#xmp<type int>] locs ["ilm"] {{[{].*}}directive
#pragma xmp reduction(max:lm/ilm/) on t(2:5)
// 'from p(2)' is the source's position in the 'on' selection p(1:3).
// CHECK: xmp.task on @p lower ["(1) - 1"] upper ["(3) - 1"] step ["1"] {{[{].*}}directive = "bcast (v[2:3]) from p(2) on p(1:3)"
// CHECK-NEXT: xmp.bcast ["v"] from ["(2) - 1"] sections [{elem = "double", extents = array<i64: 12>, lb = ["2"], len = ["3"], st = ["1"]}] {{[{].*}}from = @p, from_lower = ["(1) - 1"], from_step = ["1"], from_upper = ["(3) - 1"]
#pragma xmp bcast (v[2:3]) from p(2) on p(1:3)
// CHECK: xmp.task on @p lower ["(1) - 1"] upper ["(2) - 1"] step ["1"] {{[{].*}}directive = "barrier on p(1:2)"
// CHECK-NEXT: xmp.barrier {{[{].*}}directive = "barrier on p(1:2)"
#pragma xmp barrier on p(1:2)
// CHECK: xmp.task on @t lower ["0"] upper ["4"] step ["1"] {{[{].*}}directive = "barrier on t(0:4)"
// CHECK-NEXT: xmp.barrier {{[{].*}}directive = "barrier on t(0:4)"
#pragma xmp barrier on t(0:4)
// Owner computes: the element's global index through the array's layout.
// CHECK: xmp.task on @t lower ["5"] upper ["5"] step ["1"] {{[{].*}}directive = "task on t(5)"
// C: int _XMP_task24 = xmp_rt_task_begin_template(_XMP_tmpl_t, (const long[]){(5)}, (const long[]){(5)}, (const long[]){(1)}, &_XMP_where_24);
// C-NEXT: _XMP_addr_a[((5) - _XMP_layout_a.base[0])] = xmp_node_num() + xmpc_node_num() + xmp_num_nodes() + xmp_all_node_num() + xmpc_all_node_num() + xmp_all_num_nodes(); xmp_rt_task_end(); }
#pragma xmp task on t(5)
  a[5] = xmp_node_num() + xmpc_node_num() + xmp_num_nodes() + xmp_all_node_num() + xmpc_all_node_num() + xmp_all_num_nodes();
// CHECK: xmp.task on @tc lower ["7"] upper ["7"] step ["1"] {{[{].*}}directive = "task on tc(7)"
// C: int _XMP_task25 = xmp_rt_task_begin_template(_XMP_tmpl_tc, (const long[]){(7)}, (const long[]){(7)}, (const long[]){(1)}, &_XMP_where_25);
// C-NEXT: _XMP_addr_c[((7) - _XMP_layout_c.base[0])] = xmp_wtime() + xmp_wtick(); xmp_rt_task_end(); }
#pragma xmp task on tc(7)
  c[7] = xmp_wtime() + xmp_wtick();
// C: if (s < 0)
// C-NEXT: xmp_exit(1);
  if (s < 0)
    xmp_exit(1);
  return 0;
}
