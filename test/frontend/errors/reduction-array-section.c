// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-array-section.c:5:26: error: reduction of part of an array is not supported; name the whole array ('v')
int main(void) {
  int v[4] = {0};
#pragma xmp reduction(+:v[0:2])
  return v[0];
}
