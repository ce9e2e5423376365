// The C fragments printed by anchor (xmp-opt --emit-c): one line per anchor
// and variant, consecutive ops a space apart, holes as ${source N} and
// ${anchor N}.
// RUN: %xmp-opt --emit-c %s | FileCheck %s

// CHECK: // anchor 0
// CHECK-NEXT: xmp_rt_nodes_t *_XMP_nodes_p __attribute__((weak)); static const xmp_rt_srcloc_t _XMP_where_0 = {"prog.c", 3, "nodes p(*)"};
// CHECK-NEXT: // anchor 1
// CHECK-NEXT: _XMP_nodes_p = xmp_rt_nodes_share(_XMP_nodes_p, xmp_rt_nodes_create(1, (const long[]){(-1)}, "p", &_XMP_where_0));
xmp.nodes @p shape ["*"] {at = 0 : i64, init_at = 1 : i64, directive = "nodes p(*)", name = "p", scope = #xmp<scope file>, site = 0 : i64} loc("prog.c":3:1)
// CHECK: // anchor 2
// CHECK-NEXT: xmp_rt_barrier(_XMP_nodes_p);
xmp.barrier on @p {at = 2 : i64, directive = "barrier on p", site = 1 : i64}
// CHECK: // anchor 3
// CHECK-NEXT: _XMP_addr_a[((${source 7}) - _XMP_layout_a.base[0])]
xmp.dist_array @a : "double" rank 1 {name = "a"}
xmp.access @a [7] {at = 3 : i64}
