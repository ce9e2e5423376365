// Templates: round bounds are [lb:]ub with lb 1 by default; square ones are
// extents from 0 or base:length, as C triplets. ':' in every dimension is a
// deferred shape, fixed by template_fix. Lists are stored in C order.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 10
#define M 7

// CHECK: xmp.template @t lower ["1", "0"] upper ["M", "N-1"]
#pragma xmp template t(0:N-1, M)
// CHECK: xmp.template @u lower ["0", "0"] upper ["(N) - 1", "(M) - 1"]
#pragma xmp template u[N][M]
// CHECK: xmp.template @v lower ["-3"] upper ["3"]
#pragma xmp template v(-3:3)
// CHECK: xmp.template @w lower ["2", "1"] upper ["(2) + (10) - 1", "(1) + (N) - 1"]
#pragma xmp template w[2:10][1:N]
// CHECK: xmp.template @x lower [":", ":"] upper [":", ":"]
#pragma xmp template x[:][:]
// CHECK: xmp.template @y lower [":"] upper [":"]
#pragma xmp template y(:)
#pragma xmp nodes p(*)
// CHECK: xmp.distribute @x onto @p formats [#xmp<format gblock>, #xmp<format none>] params ["*", ""]
#pragma xmp distribute x[gblock(*)][*] onto p
// CHECK: xmp.distribute @y onto @p formats [#xmp<format block>] params [""]
#pragma xmp distribute y(block) onto p
int m[1];

int main(void) {
  int n = 5;
// CHECK: xmp.template_fix @x lower ["0", "0"] upper ["(n) - 1", "(2*n) - 1"] formats [#xmp<format gblock>, #xmp<format none>] params ["m", ""]
#pragma xmp template_fix [gblock(m)][*] x[n][2*n]
// CHECK: xmp.template_fix @y lower ["0"] upper ["n"] formats [] params []
#pragma xmp template_fix y(0:n)
// A template declared with its shape gets only gblock(*)'s sizes.
#pragma xmp template z(0:9)
#pragma xmp distribute z(gblock(*)) onto p
// CHECK: xmp.template_fix @main_z lower [] upper [] formats [#xmp<format gblock>] params ["m"]
#pragma xmp template_fix (gblock(m)) z
  return 0;
}
