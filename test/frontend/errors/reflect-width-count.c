// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-width-count.c:10:22: error: 'width' gives 2 widths but array 'a' has 1 dimensions
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]
int main(void) {
#pragma xmp reflect (a) width(1, 1)
  return 0;
}
