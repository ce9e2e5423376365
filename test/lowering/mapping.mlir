// Data-mapping directives: declarations at their anchor (`at`), the runtime
// calls that create the objects at `init_at` where given (a file-scope
// directive: the file's initialisation), else at `at`.
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C

// CHECK-NOT: {{^ *xmp\.nodes}}
// File scope: one object program-wide, the variable weak (every file that
// declares it names the same one), the first file's object kept.
// CHECK: emitc.verbatim "xmp_rt_nodes_t *_XMP_nodes_p __attribute__((weak));" {xmp.anchor = 0 : i64}
// CHECK: emitc.call_opaque "xmp_rt_nodes_share"() {args = [#emitc.opaque<"_XMP_nodes_p">, #emitc.opaque<"xmp_rt_nodes_create(2, (const long[]){(2), (-1)}, \22p\22, &_XMP_where_0)">], xmp.anchor = 100 : i64, xmp.assign_to = "_XMP_nodes_p"} : () -> !emitc.opaque<"xmp_rt_nodes_t *">
xmp.nodes @p shape ["2", "*"] {at = 0 : i64, init_at = 100 : i64, directive = "nodes p(*,2)", name = "p", scope = #xmp<scope file>, site = 0 : i64}
// A subset of p: its triplets (0-based, inclusive).
// CHECK: emitc.call_opaque "xmp_rt_nodes_share"() {args = [#emitc.opaque<"_XMP_nodes_q">, #emitc.opaque<"xmp_rt_nodes_create_subset(1, (const long[]){(2)}, _XMP_nodes_p, (const long[]){(0), (1)}, (const long[]){(1), (1)}, (const long[]){(1), (1)}
xmp.nodes @q shape ["2"] {at = 1 : i64, init_at = 100 : i64, directive = "", name = "q", scope = #xmp<scope file>, site = 1 : i64, parent = @p, subset_lower = ["0", "1"], subset_upper = ["1", "1"], subset_step = ["1", "1"]}
// Function-scope objects are the function's, created where they are declared.
// CHECK: emitc.verbatim "xmp_rt_template_t *_XMP_tmpl_t;" {xmp.anchor = 2 : i64}
// CHECK: emitc.call_opaque "xmp_rt_template_create"() {args = [#emitc.opaque<"2">, #emitc.opaque<"(const long[]){(0), (1)}">, #emitc.opaque<"(const long[]){(N-1), (M)}">, {{.*}}xmp.anchor = 2 : i64
xmp.template @t lower ["0", "1"] upper ["N-1", "M"] {at = 2 : i64, directive = "template t(1:M,0:N-1)", name = "t", scope = #xmp<scope function>, site = 2 : i64}
// A deferred shape: NULL bounds.
// CHECK: emitc.call_opaque "xmp_rt_template_create"() {args = [#emitc.opaque<"1">, #emitc.opaque<"NULL">, #emitc.opaque<"NULL">
xmp.template @d lower [":"] upper [":"] {at = 3 : i64, directive = "template d(:)", name = "d", scope = #xmp<scope function>, site = 3 : i64}
// CHECK: emitc.call_opaque "xmp_rt_template_distribute"() {args = [#emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"(const int[]){(XMP_RT_DIST_BLOCK), (XMP_RT_DIST_CYCLIC)}">, #emitc.opaque<"(const intptr_t[]){(0), ((intptr_t)(2))}">, #emitc.opaque<"_XMP_nodes_p">, #emitc.opaque<"&_XMP_where_4">]
xmp.distribute @t onto @p formats [#xmp<format block>, #xmp<format cyclic>] params ["", "2"] {at = 4 : i64, directive = "", site = 4 : i64}
// template_fix: the bounds and, for gblock(*), the sizes.
// CHECK: emitc.call_opaque "xmp_rt_template_fix"() {args = [#emitc.opaque<"_XMP_tmpl_d">, #emitc.opaque<"NULL">, #emitc.opaque<"NULL">, #emitc.opaque<"(const long[]){(0)}">, #emitc.opaque<"(const long[]){(n - 1)}">
xmp.template_fix @d lower ["0"] upper ["n - 1"] formats [] params [] {at = 5 : i64, directive = "", site = 5 : i64}
// CHECK: emitc.call_opaque "xmp_rt_array_create"() {args = [#emitc.opaque<"2">, #emitc.opaque<"(const long[]){(10), (20)}">, #emitc.opaque<"sizeof(double)">, #emitc.opaque<"_XMP_tmpl_t">, #emitc.opaque<"(const int[]){(1), (0)}">, #emitc.opaque<"(const long[]){(0), ((1))}">, #emitc.opaque<"\22a\22">, #emitc.opaque<"&_XMP_where_6">], xmp.anchor = 6 : i64, xmp.assign_to = "_XMP_desc_a"
// The elements' arithmetic type, recorded for the library procedures.
// CHECK-NEXT: emitc.call_opaque "xmp_rt_array_set_type"() {args = [#emitc.opaque<"_XMP_desc_a">, #emitc.opaque<"XMP_RT_DOUBLE">], xmp.anchor = 6 : i64}
xmp.align @a : "double" [10, 20] with @t dims [1, 0] offsets ["0", "(1)"] {at = 6 : i64, directive = "", site = 6 : i64, scalar_type = #xmp<type double>}
// CHECK: emitc.call_opaque "xmp_rt_array_shadow"() {args = [#emitc.opaque<"_XMP_desc_a">, #emitc.opaque<"(const long[]){(1), (0)}">, #emitc.opaque<"(const long[]){(2), (0)}">, #emitc.opaque<"(const int[]){(0), (1)}">
xmp.shadow @a lower ["1", "0"] upper ["2", "0"] full [0, 1] {at = 7 : i64, directive = "shadow a(*, 1:2)", site = 7 : i64}
// Laid out after its last mapping directive; the typed pointer follows.
// CHECK: emitc.call_opaque "xmp_rt_array_allocate"() {args = [#emitc.opaque<"_XMP_desc_a">, #emitc.opaque<"&_XMP_layout_a">], xmp.anchor = 7 : i64}
// CHECK: emitc.verbatim "_XMP_addr_a = (double *)_XMP_layout_a.addr;" {xmp.anchor = 7 : i64}
xmp.array_alloc @a {at = 7 : i64, directive = "", site = 7 : i64}
// An aligned parameter lays out the caller's storage; a local VLA its sizes; the remote side
// of a one-sided gmove gets its window.
// CHECK: emitc.call_opaque "xmp_rt_array_attach"() {args = [#emitc.opaque<"_XMP_desc_b">, #emitc.opaque<"(void *)(b)">, #emitc.opaque<"&_XMP_layout_b">
// CHECK: emitc.call_opaque "xmp_rt_array_malloc"() {args = [#emitc.opaque<"_XMP_desc_c">, #emitc.opaque<"(const long[]){(_XMP_sizes_c[0])}">, #emitc.opaque<"&_XMP_layout_c">
// CHECK: emitc.call_opaque "xmp_rt_array_expose"() {args = [#emitc.opaque<"_XMP_desc_c">
xmp.array_alloc @f_b {at = 8 : i64, directive = "", site = 8 : i64, parameter}
xmp.array_alloc @g_c {at = 9 : i64, directive = "", site = 9 : i64, vla, expose}
// A distributed array's storage where it is declared (one declarator: no ';'),
// at the start of its function for a parameter, with its sizes for a VLA; a local
// one's release where its block ends.
// CHECK: emitc.verbatim "static double *_XMP_addr_a; static xmp_rt_array_t *_XMP_desc_a; static xmp_rt_layout_t _XMP_layout_a" {xmp.anchor = 60 : i64}
// CHECK: emitc.verbatim "int *_XMP_addr_b; xmp_rt_array_t *_XMP_desc_b; xmp_rt_layout_t _XMP_layout_b;" {xmp.anchor = 61 : i64}
// CHECK: emitc.call_opaque "xmp_rt_array_free"() {args = [#emitc.opaque<"_XMP_desc_b">], xmp.anchor = 62 : i64}
// CHECK: emitc.verbatim "float *_XMP_addr_c; xmp_rt_array_t *_XMP_desc_c; xmp_rt_layout_t _XMP_layout_c; const long _XMP_sizes_c[] = {(n)}" {xmp.anchor = 63 : i64}
// CHECK-NOT: xmp.dist_array
xmp.dist_array @a : "double" rank 2 {name = "a", is_static, decl_at = 60 : i64}
xmp.dist_array @f_b : "int" rank 1 {name = "b", param_at = 61 : i64, free_at = 62 : i64}
xmp.dist_array @g_c : "float" rank 1 {name = "c", sizes = ["n"], decl_at = 63 : i64}

// xmp_malloc and free of an array of pointer type; xmp_desc_of; a whole array passed on.
// CHECK: emitc.verbatim "((xmp_rt_array_malloc(_XMP_desc_c, (const long[]){(n)}, &_XMP_layout_c, NULL), _XMP_addr_c = (float *)_XMP_layout_c.addr), xmp_rt_array_expose(_XMP_desc_c, NULL), _XMP_addr_c)" {xmp.anchor = 64 : i64}
// CHECK: emitc.verbatim "xmp_rt_array_deallocate(_XMP_desc_c)" {xmp.anchor = 65 : i64}
// CHECK: emitc.verbatim "xmp_rt_desc(_XMP_desc_c, XMP_RT_DESC_ARRAY)" {xmp.anchor = 66 : i64}
// CHECK: emitc.verbatim "xmp_rt_desc(_XMP_tmpl_t, XMP_RT_DESC_TEMPLATE)" {xmp.anchor = 67 : i64}
// CHECK: emitc.verbatim "xmp_rt_desc(_XMP_nodes_p, XMP_RT_DESC_NODES)" {xmp.anchor = 68 : i64}
// CHECK: emitc.verbatim "((void *)_XMP_addr_a)" {xmp.anchor = 69 : i64}
xmp.alloc @g_c sizes ["n"] {at = 64 : i64, expose}
xmp.dealloc @g_c {at = 65 : i64}
xmp.desc_of @g_c {at = 66 : i64}
xmp.desc_of @t {at = 67 : i64}
xmp.desc_of @p {at = 68 : i64}
xmp.storage @a {at = 69 : i64}

// The file's initialisation collects the file-scope directives' calls.
// C: // anchor 0
// C-NEXT: xmp_rt_nodes_t *_XMP_nodes_p __attribute__((weak)); static const xmp_rt_srcloc_t _XMP_where_0 = {{.*}};
// C: // anchor 100
// C-NEXT: _XMP_nodes_p = xmp_rt_nodes_share(_XMP_nodes_p, xmp_rt_nodes_create({{.*}})); _XMP_nodes_q = xmp_rt_nodes_share(_XMP_nodes_q, xmp_rt_nodes_create_subset({{.*}}));
