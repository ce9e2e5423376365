// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}partial-index.c:9:17: error: distributed array 'a' must be indexed in all its 2 dimensions
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][10];
#pragma xmp align a[i][*] with t(i)
int main(void) {
  double *row = a[3];
  return row != 0;
}
