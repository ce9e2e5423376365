// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-extent-undistributed-width.c:11:40: error: 'expand' gives a width to a template subscript that distributes no loop; it must be 0
#pragma xmp nodes p(*)
#pragma xmp template t(0:9, 0:9)
#pragma xmp distribute t(*, block) onto p
double a[10][10];
#pragma xmp align a[i][j] with t(j, i)
int main(void) {
  int i, j;
  /* Round brackets: the first width is for C dimension 1 (i), the second for ':'. */
#pragma xmp loop (i) on t(:, i) expand(1, 2)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++) a[i][j] = 0;
  return 0;
}
