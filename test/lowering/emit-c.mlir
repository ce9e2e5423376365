// The C fragments printed per site and part.
// RUN: %xmp-opt --emit-c %s | FileCheck %s

// CHECK: // site 0 decl
// CHECK-NEXT: static xmp_rt_nodes_t *_XMP_nodes_p; static const xmp_rt_srcloc_t _XMP_where_0 = {"prog.c", 3, "nodes p(*)"};
// CHECK-NEXT: // site 0 exec
// CHECK-NEXT: _XMP_nodes_p = xmp_rt_nodes_create(1, (const long[]){(-1)}, "p", &_XMP_where_0);
xmp.nodes @p shape ["*"] {directive = "nodes p(*)", name = "p", scope = "file", site = 0 : i64} loc("prog.c":3:1)
// CHECK: // site 1 exec
// CHECK-NEXT: xmp_rt_barrier(_XMP_nodes_p);
xmp.barrier on @p {directive = "barrier on p", site = 1 : i64}
