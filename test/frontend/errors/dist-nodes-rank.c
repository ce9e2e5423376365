// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dist-nodes-rank.c:5:38: error: 'distribute' distributes 1 dimensions of 't' onto node array 'p' of 2 dimensions
#pragma xmp nodes p(2,2)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
int main(void) { return 0; }
