// A distributed array as a location variable of a reduction is an error at
// its name: the generated program has no such variable (the directive
// fuzzer's find, test/tools/fuzz-directives.py).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 8
double c[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align c[i] with t(i)
int main(void) {
  int lm = 0;
// CHECK: reduction-loc-distributed.c:[[@LINE+3]]:30: error: location variable 'c' is a distributed array
// CHECK-NEXT: #pragma xmp reduction(max:lm/c/) on t(2:5)
// CHECK-NEXT: ^
#pragma xmp reduction(max:lm/c/) on t(2:5)
  return lm;
}
