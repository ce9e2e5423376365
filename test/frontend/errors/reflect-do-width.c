// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-do-width.c:13:28: error: 'width' belongs on 'reflect_init': 'reflect_do' runs the plan 'reflect_init' built with its widths
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N];
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[2:1]

int main(void) {
#pragma xmp reflect_init (u) width(1)
#pragma xmp reflect_do (u) width(1)
  return 0;
}
