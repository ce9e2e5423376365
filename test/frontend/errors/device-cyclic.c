// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-cyclic.c:12:5: error: a device loop cannot run on a cyclic template dimension: each task works on a contiguous block of rows
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(cyclic) onto p
double a[100];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i)
    for (int i = 0; i < 100; i++) a[i] = i;
  }
  return 0;
}
