// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}tasks-non-task.c:11:5: error: a 'tasks' block may contain only 'task' constructs; this statement belongs to no task
#pragma xmp nodes p(4)
int main(void) {
  int x = 0;
#pragma xmp tasks
  {
#pragma xmp task on p(1:2)
    x = 1;
    /* Not inside a task: every node would run it. */
    x += 2;
#pragma xmp task on p(3:4)
    x = 3;
  }
  return x;
}
