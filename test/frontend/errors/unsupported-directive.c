// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unsupported-directive.c:4:13: error: the 'array' directive is not supported by this version of xmpcc yet
int main(void) {
#pragma xmp array on t(0)
  return 0;
}
