// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unsupported-directive.c:5:13: error: the 'image' directive is not supported by this version of xmpcc yet
#pragma xmp nodes p[*]
int main(void) {
#pragma xmp image (p)
  return 0;
}
