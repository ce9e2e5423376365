// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-weight-range.c:7:34: error: the CPU weight 1.5 is outside [0, 1]
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp device reset_weight (1.5)
  return 0;
}
