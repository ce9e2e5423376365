// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-loc-missing.c:5:32: error: reduction 'lastmax' needs location variables: 'lastmax: m/i/'
int main(void) {
  double m = 0;
#pragma xmp reduction(lastmax: m)
  return 0;
}
