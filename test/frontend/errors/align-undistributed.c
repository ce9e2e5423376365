// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-undistributed.c:5:29: error: template 't' must be distributed before arrays are aligned with it
#pragma xmp template t(0:9)
double a[10];
#pragma xmp align a[i] with t(i)
int main(void) { return 0; }
