// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}file-scope-loop.c:3:1: error: 'barrier' is an executable directive and must stand inside a function
#pragma xmp barrier
int main(void) { return 0; }
