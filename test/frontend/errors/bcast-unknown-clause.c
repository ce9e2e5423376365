// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-unknown-clause.c:7:33: error: unexpected 'nowait' in 'bcast'; expected 'from', 'on', 'async' or 'acc'
#pragma xmp nodes p(*)
#pragma xmp nodes q(2)
int main(void) {
  int v = 1;
#pragma xmp bcast (v) on q(1:2) nowait
  return v;
}
