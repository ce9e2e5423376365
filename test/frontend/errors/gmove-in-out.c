// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-in-out.c:5:22: error: 'gmove' takes one of 'in' and 'out'
int main(void) {
  int a[4], b[4];
#pragma xmp gmove in out
  a[:] = b[:];
  return 0;
}
