// An array assignment statement runs to its ';'; the '}' that ends it early
// is read again (no other error).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
int main(void) {
  int a[8];
  {
// CHECK: array-assignment-unfinished.c:[[@LINE+1]]:14: error: expected ';' after the array assignment
    a[0:4] = 1
  }
  return a[0];
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
