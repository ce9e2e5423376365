// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}desc-of-unknown.c:9:19: error: xmp_desc_of: 'x' is not a distributed array, a template or a node array
#include <xmp.h>
#pragma xmp nodes p(*)
int x[4];
int main(void) {
  int n;
  /* x is a plain C array. */
  xmp_nodes_ndims(xmp_desc_of(x), &n);
  return n;
}
