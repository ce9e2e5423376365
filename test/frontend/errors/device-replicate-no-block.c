// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-replicate-no-block.c:10:3: error: 'device replicate' must be followed by a block '{ ... }'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp device replicate (a)
  a[0] = 1;
  return 0;
}
