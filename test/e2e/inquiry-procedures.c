// The chapter 7 procedures the first inquiry test leaves out, against values
// worked out here from the declarations at 1-4 nodes: xmpc_this_image and
// xmp_num_images (also inside a task), xmp_nodes_attr of each kind of node
// array, xmp_test_async (polled until an async reflect is complete, whose
// shadows are then read without wait_async), xmp_array_lead_dim, the
// failures the spec names (a collapsed dimension, a template not fixed yet),
// and xmp_array_gtol on cyclic, cyclic(w) with an offset and a lower bound of
// 1, block over an uneven extent with an offset and shadows, and gblock with
// a node owning nothing: the cyclic answers against the owner's elements
// counted one by one, the block and gblock ones read back from the owner's
// storage.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: inquiry-procedures: 0 mismatches
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p[*]
#pragma xmp nodes q[1] = p[0:1]
#pragma xmp template tc[17]
#pragma xmp distribute tc[cyclic] onto p
#pragma xmp template tw(1:22)
#pragma xmp distribute tw(cyclic(3)) onto p
#pragma xmp template tb(0:12)
#pragma xmp distribute tb(block) onto p
#pragma xmp template tf(:)
#pragma xmp distribute tf(block) onto p
int c[17], w[20], b[12], m[3][12];
#pragma xmp align c[i] with tc[i]
#pragma xmp align w[i] with tw(i + 2)
#pragma xmp align b[i] with tb(i + 1)
#pragma xmp shadow b[1]
#pragma xmp align m[*][i] with tb(i)
int sizes[4];

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
    if ((call) >= 0) {                                                                       \
      printf("MISMATCH node %d line %d: %s did not fail\n", xmpc_node_num(), __LINE__,       \
             #call);                                                                         \
      bad++;                                                                                 \
    }                                                                                        \
  } while (0)

/* Elements before template position k (counted from the lower bound) that the owner of k
 * holds under cyclic(wd) over np nodes: the owner's local index of k. */
static int cyclic_local(int k, int wd, int np) {
  int owner = k / wd % np, n = 0;
  for (int j = 0; j < k; j++)
    n += j / wd % np == owner;
  return n;
}

static void executing_set(int P) {
#pragma xmp nodes s[*] = *
#pragma xmp nodes r[*]
  int v;
  EXPECT(xmp_nodes_attr(xmp_desc_of(s), &v), v, XMP_EXECUTING_NODES);
  /* Without '=', inside the task on one node: the entire set only when that is all. */
  EXPECT(xmp_nodes_attr(xmp_desc_of(r), &v), v,
         P == 1 ? XMP_ENTIRE_NODES : XMP_EXECUTING_NODES);
}

int main(void) {
  int P = xmp_num_nodes(), me = xmpc_node_num(), v, l;
  EXPECT(0, xmpc_this_image(), me);
  EXPECT(0, xmp_num_images(), P);
  EXPECT(xmp_nodes_attr(xmp_desc_of(p), &v), v, XMP_ENTIRE_NODES);
  EXPECT(xmp_nodes_attr(xmp_desc_of(q), &v), v, XMP_EQUIVALENCE_NODES);
  FAILS(xmp_nodes_attr(xmp_desc_of(tc), &v));
#pragma xmp task on p[0:1]
  {
    EXPECT(0, xmpc_this_image(), 0);
    EXPECT(0, xmp_num_images(), 1);
    executing_set(P);
  }

  /* A deferred template: no bounds until template_fix. */
  EXPECT(xmp_template_fixed(xmp_desc_of(tf), &v), v, 0);
  FAILS(xmp_template_lbound(xmp_desc_of(tf), 1, &v));
  FAILS(xmp_template_ubound(xmp_desc_of(tf), 1, &v));
#pragma xmp template_fix tf(0:7)
  EXPECT(xmp_template_lbound(xmp_desc_of(tf), 1, &v), v, 0);
  EXPECT(xmp_template_ubound(xmp_desc_of(tf), 1, &v), v, 7);
  EXPECT(xmp_template_lbound(xmp_desc_of(tw), 1, &v), v, 1);
  EXPECT(xmp_template_ubound(xmp_desc_of(tw), 1, &v), v, 22);
  EXPECT(xmp_dist_blocksize(xmp_desc_of(tw), 1, &v), v, 3);
  EXPECT(xmp_dist_format(xmp_desc_of(tc), 1, &v), v, XMP_CYCLIC);
  EXPECT(xmp_dist_blocksize(xmp_desc_of(tc), 1, &v), v, 1);

  /* A collapsed dimension is aligned with nothing: axis and offset fail. */
  xmp_desc_t dm = xmp_desc_of(m);
  FAILS(xmp_align_axis(dm, 1, &v));
  FAILS(xmp_align_offset(dm, 1, &v));
  EXPECT(xmp_align_axis(dm, 2, &v), v, 1);
  EXPECT(xmp_align_offset(xmp_desc_of(w), 1, &v), v, 2);
  EXPECT(xmp_array_gtol(dm, 1, 2, &l), l, 2);
  FAILS(xmp_array_gtol(dm, 1, 3, &l));

  /* cyclic and cyclic(3): the same answer on every node, the owner's local index. */
  for (int g = 0; g < 17; g++)
    EXPECT(xmp_array_gtol(xmp_desc_of(c), 1, g, &l), l, cyclic_local(g, 1, P));
  for (int g = 0; g < 20; g++) /* w[g] is tw(g + 2), position g + 1 from tw's lower bound */
    EXPECT(xmp_array_gtol(xmp_desc_of(w), 1, g, &l), l, cyclic_local(g + 1, 3, P));
  FAILS(xmp_array_gtol(xmp_desc_of(w), 1, 20, &l));

  /* block over 13 template elements, b[i] at tb(i + 1), one shadow element each side. */
  int blk = (13 + P - 1) / P, tlo = me * blk, thi = tlo + blk - 1 < 12 ? tlo + blk - 1 : 12;
  int lo = tlo - 1 > 0 ? tlo - 1 : 0, hi = thi - 1 < 11 ? thi - 1 : 11, lead[1];
  int *bs;
  EXPECT(xmp_array_lsize(xmp_desc_of(b), 1, &v), v, (hi >= lo ? hi - lo + 1 : 0) + 2);
  EXPECT(xmp_array_lead_dim(xmp_desc_of(b), lead), lead[0], (hi >= lo ? hi - lo + 1 : 0) + 2);
  EXPECT(xmp_array_laddr(xmp_desc_of(b), (void **)&bs), bs != NULL, 1);
#pragma xmp loop (i) on tb(i + 1)
  for (int i = 0; i < 12; i++)
    b[i] = 10 * i + 5;
  for (int g = 0; g < 12; g++) {
    int owner = (g + 1) / blk, olo = owner * blk - 1 > 0 ? owner * blk - 1 : 0;
    EXPECT(xmp_array_gtol(xmp_desc_of(b), 1, g, &l), l, g - olo + 1);
    if (owner == me)
      EXPECT(0, bs[l], 10 * g + 5);
  }

  /* test_async: poll an async reflect until it is complete, then read the shadows. */
#pragma xmp reflect (b) async(5)
  while (!xmp_test_async(5))
    ;
  EXPECT(0, xmp_test_async(5), 1);
  EXPECT(0, xmp_test_async(99), 1); /* nothing was started under 99 */
  int wrong = 0;
#pragma xmp loop (i) on tb(i + 1) reduction(+:wrong)
  for (int i = 0; i < 12; i++)
    wrong += (i > 0 && b[i - 1] != 10 * (i - 1) + 5) + (i < 11 && b[i + 1] != 10 * (i + 1) + 5);
  EXPECT(0, wrong, 0);
#pragma xmp wait_async(5)

  /* gblock: 1 element on the first node, none on the second (3 nodes or more), 3 on the
   * third, the rest on the last. */
#pragma xmp template tg(0:9)
  int rest = 10, start = 0, gg[10];
  for (int k = 0; k < P - 1; k++) {
    sizes[k] = k == 0 ? 1 : k == 1 ? 0 : 3;
    rest -= sizes[k];
  }
  sizes[P - 1] = rest;
#pragma xmp distribute tg(gblock(sizes)) onto p
#pragma xmp align gg[i] with tg(i)
  int *gs;
  EXPECT(xmp_array_laddr(xmp_desc_of(gg), (void **)&gs), gs != NULL, 1);
#pragma xmp loop (i) on tg(i)
  for (int i = 0; i < 10; i++)
    gg[i] = 3 * i + 1;
  for (int owner = 0; owner < P; owner++) {
    for (int g = start; g < start + sizes[owner]; g++) {
      EXPECT(xmp_array_gtol(xmp_desc_of(gg), 1, g, &l), l, g - start);
      if (owner == me)
        EXPECT(0, gs[l], 3 * g + 1);
    }
    start += sizes[owner];
  }
  EXPECT(xmp_dist_gblockmap(xmp_desc_of(tg), 1, sizes), sizes[0], P == 1 ? 10 : 1);

#pragma xmp reduction(+:bad)
  if (me == 0)
    printf("inquiry-procedures: %d mismatches\n", bad);
  return 0;
}
