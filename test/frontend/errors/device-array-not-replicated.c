// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-array-not-replicated.c:12:42: error: array 'b' is used in a device loop but is not named in an enclosing 'device replicate'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100], b[100];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i)
    for (int i = 0; i < 100; i++) a[i] = b[i];
  }
  return 0;
}
