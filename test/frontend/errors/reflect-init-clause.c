// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-init-clause.c:12:34: error: unexpected 'host' in 'reflect_init'; expected 'width', 'orthogonal' or 'acc'
#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N];
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[2:1]

int main(void) {
#pragma xmp reflect_init (u) acc host
  return 0;
}
