// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bcast-distributed.c:9:20: error: 'bcast' of the distributed array 'a' is not supported; distributed arrays have one owner per element
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp bcast (a)
  return 0;
}
