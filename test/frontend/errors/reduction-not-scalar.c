// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-not-scalar.c:5:25: error: reduction variable 'v' has type 'int[4]'; reductions apply to arithmetic scalars
int main(void) {
  int v[4] = {0};
#pragma xmp reduction(+:v)
  return v[0];
}
