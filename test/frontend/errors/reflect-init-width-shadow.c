// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-init-width-shadow.c:12:36: error: width 2 of dimension 0 of array 'u' is larger than its upper shadow (1)
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N];
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[2:1]

int main(void) {
#pragma xmp reflect_init (u) width(2)
  return 0;
}
