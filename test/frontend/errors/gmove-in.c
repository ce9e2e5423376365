// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-in.c:5:19: error: 'gmove in' is not supported yet; only the collective form is
int main(void) {
  int a[4], b[4];
#pragma xmp gmove in
  a[:] = b[:];
  return 0;
}
