// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// The source of a bcast on part of a node array is one of those nodes' array.
// CHECK: {{.*}}bcast-from-outside-on.c:9:28: error: 'from' must name a node of the 'on' node array 'q'
#pragma xmp nodes p(*)
#pragma xmp nodes q(2)
#pragma xmp template t(0:9)
int main(void) {
  int v = 1;
#pragma xmp bcast (v) from p(1) on q(1:2)
  return v;
}
