// A node array or template with the name of a distributed array (a C name
// apart from theirs) gets the array another symbol in the xmp dialect: the
// two were one symbol, an internal error of the dialect's verifier (found by
// the directive fuzzer, test/tools/fuzz-directives.py).
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: mpicc -I%runtime_include -fsyntax-only -Wall -Wextra -Werror %t/symbol-clash.xmp.c
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 8
double a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
// CHECK-DAG: xmp.nodes @b shape ["2"]
// CHECK-DAG: xmp.template @a lower ["0"]
// CHECK-DAG: xmp.align @a_1 : "double" [8] with @t
// CHECK-DAG: xmp.align @b_1 : "double" [8] with @t
#pragma xmp nodes b(2)
#pragma xmp template a(0:N-1)

void f(void) {
  double c[N];
// CHECK-DAG: xmp.template @f_c lower ["0"]
// CHECK-DAG: xmp.align @c_1 : "double" [8] with @f_c
#pragma xmp template c(0:N-1)
#pragma xmp distribute c(block) onto p
#pragma xmp align c[i] with c(i)
#pragma xmp loop on c(i)
  for (int i = 0; i < N; i++)
    c[i] = i;
}

int main(void) {
  f();
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = b[i];
  return 0;
}
