// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// main keeps its name and ends the runtime at each return: a return that a
// macro writes cannot be given that end.
#define DONE return 0
double a[10];
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
int main(void) {
  DONE;
}
// CHECK: main-return-macro.c:11:3: error: a 'return' of main written by a macro is not supported: the translation finishes the runtime there; write the return statement out
