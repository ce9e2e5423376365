// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// A plan is per array: reflect_init of one does not build the other's.
// CHECK: {{.*}}reflect-do-other-array.c:17:28: error: 'reflect_do' of array 'w' without a 'reflect_init' of it before; 'reflect_init (w)' builds the plan it runs
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N];
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[2:1]
double w[N];
#pragma xmp align w[i] with t(i)
#pragma xmp shadow w[1]

int main(void) {
#pragma xmp reflect_init (u)
#pragma xmp reflect_do (u, w)
  return 0;
}
