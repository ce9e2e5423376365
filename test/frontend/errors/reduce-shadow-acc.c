// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// reflect takes 'acc' (the device copies); reduce_shadow does not yet.
// CHECK: {{.*}}reduce-shadow-acc.c:5:31: error: 'acc' on 'reduce_shadow' is not supported by this version of xmpcc yet
int main(void) {
#pragma xmp reduce_shadow (a) acc
  return 0;
}
