// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-periodic-syntax.c:4:32: error: expected 'periodic' in '/periodic/'
int main(void) {
#pragma xmp reflect (a) width(/periodc/1)
  return 0;
}
