// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-no-subscript.c:10:7: error: distributed array 'a' can only be used through subscripts
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
void use(double *x);
int main(void) {
  use(a);
  return 0;
}
