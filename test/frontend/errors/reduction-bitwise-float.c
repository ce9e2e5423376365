// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-bitwise-float.c:5:23: error: reduction '^' does not apply to the floating-point variable 'x'
int main(void) {
  double x = 0;
#pragma xmp reduction(^:x)
  return 0;
}
