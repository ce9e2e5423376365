// Templates: round bounds are [lb:]ub with lb 1 by default; square ones are
// extents from 0. Lists are stored in C order.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 10
#define M 7

// CHECK: xmp.template @t lower ["1", "0"] upper ["M", "N-1"]
#pragma xmp template t(0:N-1, M)
// CHECK: xmp.template @u lower ["0", "0"] upper ["(N) - 1", "(M) - 1"]
#pragma xmp template u[N][M]
// CHECK: xmp.template @v lower ["-3"] upper ["3"]
#pragma xmp template v(-3:3)

int main(void) { return 0; }
