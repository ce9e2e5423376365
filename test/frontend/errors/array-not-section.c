// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-not-section.c:10:3: error: 'array' must be followed by an assignment to an array section: 'a[lb:len] = ...;'
double a[8], x;
#pragma xmp nodes p(*)
#pragma xmp template t(0:7)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp array on t(0:7)
  x = 1;
  return 0;
}
