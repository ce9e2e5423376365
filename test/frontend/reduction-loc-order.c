// Location reductions in loops record, per node, the position in the nest's
// sequential order of the iteration their values come from: xmp.reduction_begin
// carries it ('order': each loop's index from the outermost to the innermost
// distributed one, negated where it counts down, loops the directive does not
// distribute included); a tracker follows the begin, a step before the
// increment of the innermost distributed loop (reached by `continue`) records
// changes, and the loop's reduction breaks ties by it. Loops without location
// reductions keep their plain headers. (A cyclic template's local step is the
// node's own, the residue's progression: the increment is that variable; a
// cyclic(2) loop walks its blocks, in each of which the step is the loop's.)
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/reduction-loc-order.xmp.c | FileCheck %s --check-prefix=C
// RUN: mpicc -I%runtime_include -Wall -Wextra -Werror -c %t/reduction-loc-order.xmp.c -o %t/c.o
#pragma xmp nodes p(2, *)
#pragma xmp nodes r[*]
#pragma xmp template t(0:9, 0:19)
#pragma xmp template u[20]
#pragma xmp distribute t(cyclic(2), block) onto p
#pragma xmp distribute u[cyclic] onto r
int f(int i, int j);
int main(void) {
  int v = 0, w = 0, s = 0, x = 0, ip = 0, jp = 0, kp = 0;
// CHECK: xmp.reduction_begin firstmax ["v"] : [#xmp<type int>] locs ["ip", "jp"] order ["(long)(i)", "-(long)(j)"]
// CHECK-NEXT: xmp.reduction_begin lastmin ["w"] : [#xmp<type int>] locs ["kp"] order ["(long)(i)", "-(long)(j)"]
// CHECK-NEXT: xmp.loop on @t ["i", "j"]
// C: xmp_rt_loc_track_t *_XMP_loop[[L:[0-9]+]]_loc0 = xmp_rt_reduce_loc_order(&(v), XMP_RT_INT, XMP_RT_OP_FIRSTMAX, 2, &_XMP_where_[[L]]);
// C-SAME: xmp_rt_loc_track_t *_XMP_loop[[L]]_loc1 = xmp_rt_reduce_loc_order(&(w), XMP_RT_INT, XMP_RT_OP_LASTMIN, 2, &_XMP_where_[[L]]);
// C: for (int i = _XMP_loop[[L]]_lb0; i < _XMP_loop[[L]]_ub0 + 1; i += 1)
// C: for (int j = _XMP_loop[[L]]_lb1; j > _XMP_loop[[L]]_ub1 - 1; xmp_rt_loc_step(_XMP_loop[[L]]_loc0, (const long[]){((long)(i)), (-(long)(j))}), xmp_rt_loc_step(_XMP_loop[[L]]_loc1, (const long[]){((long)(i)), (-(long)(j))}), j -= 1)
// C: xmp_rt_reduce_loc_loop(&(v), XMP_RT_INT, XMP_RT_OP_FIRSTMAX, 2, (void *const[]){(&(ip)), (&(jp))}, (const size_t[]){(sizeof(ip)), (sizeof(jp))}, _XMP_tmpl_t, NULL, &_XMP_where_{{[0-9]+}}); xmp_rt_reduce_loc_end(&(v),
// C-SAME: xmp_rt_reduce_loc_loop(&(w),
#pragma xmp loop (i, j) on t(i, j) reduction(firstmax: v/ip, jp/) reduction(lastmin: w/kp/)
  for (int i = 0; i < 10; i++)
    for (int j = 19; j >= 0; j--) {
      if (f(i, j) > v) { v = f(i, j); ip = i; jp = j; continue; }
      if (f(i, j) <= w) { w = f(i, j); kp = i; }
    }

// A loop between the distributed ones, and one outside them, are in the order.
// CHECK: xmp.reduction_begin lastmax ["s"] : [#xmp<type int>] locs ["ip"] order ["-(long)(k)", "(long)(i)", "(long)(m)", "(long)(j)"]
#pragma xmp loop (i, j) on t(i, j) reduction(lastmax: s/ip/)
  for (int k = 5; k > 0; k -= 2)
    for (int i = 0; i < 10; i++)
      for (int m = 0; m < 3; m++)
        for (int j = 0; j < 20; j++)
          if (f(i, j + m + k) >= s) { s = f(i, j); ip = i; }

// Square brackets, a descending loop on a cyclic template.
// CHECK: xmp.reduction_begin firstmin ["x"] : [#xmp<type int>] locs ["kp"] order ["-(long)(i)"]
// C: for (int i = _XMP_loop{{[0-9]+}}_lb0; i > _XMP_loop{{[0-9]+}}_ub0 - 1; xmp_rt_loc_step(_XMP_loop{{[0-9]+}}_loc0, (const long[]){(-(long)(i))}), i += _XMP_loop{{[0-9]+}}_st0)
#pragma xmp loop on u[i] reduction(firstmin: x/kp/)
  for (int i = 19; i >= 0; i -= 3)
    if (f(i, 0) < x) { x = f(i, 0); kp = i; }

// No location reduction: no tracker, a plain header.
// CHECK-NOT: xmp.reduction_begin
// C-NOT: xmp_rt_loc_step
// C: for (int i = _XMP_loop{{[0-9]+}}_lb0; i < _XMP_loop{{[0-9]+}}_ub0 + 1; i += _XMP_loop{{[0-9]+}}_st0)
#pragma xmp loop on u[i] reduction(max: x)
  for (int i = 0; i < 20; i++)
    x = f(i, 1) > x ? f(i, 1) : x;
  return v + w + s + x + ip + jp + kp;
}
