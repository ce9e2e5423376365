// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-rank.c:6:10: error: the gmove sections have different ranks (1 and 2)
double a[4], b[4][4];
int main(void) {
#pragma xmp gmove
  a[:] = b[:][:];
  return 0;
}
