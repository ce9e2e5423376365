// `loop on` a node array: iteration i runs on node p(i) (round brackets,
// 1-based) or q[i] (square, 0-based); iterations naming no node run nowhere.
// Every node checks that it ran exactly its own iteration; the reductions
// (on the node array) check the totals against sums computed by hand, at 1-4
// nodes. A 2-D node array g (2 x n/2, or 1 x n for odd n): iteration (i, j)
// of `loop (i, j) on g(i, j)` runs on node g(i, j) only, and `loop on g(i, *)`
// (no index list) runs iteration i on every node of g's row i.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: PASS
// RUN: %xmpcc -emit-lowered %s | FileCheck %s --check-prefix=LOW
// LOW: emitc.call_opaque "xmp_rt_loop_bounds_nodes"() {args = [#emitc.opaque<"_XMP_nodes_p">, #emitc.opaque<"0">, #emitc.opaque<"((0) - 1)">
// LOW: emitc.call_opaque "xmp_rt_loop_bounds_nodes"() {args = [#emitc.opaque<"_XMP_nodes_q">, #emitc.opaque<"0">, #emitc.opaque<"(0)">
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp nodes q[*]
int main(void) {
  long sum = 0, count = 0, sq = 0, bad = 0;
  int i;
#pragma xmp loop (i) on p(i) reduction(+:sum, count)
  for (i = 1; i <= 6; i++) {
    bad += i != xmp_node_num();
    sum += i * 10 + xmp_node_num();
    count++;
  }
#pragma xmp loop (i) on q[i] reduction(+:sq)
  for (i = 5; i >= 0; i -= 2) { /* 5, 3, 1 */
    bad += i != xmp_node_num() - 1;
    sq += i * i;
  }
  long n = xmp_num_nodes(), want = 0, want_sq = 0;
  for (i = 1; i <= 6 && i <= n; i++)
    want += 11 * i;
  for (i = 5; i >= 0; i -= 2)
    if (i < n)
      want_sq += i * i;
  bad += (sum != want) + (count != (n < 6 ? n : 6)) + (sq != want_sq);

  /* g(i, j) is node i + (j - 1) * g1 (Fortran order). */
  int g1 = n % 2 == 0 ? 2 : 1, g2 = (int)n / g1;
#pragma xmp nodes g((n % 2 == 0 ? 2 : 1), *) = p
  long gcount = 0, gsum = 0, rows = 0;
#pragma xmp loop (i, j) on g(i, j) reduction(+:gcount, gsum)
  for (int j = 1; j <= 3; j++)
    for (int i = 1; i <= 2; i++) {
      bad += xmp_node_num() != i + (j - 1) * g1;
      gcount++;
      gsum += 10 * i + j;
    }
#pragma xmp loop on g(i, *) reduction(+:rows)
  for (i = 1; i <= 2; i++) {
    bad += (xmp_node_num() - 1) % g1 + 1 != i;
    rows++;
  }
  long want_gsum = 0, want_gcount = 0;
  for (int j = 1; j <= 3 && j <= g2; j++)
    for (i = 1; i <= 2 && i <= g1; i++)
      want_gsum += 10 * i + j, want_gcount++;
  /* Row i (1 or 2) exists when i <= g1 and has g2 nodes. */
  bad += (gsum != want_gsum) + (gcount != want_gcount) + (rows != (long)g1 * g2);
#pragma xmp reduction(+:bad)
  if (xmp_node_num() == 1)
    printf("%s sum=%ld count=%ld sq=%ld\n", bad ? "ERROR" : "PASS", sum, count, sq);
  return bad != 0;
}
