// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-from-other.c:7:28: error: 'from' must name a node of the 'on' node array 'p'
#pragma xmp nodes p(*)
#pragma xmp nodes q(*)
int main(void) {
  int x = 0;
#pragma xmp bcast (x) from q(1) on p
  return x;
}
