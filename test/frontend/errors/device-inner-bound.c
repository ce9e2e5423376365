// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-inner-bound.c:14:16: error: the bounds of a device loop's inner loop cannot depend on the outer index 'i'
#pragma xmp nodes p(*)
#pragma xmp template t(0:9, 0:9)
#pragma xmp distribute t(*, block) onto p
double a[10][10];
#pragma xmp align a[i][j] with t(j, i)
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < 10; i++)
      for (int j = 0;
           j < i; j++)
        a[i][j] = 1;
  }
  return 0;
}
