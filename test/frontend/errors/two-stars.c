// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}two-stars.c:3:19: error: only one dimension of a node array may be '*'
#pragma xmp nodes p(*,*)
int main(void) { return 0; }
