// A node array or template declared in a function is known from its
// directive until its block ends, as its C declaration in the generated
// program: before it and after the block, the name is the file's (a loop
// after the block, and an xmp_desc_of before the directive, used the
// function's, out of scope in the generated C; found by the directive
// fuzzer, test/tools/fuzz-directives.py).
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: mpicc -I%runtime_include -fsyntax-only -Wall -Wextra -Werror %t/block-scope.xmp.c
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#include <xmp.h>
#define N 8
double a[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)

int main(void) {
  {
// CHECK: xmp.template @main_t
#pragma xmp template t(0:2 * N - 1)
#pragma xmp distribute t(cyclic) onto p
// CHECK: xmp.loop on @main_t
#pragma xmp loop on t(i)
    for (int i = 0; i < 2 * N; i++)
      ;
  }
// CHECK: xmp.loop on @t
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = i;
  return 0;
}

void g(void) {
  xmp_desc_t d = xmp_desc_of(t);
  (void)d;
// CHECK: xmp.loop on @t
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = 0;
// CHECK: xmp.template @g_t
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(cyclic) onto p
// CHECK: xmp.loop on @g_t
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    ;
}
