// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reflect-acc.c:4:25: error: 'acc' on 'reflect' is not supported by this version of xmpcc yet
int main(void) {
#pragma xmp reflect (a) acc
  return 0;
}
