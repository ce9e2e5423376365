// The local view's ops: a coarray's runtime object declared at its anchor and
// registered in the module's initialisation (not for one another file
// registers); reads, writes and copies of coindexed data with the records of
// where they stand as compound literals (they sit in the user's expressions);
// lock, post and wait.
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s

xmp.nodes @p shape ["*"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
// CHECK: emitc.verbatim "xmp_rt_coarray_t *xmp_co_a;" {xmp.anchor = 1 : i64}
// CHECK: emitc.verbatim "static const xmp_rt_srcloc_t _XMP_where_1 = {{.*}}" {xmp.anchor = 2 : i64}
// CHECK: emitc.call_opaque "xmp_rt_coarray_new"() {args = [#emitc.opaque<"(void *)&a">, #emitc.opaque<"sizeof(a)">, #emitc.opaque<"2">, #emitc.opaque<"(const long[]){(3), (-1)}">, #emitc.opaque<"\22a\22">, #emitc.opaque<"&_XMP_where_1">], xmp.anchor = 2 : i64, xmp.assign_to = "xmp_co_a"} : () -> !emitc.opaque<"xmp_rt_coarray_t *">
xmp.coarray "a" handle "xmp_co_a" coshape ["3", "*"] {at = 1 : i64, directive = "a[N]:[3][*]", init_at = 2 : i64, site = 1 : i64}
// CHECK: emitc.verbatim "extern xmp_rt_coarray_t *xmp_co_b;" {xmp.anchor = 3 : i64}
// CHECK-NOT: sizeof(b)
xmp.coarray "b" handle "xmp_co_b" coshape ["*"] {at = 3 : i64, directive = "b[N]:[*]", external, site = 2 : i64}

// CHECK: emitc.verbatim "(*(double *)xmp_rt_coarray_get_element(xmp_co_a, xmp_rt_coarray_image(xmp_co_a, (const long[]){(i), (j)}, &(const xmp_rt_srcloc_t){\22f.c\22, 7, \22a[1]:[i][j]\22}), &(" {xmp.anchor = 4 : i64}
// CHECK-NEXT: xmp.hole source 5
// CHECK-NEXT: emitc.verbatim "), &(double){0}, sizeof(double), &(const xmp_rt_srcloc_t){\22f.c\22, 7, \22a[1]:[i][j]\22}))" {xmp.anchor = 4 : i64}
xmp.coarray_read "xmp_co_a" image ["i", "j"] elem "double" {at = 4 : i64, designator = 5 : i64, directive = "a[1]:[i][j]", site = 3 : i64} loc("f.c":7:3)

// CHECK: emitc.verbatim "{ double *xmp_co_at = &(" {xmp.anchor = 6 : i64}
// CHECK-NEXT: xmp.hole source 7
// CHECK-NEXT: emitc.verbatim "); int xmp_co_image = xmp_rt_coarray_image(xmp_co_b, (const long[]){(k)}, {{.*}}); double xmp_co_value" {xmp.anchor = 6 : i64}
// CHECK-NEXT: emitc.verbatim "; xmp_rt_coarray_get(xmp_co_b, xmp_co_image, xmp_co_at, 0, NULL, &xmp_co_value, 0, NULL, sizeof(double), {{.*}}); xmp_co_value -= (" {xmp.anchor = 6 : i64}
// CHECK-NEXT: xmp.hole source 8
// CHECK-NEXT: emitc.verbatim "); xmp_rt_coarray_put(xmp_co_b, xmp_co_image, xmp_co_at, 0, NULL, &xmp_co_value, 0, NULL, sizeof(double), {{.*}}); }" {xmp.anchor = 6 : i64}
xmp.coarray_write "xmp_co_b" image ["k"] "-=" elem "double" {at = 6 : i64, designator = 7 : i64, rhs = 8 : i64, directive = "b[2]:[k]", site = 4 : i64}

// A get into a local section, a put of one value, a copy between images.
// CHECK: emitc.verbatim "xmp_rt_coarray_get(xmp_co_b, xmp_rt_coarray_image(xmp_co_b, (const long[]){(k)}, {{.*}}), &b[1], 1, (const xmp_rt_span_t[]){{[{][{]}}(4), (2) * 8}}, &x[0], 1, (const xmp_rt_span_t[]){{[{][{]}}(4), (1) * 8}}, sizeof(double), {{.*}});" {xmp.anchor = 9 : i64}
xmp.coarray_copy "&x[0]" = "&b[1]" elem "double" {at = 9 : i64, directive = "", dst_cosubs = [], dst_counts = ["4"], dst_handle = "", dst_strides = ["(1) * 8"], site = 5 : i64, src_cosubs = ["k"], src_counts = ["4"], src_handle = "xmp_co_b", src_strides = ["(2) * 8"]}
// CHECK: emitc.verbatim "{ double xmp_co_value = (0.5); xmp_rt_coarray_put(xmp_co_b, {{.*}}, &b[0], 1, {{.*}}, &xmp_co_value, 0, NULL, sizeof(double), {{.*}}); }" {xmp.anchor = 10 : i64}
xmp.coarray_copy "&b[0]" = "" elem "double" {at = 10 : i64, directive = "", dst_cosubs = ["k"], dst_counts = ["3"], dst_handle = "xmp_co_b", dst_strides = ["8"], site = 6 : i64, src_cosubs = [], src_counts = [], src_handle = "", src_strides = [], value = "0.5"}
// CHECK: emitc.verbatim "xmp_rt_coarray_copy(xmp_co_b, xmp_rt_coarray_image(xmp_co_b, (const long[]){(0)}, {{.*}}), &b[0], 0, NULL, xmp_co_b, xmp_rt_coarray_image(xmp_co_b, (const long[]){(1)}, {{.*}}), &b[1], 0, NULL, sizeof(double), {{.*}});" {xmp.anchor = 11 : i64}
xmp.coarray_copy "&b[0]" = "&b[1]" elem "double" {at = 11 : i64, directive = "", dst_cosubs = ["0"], dst_counts = [], dst_handle = "xmp_co_b", dst_strides = [], site = 7 : i64, src_cosubs = ["1"], src_counts = [], src_handle = "xmp_co_b", src_strides = []}

// CHECK: emitc.verbatim "xmp_rt_coarray_unlock(xmp_co_a, xmp_rt_coarray_image(xmp_co_a, (const long[]){(0), (1)}, {{.*}}), &(l[2]), {{.*}});" {xmp.anchor = 12 : i64}
xmp.lock "xmp_co_a" image ["0", "1"] at "&(l[2])" {at = 12 : i64, directive = "", site = 8 : i64, unlock}
// CHECK: emitc.verbatim "xmp_rt_post(xmp_rt_nodes_image(_XMP_nodes_p, (const long[]){(me + 1)}, {{.*}}), (t), {{.*}});" {xmp.anchor = 13 : i64}
xmp.post @p node ["me + 1"] tag "t" {at = 13 : i64, directive = "", site = 9 : i64}
// CHECK: emitc.verbatim "xmp_rt_wait(xmp_rt_nodes_image(_XMP_nodes_p, (const long[]){(0)}, {{.*}}), 1, (t), {{.*}});" {xmp.anchor = 14 : i64}
xmp.wait @p node ["0"] tag "t" {at = 14 : i64, directive = "", site = 10 : i64}
// CHECK: emitc.verbatim "xmp_rt_wait(-1, 0, 0, {{.*}});" {xmp.anchor = 15 : i64}
xmp.wait node [] {at = 15 : i64, directive = "", site = 11 : i64}

// An atomic subroutine's call: this image's element (-1), another image's.
// CHECK: emitc.verbatim "xmp_rt_coarray_atomic_ref(xmp_co_b, -1, &(" {xmp.anchor = 16 : i64}
// CHECK-NEXT: xmp.hole source 17
// CHECK-NEXT: emitc.verbatim "), (" {xmp.anchor = 16 : i64}
// CHECK-NEXT: xmp.hole source 18
// CHECK-NEXT: emitc.verbatim "), sizeof(int), {{.*}})" {xmp.anchor = 16 : i64}
xmp.coarray_atomic "xmp_co_b" image [] elem "int" {at = 16 : i64, designator = 17 : i64, operand = 18 : i64, directive = "", site = 12 : i64}
// CHECK: emitc.verbatim "xmp_rt_coarray_atomic_define(xmp_co_b, xmp_rt_coarray_image(xmp_co_b, (const long[]){(k)}, {{.*}}), &(" {xmp.anchor = 19 : i64}
// CHECK-NEXT: xmp.hole source 20
// CHECK-NEXT: emitc.verbatim "), &(long long){(" {xmp.anchor = 19 : i64}
xmp.coarray_atomic "xmp_co_b" image ["k"] elem "long long" {at = 19 : i64, define, designator = 20 : i64, operand = 21 : i64, directive = "", site = 13 : i64}
