// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}array-rank.c:11:7: error: the section of 'v' has rank 2 but the template section of 'on' has rank 1
double a[8], v[8][8];
#pragma xmp nodes p(*)
#pragma xmp template t(0:7)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp array on t(0:7)
  a[0:8] =
      v[0:8][0:8] + 1;
  return 0;
}
