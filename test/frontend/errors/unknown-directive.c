// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-directive.c:3:13: error: unknown XMP directive 'distrbute'
#pragma xmp distrbute t(block) onto p
int main(void) { return 0; }
