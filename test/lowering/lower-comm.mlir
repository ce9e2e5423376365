// shadow, reflect, wait_async and bcast become runtime calls.
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C

xmp.nodes @q shape ["*", "2"] {directive = "", name = "q", scope = "file", site = 0 : i64}
// CHECK: emitc.call_opaque "xmp_rt_array_shadow"() {args = [#emitc.opaque<"_XMP_desc_b">, #emitc.opaque<"(const long[]){(1), (0)}">, #emitc.opaque<"(const long[]){(2), (0)}">, #emitc.opaque<"(const int[]){(0), (1)}">
xmp.shadow "b" lower ["1", "0"] upper ["2", "0"] full [0, 1] {directive = "shadow b(*, 1:2)", site = 1 : i64}
// Declared widths, not periodic: NULLs; synchronous: async id -1.
// C: xmp_rt_reflect(_XMP_desc_b, NULL, NULL, NULL, 0, -1, &_XMP_where_2);
xmp.reflect "b" lower [] upper [] periodic [0, 0] {directive = "reflect (b)", site = 2 : i64}
// C: xmp_rt_reflect(_XMP_desc_b, (const long[]){(1), (0)}, (const long[]){(1), (0)}, (const int[]){(1), (0)}, 0, (7), &_XMP_where_3);
xmp.reflect "b" lower ["1", "0"] upper ["1", "0"] periodic [1, 0] async "7" {directive = "", site = 3 : i64}
// C: xmp_rt_wait_async((7), &_XMP_where_4); xmp_rt_wait_async((k + 1), &_XMP_where_4);
xmp.wait_async ["7", "k + 1"] {directive = "", site = 4 : i64}
// C: xmp_rt_bcast(&(x), sizeof(x), NULL, NULL, &_XMP_where_5); xmp_rt_bcast(&(y), sizeof(y), NULL, NULL, &_XMP_where_5);
xmp.bcast ["x", "y"] from [] {directive = "", site = 5 : i64}
// C: xmp_rt_bcast(&(x), sizeof(x), _XMP_nodes_q, (const int[]){((1) - 1), (0)}, &_XMP_where_6);
xmp.bcast ["x"] on @q from ["(1) - 1", "0"] {directive = "", site = 6 : i64}
// On the device copy: acc 1.
// C: xmp_rt_reflect(_XMP_desc_b, NULL, NULL, NULL, 1, -1, &_XMP_where_7);
xmp.reflect "b" lower [] upper [] periodic [0, 0] acc {directive = "reflect (b) acc", site = 7 : i64}
