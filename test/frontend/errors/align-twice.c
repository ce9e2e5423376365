// The same variable twice in an align directive's array subscripts maps two
// array dimensions onto one template dimension: an error at the second (it
// was an internal error of the xmp dialect's verifier, found by the
// directive fuzzer, test/tools/fuzz-directives.py).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 8
double c[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, *) onto p
// CHECK: align-twice.c:[[@LINE+3]]:24: error: 'j' appears twice in the array subscripts
// CHECK-NEXT: #pragma xmp align c[j][j] with t(j, *)
// CHECK-NEXT: ^
#pragma xmp align c[j][j] with t(j, *)
// CHECK-NOT: error:
int main(void) { return 0; }
