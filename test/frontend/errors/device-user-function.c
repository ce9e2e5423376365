// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-user-function.c:13:42: error: function 'f' cannot be called in a device loop: the body also runs on the GPU, where only the C library's functions are available
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
double f(double x) { return x * 2; }
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i)
    for (int i = 0; i < 100; i++) a[i] = f(a[i]);
  }
  return 0;
}
