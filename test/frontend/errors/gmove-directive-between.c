// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// A directive between gmove (or array) and its assignment was dropped.
#define N 8
double a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
int main(void) {
#pragma xmp gmove
#pragma xmp barrier
  a[0:4] = b[4:4];
#pragma xmp array on t(0:7)
#pragma xmp barrier
  a[0:8] = 1;
  return 0;
}
// CHECK: gmove-directive-between.c:12:1: error: no directive may stand between 'gmove' and its assignment statement
// CHECK: gmove-directive-between.c:15:1: error: no directive may stand between 'array' and its assignment statement
