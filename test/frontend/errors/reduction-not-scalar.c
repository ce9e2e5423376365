// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-not-scalar.c:6:25: error: reduction variable 'v' has type 'struct pt[4]'; reductions apply to arithmetic scalars and arrays of them
struct pt { int x; };
int main(void) {
  struct pt v[4] = {{0}};
#pragma xmp reduction(+:v)
  return v[0].x;
}
