// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-do-without-init.c:12:25: error: 'reflect_do' of array 'u' without a 'reflect_init' of it before; 'reflect_init (u)' builds the plan it runs
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N];
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[2:1]

int main(void) {
#pragma xmp reflect_do (u)
  return 0;
}
