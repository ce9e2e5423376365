// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-loop-outside-replicate.c:9:1: error: 'device loop' must stand inside a 'device replicate' block, which names the arrays it uses
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp device loop on t(i)
  for (int i = 0; i < 100; i++) a[i] = i;
  return 0;
}
