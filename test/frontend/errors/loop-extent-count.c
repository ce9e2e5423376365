// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-extent-count.c:11:33: error: 'expand' gives 1 widths but the template reference has 2 subscripts
#pragma xmp nodes p(*)
#pragma xmp template t(0:9, 0:9)
#pragma xmp distribute t(*, block) onto p
double a[10][10];
#pragma xmp align a[i][j] with t(j, i)
#pragma xmp shadow a[0][1]
int main(void) {
  int i, j;
#pragma xmp loop (i) on t(*, i) expand(1)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++) a[i][j] = 0;
  return 0;
}
