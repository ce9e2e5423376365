// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}task-no-block.c:7:3: error: 'task' must be followed by a block '{ ... }'
#pragma xmp nodes p(*)
int main(void) {
  int x = 0;
#pragma xmp task on p(1)
  x = 1;
  return x;
}
