// A template declared with bounds in error, then a task on a range of it:
// the declaration's error only, no crash.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: template-bad-task.c:[[@LINE+4]]:26: error: template 't' has upper bound -99 below its lower bound 0
// CHECK-NOT: Stack dump
// CHECK: error generated
#pragma xmp nodes p(*)
#pragma xmp template t(0:-99)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp task on t(10:19)
  {
  }
  return 0;
}
