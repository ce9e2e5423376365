// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-from-rank.c:6:28: error: 'from' gives 1 subscripts for node array 'q' of 2 dimensions
#pragma xmp nodes q(2, *)
int main(void) {
  int x = 0;
#pragma xmp bcast (x) from q(1)
  return x;
}
