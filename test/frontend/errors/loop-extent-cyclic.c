// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-extent-cyclic.c:10:33: error: 'margin' on loop 'i', whose template dimension is distributed cyclic: its local iterations are not one range
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(cyclic(2)) onto p
double a[10];
#pragma xmp align a[i] with t(i)
int main(void) {
  int i;
#pragma xmp loop on t(i) margin(1)
  for (i = 0; i < 10; i++) a[i] = 0;
  return 0;
}
