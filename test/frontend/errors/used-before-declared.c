// A node array or template is known from its directive on, at file scope as
// in a function: a use before it (a directive, xmp_desc_of) is an error, not
// a name the generated C declares later (the directive fuzzer moved a nodes
// directive to the end of the file, test/tools/fuzz-directives.py).
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=DESC
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=TASK
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=LOOP
#include <xmp.h>
#define N 8
double a[N];
#pragma xmp nodes p(*)

void f(void) {
#if CASE == 1
// DESC: used-before-declared.c:[[@LINE+1]]:18: error: xmp_desc_of: 's' is not a distributed array, a template or a node array
  xmp_desc_t d = xmp_desc_of(s);
  (void)d;
#elif CASE == 2
// TASK: used-before-declared.c:[[@LINE+1]]:21: error: 's' is neither a template nor a node array
#pragma xmp task on s(1)
  a[0] = 1;
#elif CASE == 3
// LOOP: used-before-declared.c:[[@LINE+1]]:21: error: template or node array 't' is not declared
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = i;
#endif
}

#pragma xmp nodes s(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
int main(void) {
  f();
  return 0;
}
