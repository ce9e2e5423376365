// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}trailing-tokens.c:3:24: error: unexpected 'extra' at the end of the 'nodes' directive
#pragma xmp nodes p(4) extra
int main(void) { return 0; }
