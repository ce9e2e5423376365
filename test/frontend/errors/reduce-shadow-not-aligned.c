// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduce-shadow-not-aligned.c:5:28: error: 'x' is not a distributed array; 'reduce_shadow' needs an 'align' directive for it first
int main(void) {
  double x[8];
#pragma xmp reduce_shadow (x)
  return 0;
}
