// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}shadow-not-aligned.c:4:20: error: 'a' is not a distributed array; 'shadow' needs an 'align' directive for it first
double a[10];
#pragma xmp shadow a[1]
int main(void) { return 0; }
