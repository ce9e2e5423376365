// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}align-parameter-incomplete.c:9:19: error: parameter 'b' is aligned, so it must be declared with its extents after the first: 'type b[N]...' or 'type *b'
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int m;
void f(int b[][m]) {
  /* The second extent is not a constant. */
#pragma xmp align b[i][*] with t(i)
}
int main(void) { return 0; }
