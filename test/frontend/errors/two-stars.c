// A subset node array takes the rest of its selection in one '*' dimension
// at most (a node array of its own may have several: e2e/nodes-stars.c).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}two-stars.c:[[@LINE+2]]:19: error: only one dimension of a subset node array may be '*'
#pragma xmp nodes p(4)
#pragma xmp nodes q(*,*) = p(1:4)
int main(void) { return 0; }
