// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-bare.c:10:1: error: distributed array 'b' can only be used through subscripts
double a[8], b[8];
#pragma xmp nodes p(*)
#pragma xmp template t(0:7)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
int main(void) {
#pragma xmp array on t(0:7)
  a[0:8] = b + 1;
  return 0;
}
