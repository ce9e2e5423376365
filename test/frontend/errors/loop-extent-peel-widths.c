// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-extent-peel-widths.c:10:41: error: expected ',' and the widths after the async id
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
int main(void) {
  int i;
#pragma xmp loop on t(i) peel_and_wait(3)
  for (i = 0; i < 10; i++) a[i] = 0;
  return 0;
}
