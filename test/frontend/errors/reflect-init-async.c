// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-init-async.c:12:30: error: 'async' belongs on 'reflect_do': 'reflect_init' only builds the plan
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N];
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[2:1]

int main(void) {
#pragma xmp reflect_init (u) async(1)
  return 0;
}
