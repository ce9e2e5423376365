// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-star.c:9:24: error: '*' cannot select template elements of an 'array' directive
double a[8];
#pragma xmp nodes p(*)
#pragma xmp template t(0:7)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp array on t(*)
  a[0:8] = 1;
  return 0;
}
