// Distribution formats, reversed into C order for round brackets; styles mix.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s

#pragma xmp nodes p(2,*)
#pragma xmp template t(0:99, 0:49, 0:9)
// CHECK: xmp.distribute @t onto @p formats [#xmp<format none>, #xmp<format block>, #xmp<format block>] params ["", "", ""]
#pragma xmp distribute t(block, block, *) onto p
#pragma xmp nodes q[4]
#pragma xmp template u[100][20]
// CHECK: xmp.distribute @u onto @q formats [#xmp<format block>, #xmp<format none>] params ["", ""]
#pragma xmp distribute u[BLOCK][*] onto q
#pragma xmp template w(0:99)
// CHECK: xmp.distribute @w onto @q formats [#xmp<format cyclic>] params ["3"]
#pragma xmp distribute w(cyclic(3)) onto q
// A macro for the whole format gives the parameter's own tokens; a macro for
// the parameter alone is kept by name (the C is compiled with the same macros).
#define DIST cyclic(W + 1)
#define W 2
#pragma xmp template v(0:99)
// CHECK: xmp.distribute @v onto @q formats [#xmp<format cyclic>] params ["2 + 1"]
#pragma xmp distribute v(DIST) onto q
#pragma xmp template v2(0:99)
// CHECK: xmp.distribute @v2 onto @q formats [#xmp<format cyclic>] params ["W"]
#pragma xmp distribute v2(cyclic(W)) onto q

int main(void) { return 0; }
