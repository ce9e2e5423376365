// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-section-rank.c:6:20: error: 'b' has 2 dimensions but 1 subscripts are given
#pragma xmp nodes p(*)
int main(void) {
  double b[4][4];
#pragma xmp bcast (b[0:2])
  return 0;
}
