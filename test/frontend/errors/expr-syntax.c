// A directive's C expressions are read as C (the directive fuzzer's finds,
// test/tools/fuzz-directives.py): a malformed one is a Clang error at its
// token, with a caret, not text that reaches the C compiler of the generated
// program.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=OPERAND
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=STRING
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=ASSIGN
// RUN: not %xmpcc -emit-mlir -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=INCR
// RUN: not %xmpcc -emit-mlir -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=OCTAL
// RUN: not %xmpcc -emit-mlir -DCASE=7 %s 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: not %xmpcc -emit-mlir -DCASE=8 %s 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: not %xmpcc -emit-mlir -DCASE=9 %s 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not %xmpcc -emit-mlir -DCASE=10 %s 2>&1 | FileCheck %s --check-prefix=LITERAL
// RUN: not %xmpcc -emit-mlir -DCASE=11 %s 2>&1 | FileCheck %s --check-prefix=PUNCT
// RUN: not %xmpcc -emit-mlir -DCASE=12 %s 2>&1 | FileCheck %s --check-prefix=MEMBER
#define N 16
int n = 4;
#pragma xmp nodes p(*)
#if CASE == 1
// TWO: expr-syntax.c:[[@LINE+3]]:26: error: expected an operator before '0'
// TWO-NEXT: #pragma xmp template t(0 0 : N-1)
// TWO-NEXT: ^
#pragma xmp template t(0 0 : N-1)
#elif CASE == 2
// OPERAND: expr-syntax.c:[[@LINE+1]]:30: error: expected an expression
#pragma xmp template t(0:N-1+)
#elif CASE == 3
// STRING: expr-syntax.c:[[@LINE+1]]:21: error: a string literal is not allowed here; a directive's expression is a number
#pragma xmp nodes q("s")
#elif CASE == 4
// ASSIGN: expr-syntax.c:[[@LINE+1]]:27: error: an assignment is not allowed in a directive's expression
#pragma xmp template t(0:n=N)
#elif CASE == 5
// INCR: expr-syntax.c:[[@LINE+1]]:27: error: '++' is not allowed in a directive's expression
#pragma xmp template t(0:n++)
#elif CASE == 6
// OCTAL: expr-syntax.c:[[@LINE+1]]:25: error: invalid digit '9' in octal constant
#pragma xmp template t(099)
#elif CASE == 7
// SUFFIX: expr-syntax.c:[[@LINE+1]]:27: error: invalid suffix 'x' on integer constant
#pragma xmp template t(0:1x)
#elif CASE == 8
// LARGE: expr-syntax.c:[[@LINE+1]]:26: error: integer literal is too large to be represented in any integer type
#pragma xmp template t(0:99999999999999999999999)
#elif CASE == 9
// PAREN: expr-syntax.c:[[@LINE+1]]:35: error: expected ')'
#pragma xmp template t(0:((N) - 1)
#elif CASE == 10
// LITERAL: expr-syntax.c:[[@LINE+1]]:31: error: a compound literal is not allowed in a directive's expression
#pragma xmp template t(0:(int){N})
#elif CASE == 11
// PUNCT: expr-syntax.c:[[@LINE+1]]:27: error: unexpected '@' in the expression
#pragma xmp template t(0:N@1)
#elif CASE == 12
// MEMBER: expr-syntax.c:[[@LINE+1]]:28: error: expected a member name after '.'
#pragma xmp template t(0:n.)
#endif
int main(void) { return 0; }
