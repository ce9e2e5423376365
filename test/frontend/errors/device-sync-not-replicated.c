// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-sync-not-replicated.c:11:42: error: array 'b' is in 'replicate_sync' but is not named in an enclosing 'device replicate'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100], b[100];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device replicate_sync in (a, b)
  }
  return 0;
}
