// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-array-vla.c:5:25: error: reduction array 'v' has type 'int[n]'; its extents must be constants
int main(int n, char **argv) {
  int v[n];
#pragma xmp reduction(+:v)
  return v[0] + (argv != 0);
}
