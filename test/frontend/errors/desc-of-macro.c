// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}desc-of-macro.c:8:19: error: 'xmp_desc_of' must be written directly in the program, not inside another macro
#include <xmp.h>
#pragma xmp nodes p(*)
#define NODES_DESC xmp_desc_of(p)
int main(void) {
  int n;
  xmp_nodes_ndims(NODES_DESC, &n);
  return n;
}
