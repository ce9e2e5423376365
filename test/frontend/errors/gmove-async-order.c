// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-async-order.c:5:28: error: 'in' must come before 'async' in 'gmove'
int main(void) {
  int a[4], b[4];
#pragma xmp gmove async(1) in
  a[:] = b[:];
  return 0;
}
