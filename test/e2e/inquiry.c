// xmp_desc_of and the mapping inquiry functions against values worked out by
// hand from the declarations (block sizes and owned ranges from the block
// formula for 1-4 nodes): nodes, node subsets (equiv), templates of every
// distribution format, alignment (axis, offset, replication), array bounds
// and shadows, and the local storage (laddr, lsize, both gtol forms) read
// back after a work-shared loop wrote every owned element.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: inquiry: 0 mismatches
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp nodes q(1) = p(1:1)
#pragma xmp template t(0:22, 0:4)
#pragma xmp template c(0:11)
#pragma xmp template g(0:9)
#pragma xmp distribute t(block, *) onto p
#pragma xmp distribute c(cyclic(3)) onto p
int mm[1] = {10};
#pragma xmp distribute g(gblock(mm)) onto q
double a[5][23];
#pragma xmp align a[j][i] with t(i, j)
#pragma xmp shadow a[0][1:2]
int b[10], r[23];
#pragma xmp align b[i] with c(i+2)
#pragma xmp align r[i] with t(i, *)

static int bad;
#define EXPECT(call, var, want)                                                              \
  do {                                                                                       \
    int rc_ = (call);                                                                        \
    if (rc_ != 0 || (var) != (want)) {                                                       \
      printf("MISMATCH node %d line %d: %s gave %d (returned %d), want %d\n",                \
             xmpc_node_num(), __LINE__, #call, (int)(var), rc_, (int)(want));                \
      bad++;                                                                                 \
    }                                                                                        \
  } while (0)
#define FAILS(call)                                                                          \
  do {                                                                                       \
    if ((call) != -1) {                                                                      \
      printf("MISMATCH node %d line %d: %s did not fail\n", xmpc_node_num(), __LINE__,       \
             #call);                                                                         \
      bad++;                                                                                 \
    }                                                                                        \
  } while (0)

int main(void) {
  int P = xmp_num_nodes(), me = xmpc_node_num(), v, map[1], lb[1], ub[1], st[1];
  int blk = (23 + P - 1) / P, lo = me * blk, hi = lo + blk - 1 < 22 ? lo + blk - 1 : 22;
  xmp_desc_t dp = xmp_desc_of(p), dt = xmp_desc_of(t), da = xmp_desc_of(a), x;

  EXPECT(xmp_nodes_ndims(dp, &v), v, 1);
  EXPECT(xmp_nodes_size(dp, 1, &v), v, P);
  EXPECT(xmp_nodes_index(dp, 1, &v), v, me + 1);
  EXPECT(xmp_nodes_equiv(xmp_desc_of(q), &x, lb, ub, st), lb[0] * 100 + ub[0] * 10 + st[0], 111);
  EXPECT(0, x == dp, 1);
  FAILS(xmp_nodes_equiv(dp, &x, lb, ub, st)); /* p is no subset */

  EXPECT(xmp_template_fixed(dt, &v), v, 1);
  EXPECT(xmp_template_ndims(dt, &v), v, 2);
  EXPECT(xmp_template_lbound(dt, 1, &v), v, 0);
  EXPECT(xmp_template_ubound(dt, 1, &v), v, 22);
  EXPECT(xmp_template_lbound(dt, 2, &v), v, 0);
  EXPECT(xmp_template_ubound(dt, 2, &v), v, 4);
  EXPECT(xmp_dist_format(dt, 1, &v), v, XMP_BLOCK);
  EXPECT(xmp_dist_format(dt, 2, &v), v, XMP_NOT_DISTRIBUTED);
  EXPECT(xmp_dist_blocksize(dt, 1, &v), v, blk);
  EXPECT(xmp_dist_blocksize(dt, 2, &v), v, 5);
  EXPECT(xmp_dist_axis(dt, 1, &v), v, 1);
  FAILS(xmp_dist_axis(dt, 2, &v));
  EXPECT(xmp_dist_nodes(dt, &x), x == dp, 1);
  EXPECT(xmp_dist_format(xmp_desc_of(c), 1, &v), v, XMP_CYCLIC);
  EXPECT(xmp_dist_blocksize(xmp_desc_of(c), 1, &v), v, 3);
  EXPECT(xmp_dist_format(xmp_desc_of(g), 1, &v), v, XMP_GBLOCK);
  EXPECT(xmp_dist_gblockmap(xmp_desc_of(g), 1, map), map[0], 10);
  FAILS(xmp_dist_gblockmap(dt, 1, map));

  EXPECT(xmp_align_template(da, &x), x == dt, 1);
  EXPECT(xmp_align_axis(da, 1, &v), v, 2); /* a's dimension 0 (j) is t's second (Fortran) */
  EXPECT(xmp_align_axis(da, 2, &v), v, 1);
  EXPECT(xmp_align_offset(xmp_desc_of(b), 1, &v), v, 2);
  EXPECT(xmp_align_replicated(xmp_desc_of(r), 1, &v), v, 0);
  EXPECT(xmp_align_replicated(xmp_desc_of(r), 2, &v), v, 1);
  EXPECT(xmp_array_ndims(da, &v), v, 2);
  EXPECT(xmp_array_lbound(da, 2, &v), v, 0);
  EXPECT(xmp_array_ubound(da, 1, &v), v, 4);
  EXPECT(xmp_array_ubound(da, 2, &v), v, 22);
  EXPECT(xmp_array_lshadow(da, 1, &v), v, 0);
  EXPECT(xmp_array_lshadow(da, 2, &v), v, 1);
  EXPECT(xmp_array_ushadow(da, 2, &v), v, 2);
  FAILS(xmp_array_ndims(dt, &v)); /* a template is no array */
  FAILS(xmp_template_ndims(da, &v));
  FAILS(xmp_array_ubound(da, 3, &v));

  /* Local storage: 5 x (owned + 3) elements, row-major. */
  int ls1, ls2, j, i, l[2], gi[2];
  double *base;
  EXPECT(xmp_array_lsize(da, 1, &ls1), ls1, 5);
  EXPECT(xmp_array_lsize(da, 2, &ls2), ls2, hi - lo + 1 + 3);
  EXPECT(xmp_array_laddr(da, (void **)&base), base != NULL, 1);
#pragma xmp loop (i) on t(i, *)
  for (i = 0; i < 23; i++)
    for (j = 0; j < 5; j++)
      a[j][i] = 100 * j + i;
  for (i = lo; i <= hi; i++)
    for (j = 0; j < 5; j++) {
      EXPECT(xmp_array_gtol(da, 1, j, &l[0]), l[0], j);
      EXPECT(xmp_array_gtol(da, 2, i, &l[1]), l[1], i - lo + 1);
      gi[0] = j, gi[1] = i;
      EXPECT(xmp_array_gtol(da, gi, l), l[0] * 1000 + l[1], j * 1000 + i - lo + 1);
      EXPECT(0, base[l[0] * ls2 + l[1]], 100 * j + i);
    }
  /* Every node answers with the local index on the owner: the first element on the first
   * node, the last on the last (owning from (P - 1) * blk); none outside the array. */
  EXPECT(xmp_array_gtol(da, 2, 0, &l[1]), l[1], 1);
  EXPECT(xmp_array_gtol(da, 2, 22, &l[1]), l[1], 22 - (P - 1) * blk + 1);
  FAILS(xmp_array_gtol(da, 2, 23, &l[1]));
  FAILS(xmp_array_gtol(da, 2, -1, &l[1]));
#pragma xmp reduction(+:bad)
  if (me == 0)
    printf("inquiry: %d mismatches\n", bad);
  return 0;
}
