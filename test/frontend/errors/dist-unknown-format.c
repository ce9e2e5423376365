// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dist-unknown-format.c:8:26: error: unknown distribution format 'blok'; expected '*', 'block', 'cyclic', 'cyclic(w)' or 'gblock(m)'
// CHECK: #pragma xmp distribute t(blok) onto p
// CHECK: ^
// CHECK: 1 error generated.
#pragma xmp nodes p(4)
#pragma xmp template t(0:99)
#pragma xmp distribute t(blok) onto p
int main(void) { return 0; }
