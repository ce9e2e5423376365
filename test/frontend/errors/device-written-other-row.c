// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-written-other-row.c:13:43: error: array 'a' is written in this device loop, so each iteration may access only its own row of it: its first subscript must be the outermost loop index 'i'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device loop on t(i)
    for (int i = 1; i < 99; i++) a[i] = a[i - 1] + 1;
  }
  return 0;
}
