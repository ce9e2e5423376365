// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}gmove-clause.c:4:19: error: unexpected 'inout' in 'gmove'; expected 'in', 'out' or 'async'
int main(void) {
#pragma xmp gmove inout
  return 0;
}
