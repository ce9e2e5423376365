// The combined form 'attr [, attr]... :: name [, name]...' (XMP 1.4): each
// attribute applies to each name, and the line's code stays on its line.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/combined.xmp.c | FileCheck %s --check-prefix=C
#define N 10
double a[N], b[N];
// CHECK: xmp.nodes @p shape ["*"] {{[{].*}}directive = "nodes :: p(*)"
#pragma xmp nodes :: p(*)
// CHECK: xmp.template @t lower ["0"] upper ["N-1"]
// CHECK: xmp.template @u lower ["1"] upper ["N"]
#pragma xmp template :: t(0:N-1), u(N)
// CHECK: xmp.distribute @t onto @p formats [#xmp<format block>]
// CHECK: xmp.distribute @u onto @p formats [#xmp<format block>]
#pragma xmp distribute (block) onto p :: t, u
// CHECK: xmp.align @a : "double" [10] with @t dims [0]
// CHECK: xmp.align @b : "double" [10] with @t dims [0]
// CHECK: xmp.shadow @a lower ["1"] upper ["1"] full [0]
// CHECK-NEXT: xmp.array_alloc @a
// CHECK: xmp.shadow @b lower ["1"] upper ["1"] full [0]
// CHECK-NEXT: xmp.array_alloc @b
#pragma xmp align [i] with t(i), shadow [1] :: a, b
int main(void) { return 0; }
// Line 22 (the align line) holds the records of all four directives.
// C: {{^}}static const xmp_rt_srcloc_t _XMP_where_5 = {"{{.*}}combined.c", 22, {{.*}}_XMP_where_6 = {{.*}}_XMP_where_7 = {{.*}}_XMP_where_8 = {{.*}};{{$}}
// C-NEXT: int main(void) { xmp_rt_init(0, 0); return xmp_rt_finalize( 0 ); return xmp_rt_finalize(0); }
