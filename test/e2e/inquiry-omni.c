// The other XMP compiler's inquiry functions that application codes call
// (NPB CG: xmp_array_gcllbound / gclubound), against what the program itself
// sees at 1-4 nodes: the first and last index each node's `loop` runs
// (block over an uneven extent with an offset and shadows, cyclic(2), gblock
// with a node owning nothing), the local index read back from the node's
// storage, the owner of every element against the node that ran its
// iteration, the node's count of template elements against its iterations,
// and the sizes, formats and bounds against the declarations.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: inquiry-omni: 0 mismatches of [[#]]
#include <stdio.h>
#include <xmp.h>
#define NB 23
#define NC 19
#define NG 10
#pragma xmp nodes p[*]
#pragma xmp template tb(0:NB)
#pragma xmp distribute tb(block) onto p
#pragma xmp template tc(0:NC-1)
#pragma xmp distribute tc(cyclic(2)) onto p
int map[4];
float b[NB];
#pragma xmp align b[i] with tb(i + 1)
#pragma xmp shadow b[2]
long c[NC];
#pragma xmp align c[i] with tc(i)

static int bad, checked;
static void expect(const char *what, int got, int want) {
  checked++;
  if (got != want) {
    printf("MISMATCH node %d: %s is %d, expected %d\n", xmp_node_num(), what, got, want);
    bad++;
  }
}

int main(void) {
  int i, np = xmp_num_nodes(), me = xmp_node_num();
  // gblock: the last node owns nothing when there are several.
  for (i = 0; i < 4; i++)
    map[i] = 0;
  for (i = 0; i < np; i++)
    map[i] = np == 1 ? NG : i < np - 1 ? NG / (np - 1) + (i < NG % (np - 1)) : 0;
#pragma xmp template tg(0:NG-1)
#pragma xmp distribute tg(gblock(map)) onto p
  short m[3][NG];
#pragma xmp align m[*][i] with tg(i)
  int lo_b = 1 << 30, hi_b = -1, lo_c = 1 << 30, hi_c = -1, lo_g = 1 << 30, hi_g = -1, nt = 0;
  int own_b[NB], own_c[NC];
  for (i = 0; i < NB; i++)
    own_b[i] = 0;
  for (i = 0; i < NC; i++)
    own_c[i] = 0;
#pragma xmp loop (i) on tb(i + 1)
  for (i = 0; i < NB; i++) {
    b[i] = (float)i;
    lo_b = i < lo_b ? i : lo_b;
    hi_b = i > hi_b ? i : hi_b;
    own_b[i] = me;
  }
#pragma xmp loop (i) on tc(i)
  for (i = 0; i < NC; i++) {
    c[i] = i;
    lo_c = i < lo_c ? i : lo_c;
    hi_c = i > hi_c ? i : hi_c;
    own_c[i] = me;
  }
#pragma xmp loop (i) on tg(i)
  for (i = 0; i < NG; i++) {
    m[1][i] = (short)i;
    lo_g = i < lo_g ? i : lo_g;
    hi_g = i > hi_g ? i : hi_g;
  }
#pragma xmp loop (i) on tb(i)
  for (i = 0; i <= NB; i++)
    nt++;
#pragma xmp reduction(max:own_b, own_c)

  xmp_desc_t db = xmp_desc_of(b), dc = xmp_desc_of(c), dm = xmp_desc_of(m);
  // Global sizes and bounds, element sizes.
  expect("gsize(b)", xmp_array_gsize(db, 1), NB);
  expect("gsize(m, 1)", xmp_array_gsize(dm, 1), 3);
  expect("gsize(m, 2)", xmp_array_gsize(dm, 2), NG);
  expect("gsize(b, 2)", xmp_array_gsize(db, 2), -1);
  expect("gcglbound(c)", xmp_array_gcglbound(dc, 1), 0);
  expect("gcgubound(c)", xmp_array_gcgubound(dc, 1), NC - 1);
  expect("type_size(b)", (int)xmp_array_type_size(db), (int)sizeof(float));
  expect("type_size(m)", (int)xmp_array_type_size(dm), (int)sizeof(short));
  // What this node computes, against its loops.
  int owns_b = hi_b >= 0, owns_g = hi_g >= 0;
  if (owns_b) {
    expect("gcllbound(b)", xmp_array_gcllbound(db, 1), lo_b);
    expect("gclubound(b)", xmp_array_gclubound(db, 1), hi_b);
  } else {
    expect("b owned nothing", xmp_array_gcllbound(db, 1) > xmp_array_gclubound(db, 1), 1);
  }
  if (hi_c >= 0) {
    expect("gcllbound(c)", xmp_array_gcllbound(dc, 1), lo_c);
    expect("gclubound(c)", xmp_array_gclubound(dc, 1), hi_c);
  }
  if (owns_g) {
    expect("gcllbound(m, 2)", xmp_array_gcllbound(dm, 2), lo_g);
    expect("gclubound(m, 2)", xmp_array_gclubound(dm, 2), hi_g);
  } else {
    expect("m owned nothing", xmp_array_gcllbound(dm, 2) > xmp_array_gclubound(dm, 2), 1);
  }
  expect("gcllbound(m, 1)", xmp_array_gcllbound(dm, 1), 0);
  expect("gclubound(m, 1)", xmp_array_gclubound(dm, 1), 2);
  // Local indices: the storage holds the owned elements' values there.
  float *sb;
  long *sc;
  short *sm;
  xmp_array_laddr(db, (void **)&sb);
  xmp_array_laddr(dc, (void **)&sc);
  xmp_array_laddr(dm, (void **)&sm);
  if (owns_b) {
    expect("b at lcllbound", (int)sb[xmp_array_lcllbound(db, 1)], lo_b);
    expect("b at lclubound", (int)sb[xmp_array_lclubound(db, 1)], hi_b);
    expect("lcllbound(b) after the shadow", xmp_array_lcllbound(db, 1) >= (lo_b > 0 ? 2 : 0), 1);
  }
  if (hi_c >= 0) {
    expect("c at lcllbound", (int)sc[xmp_array_lcllbound(dc, 1)], lo_c);
    expect("c at lclubound", (int)sc[xmp_array_lclubound(dc, 1)], hi_c);
  }
  if (owns_g) {
    int row;
    xmp_array_lsize(dm, 2, &row);
    expect("m at lcllbound", sm[row + xmp_array_lcllbound(dm, 2)], lo_g);
    expect("m at lclubound", sm[row + xmp_array_lclubound(dm, 2)], hi_g);
  }
  // Owners, against the node that ran each iteration.
  for (i = 0; i < NB; i++) {
    int g[1] = {i};
    expect("owner(b)", xmp_array_owner(db, 1, g, 1), own_b[i]);
  }
  for (i = 0; i < NC; i++) {
    int g[1] = {i};
    expect("owner(c)", xmp_array_owner(dc, 1, g, 1), own_c[i]);
  }
  int gm[2] = {1, 0};
  expect("owner(m, 1): not distributed", xmp_array_owner(dm, 2, gm, 1), -1);
  // Formats and sizes of the aligned template dimensions.
  expect("align_format(b)", xmp_align_format(db, 1), XMP_BLOCK);
  expect("align_format(c)", xmp_align_format(dc, 1), XMP_CYCLIC);
  expect("align_format(m, 1)", xmp_align_format(dm, 1), XMP_NOT_DISTRIBUTED);
  expect("align_format(m, 2)", xmp_align_format(dm, 2), XMP_GBLOCK);
  expect("align_size(b)", xmp_align_size(db, 1), (NB + 1 + np - 1) / np);
  expect("align_size(c)", xmp_align_size(dc, 1), 2);
  expect("align_size(m, 1)", xmp_align_size(dm, 1), 3);
  // Templates: extent, and the elements this node owns against its iterations.
  expect("template_gsize(tb)", xmp_template_gsize(xmp_desc_of(tb), 1), NB + 1);
  expect("template_lsize(tb)", xmp_template_lsize(xmp_desc_of(tb), 1), nt);
  expect("template_gsize(tb, 2)", xmp_template_gsize(xmp_desc_of(tb), 2), -1);
#pragma xmp reduction(+:bad, checked)
  if (me == 1)
    printf("inquiry-omni: %d mismatches of %d\n", bad, checked);
  return 0;
}
