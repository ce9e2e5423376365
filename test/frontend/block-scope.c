// A node array or template declared in a block of a function is known until
// the block ends, as its C declaration in the generated program: after the
// block, the name is the file's again (a loop there used the block's
// template, out of scope in the generated C; found by the directive fuzzer,
// test/tools/fuzz-directives.py).
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: mpicc -I%runtime_include -fsyntax-only -Wall -Wextra -Werror %t/block-scope.xmp.c
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
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
