// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-unknown.c:7:20: error: unknown device directive 'replicate_async'; expected 'replicate', 'replicate_sync', 'loop' or 'reset_weight'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp device replicate_async (a)
  return 0;
}
