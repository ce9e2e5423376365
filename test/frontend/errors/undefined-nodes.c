// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}undefined-nodes.c:4:38: error: node array 'q' is not declared
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto q
int main(void) { return 0; }
