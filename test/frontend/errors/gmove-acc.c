// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-acc.c:5:22: error: 'acc' on 'gmove' is not supported by this version of xmpcc yet
int main(void) {
  int a[4], b[4];
#pragma xmp gmove in acc
  a[:] = b[:];
  return 0;
}
