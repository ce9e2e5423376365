// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduce-shadow-width.c:10:28: error: 'width' gives 2 widths but array 'a' has 1 dimensions
double a[8];
#pragma xmp nodes p(*)
#pragma xmp template t(0:7)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]
int main(void) {
#pragma xmp reduce_shadow (a) width(1, 1) async(2)
  return 0;
}
