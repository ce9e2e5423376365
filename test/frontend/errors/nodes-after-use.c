// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// A file-scope node array or template is declared from its directive on: a
// use above it (here in a function before it) named a variable that the
// generated C declares further down. Found by test/tools/fuzz-directives.py
// (20,000 mutants, seed 100).
#include <xmp.h>
int f(void) {
  int v = 0;
  return xmp_nodes_attr(xmp_desc_of(s), &v) + v;
}
#pragma xmp nodes s[*] = *
int main(void) { return f(); }
// CHECK: nodes-after-use.c:9:25: error: xmp_desc_of: 's' is not a distributed array, a template or a node array
