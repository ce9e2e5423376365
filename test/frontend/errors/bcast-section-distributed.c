// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-section-distributed.c:10:20: error: 'bcast' of the distributed array 'a' is not supported; distributed arrays have one owner per element
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
int main(void) {
  double b[10];
#pragma xmp bcast (a[0:5], b[1:2])
  return 0;
}
