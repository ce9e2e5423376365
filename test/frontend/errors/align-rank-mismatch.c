// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-rank-mismatch.c:7:19: error: 'align' lists 1 subscripts but array 'a' has 2 dimensions
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10][10];
#pragma xmp align a[i] with t(i)
int main(void) { return 0; }
