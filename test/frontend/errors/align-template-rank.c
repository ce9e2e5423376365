// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-template-rank.c:7:32: error: 'align' gives 2 subscripts but template 't' has 1 dimensions
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][10];
#pragma xmp align a[i][j] with t(i,j)
int main(void) { return 0; }
