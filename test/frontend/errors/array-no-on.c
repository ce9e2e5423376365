// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-no-on.c:4:19: error: expected 'on' after 'array'
int main(void) {
#pragma xmp array t(0:7)
  return 0;
}
