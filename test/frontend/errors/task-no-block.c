// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// A task applies to the statement that follows: a declaration is not one.
// CHECK: {{.*}}task-no-block.c:9:3: error: 'task' must be followed by a statement or a block '{ ... }'
// CHECK: {{.*}}task-no-block.c:12:1: error: 'task' must be followed by a statement or a block '{ ... }'
#pragma xmp nodes p(*)
int main(void) {
  int x = 0;
#pragma xmp task on p(1)
  int y = 1;
  x += y;
#pragma xmp task on p(1)
}
