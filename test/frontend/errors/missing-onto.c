// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-onto.c:5:33: error: expected 'onto' after the distribution formats
#pragma xmp nodes p(4)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) p
int main(void) { return 0; }
