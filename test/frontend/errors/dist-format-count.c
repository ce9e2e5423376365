// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dist-format-count.c:5:24: error: 'distribute' gives 2 formats but template 't' has 1 dimensions
#pragma xmp nodes p(2,2)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block, block) onto p
int main(void) { return 0; }
