// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-directive-inside.c:13:1: error: no directive may stand inside a device loop
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i)
    for (int i = 0; i < 100; i++) {
#pragma xmp barrier
      a[i] = i;
    }
  }
  return 0;
}
