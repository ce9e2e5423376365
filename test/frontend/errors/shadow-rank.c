// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}shadow-rank.c:8:20: error: 'shadow' gives 1 widths but array 'a' has 2 dimensions
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][10];
#pragma xmp align a[i][*] with t(i)
#pragma xmp shadow a[1]
int main(void) { return 0; }
