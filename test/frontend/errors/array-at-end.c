// An array directive followed by no assignment before the end of the file
// (here a function definition): an error at the directive, no crash.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: array-at-end.c:[[@LINE+6]]:28: error: 'array' must be followed by an array assignment
// CHECK-NOT: Stack dump
// CHECK: 1 error generated
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
#pragma xmp array on t(0:9)
int main(void) {
  return 0;
}
