// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-from-rank.c:6:28: error: 'q' has 2 dimensions but 1 subscripts are given
#pragma xmp nodes q(2, *)
int main(void) {
  int x = 0;
#pragma xmp bcast (x) from q(1)
  return x;
}
