// Clang's Sema checks the types in a directive's expressions (the directive
// fuzzer's finds, test/tools/fuzz-directives.py): operands a C compiler
// rejects, and an expression that is not an integer where one is needed (a
// fraction in a template reference is no array subscript in the generated
// C), are Clang errors at the directive, not errors in the generated program.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=OPERANDS
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=MEMBER
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: not %xmpcc -emit-mlir -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=SUBSCRIPT
// RUN: not %xmpcc -emit-mlir -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=VOID
// RUN: not %xmpcc -emit-mlir -DCASE=7 %s 2>&1 | FileCheck %s --check-prefix=FIELD
// RUN: not %xmpcc -emit-mlir -DCASE=8 %s 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: not %xmpcc -emit-mlir -DCASE=9 %s 2>&1 | FileCheck %s --check-prefix=FRACTION
#define N 16
double a[N], c[N], x;
struct box { int w; } b = {1};
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#if CASE == 1
// OPERANDS: expr-types.c:[[@LINE+3]]:27: error: invalid operands to binary expression ('double[16]' and 'int')
// OPERANDS-NEXT: #pragma xmp template u(0:c*2)
// OPERANDS-NEXT: ^
#pragma xmp template u(0:c*2)
#elif CASE == 2
// MEMBER: expr-types.c:[[@LINE+1]]:27: error: member reference base type 'double' is not a structure or union
#pragma xmp template u(0:x.w)
#elif CASE == 3
// ARRAY: expr-types.c:[[@LINE+1]]:26: error: 'c' has type 'double[16]'; an integer is needed here
#pragma xmp template u(0:c)
#elif CASE == 4
// STRUCT: expr-types.c:[[@LINE+1]]:24: error: 'b' has type 'struct box'; an integer is needed here
#pragma xmp nodes q(2, b)
#elif CASE == 5
// SUBSCRIPT: expr-types.c:[[@LINE+1]]:27: error: subscripted value is not an array, pointer, or vector
#pragma xmp template u(0:x[1])
#elif CASE == 6
// VOID: expr-types.c:[[@LINE+1]]:26: error: '(void)N' has type 'void'; an integer is needed here
#pragma xmp template u(0:(void)N)
#elif CASE == 7
// FIELD: expr-types.c:[[@LINE+1]]:28: error: no member named 'h' in 'struct box'
#pragma xmp template u(0:b.h)
#endif
int main(void) {
#if CASE == 8
// WIDTH: expr-types.c:[[@LINE+1]]:31: error: '&x' has type 'double *'; an integer is needed here
#pragma xmp reflect (a) width(&x)
#elif CASE == 9
// FRACTION: expr-types.c:[[@LINE+1]]:24: error: '1.5' has type 'double'; an integer is needed here
#pragma xmp array on t(1.5:14:3 + N)
  a[1:13:3] = x;
#endif
  return 0;
}
