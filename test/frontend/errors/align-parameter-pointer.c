// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-parameter-pointer.c:8:19: error: parameter 'b' is aligned, so it must be declared with all its extents: 'type b[N]...'
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
void f(int *b) {
  /* A pointer parameter has no extents to lay out. */
#pragma xmp align b[i] with t(i)
}
int main(void) { return 0; }
