// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}local-array.c:8:19: error: the static local array 'a' cannot be distributed; declare it at file scope or without 'static'
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int main(void) {
  static double a[10];
#pragma xmp align a[i] with t(i)
  return 0;
}
