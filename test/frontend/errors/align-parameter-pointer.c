// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-parameter-pointer.c:8:19: error: parameter 'b' must point to elements of a complete, non-pointer type to be aligned
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
void f(int **b) {
  /* Pointers to pointers are no array storage. */
#pragma xmp align b[i] with t(i)
}
int main(void) { return 0; }
