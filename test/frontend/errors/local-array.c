// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}local-array.c:8:19: error: aligning the local array 'a' is not supported yet; declare it at file scope
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int main(void) {
  double a[10];
#pragma xmp align a[i] with t(i)
  return 0;
}
