// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-array-loc.c:6:32: error: reduction 'firstmax' takes a scalar, not the array 'v'
#pragma xmp nodes p(*)
int main(void) {
  int v[4] = {0}, i = 0;
#pragma xmp reduction(firstmax:v/i/)
  return v[0] + i;
}
