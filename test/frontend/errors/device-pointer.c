// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-pointer.c:13:42: error: pointer 'q' cannot be used in a device loop; use an array named in 'device replicate'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
int main(void) {
  double *q = 0;
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i)
    for (int i = 0; i < 100; i++) a[i] = q[i];
  }
  return 0;
}
