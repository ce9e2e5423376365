// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-firstmax.c:12:43: error: reduction 'firstmax' is not supported in a device loop; use max or min
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
int main(void) {
  double m = 0; int at = 0;
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i) reduction(firstmax: m/at/)
    for (int i = 0; i < 100; i++) m = a[i];
  }
  return 0;
}
