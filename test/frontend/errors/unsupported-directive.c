// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unsupported-directive.c:4:13: error: the 'coarray' directive is not supported by this version of xmpcc yet
int main(void) {
#pragma xmp coarray a : [*]
  return 0;
}
