// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-whole-use.c:9:16: error: distributed array 'a' can only be used through subscripts or passed whole to a function
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int a[10];
#pragma xmp align a[i] with t(i)
int main(void) {
  int *alias = a;
  return alias != 0;
}
