// The names in a directive's expressions are those C sees where the directive
// stands (the directive fuzzer's finds, test/tools/fuzz-directives.py): an
// undeclared one, a local variable in a file-scope directive, one declared
// after the directive, or a variable where a type or a function is needed are
// Clang errors at the name, not names the generated program's C compiler
// cannot find; so is a distributed array, which the generated program keeps
// in the runtime's storage under another name, and main, which starts and ends the runtime.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=UNDECLARED
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=LATER
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=NOTYPE
// RUN: not %xmpcc -emit-mlir -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not %xmpcc -emit-mlir -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=TYPEUSE
// RUN: not %xmpcc -emit-mlir -DCASE=7 %s 2>&1 | FileCheck %s --check-prefix=OUTOFSCOPE
// RUN: not %xmpcc -emit-mlir -DCASE=8 %s 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: not %xmpcc -emit-mlir -DCASE=9 %s 2>&1 | FileCheck %s --check-prefix=DISTRIBUTED
// RUN: not %xmpcc -emit-mlir -DCASE=10 %s 2>&1 | FileCheck %s --check-prefix=MAIN
#define N 16
typedef long index_t;
#pragma xmp nodes p(*)
#if CASE == 1
// UNDECLARED: expr-names.c:[[@LINE+3]]:26: error: use of undeclared identifier 'max'
// UNDECLARED-NEXT: #pragma xmp template t(0:max-1)
// UNDECLARED-NEXT: ^
#pragma xmp template t(0:max-1)
#elif CASE == 3
// LATER: expr-names.c:[[@LINE+1]]:26: error: use of undeclared identifier 'later'
#pragma xmp template t(0:later-1)
int later = 8;
#elif CASE == 4
int m = 8;
// NOTYPE: expr-names.c:[[@LINE+1]]:27: error: 'm' does not name a type
#pragma xmp template t(0:(m)N - 1)
#elif CASE == 5
int m = 8;
// CALL: expr-names.c:[[@LINE+1]]:27: error: called object type 'int' is not a function or function pointer
#pragma xmp template t(0:m(1))
#elif CASE == 6
// TYPEUSE: expr-names.c:[[@LINE+1]]:26: error: unexpected type name 'index_t': expected expression
#pragma xmp template t(0:index_t)
#elif CASE == 8
// NODES: expr-names.c:[[@LINE+1]]:26: error: use of undeclared identifier 'p'
#pragma xmp template t(0:p)
#elif CASE == 9
double a[N];
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
// DISTRIBUTED: expr-names.c:[[@LINE+1]]:33: error: distributed array 'a' cannot be used in a directive's expression
#pragma xmp template u(0:sizeof a / sizeof a[0] - 1)
#endif
int main(void) {
  int local = 4;
#if CASE == 7
  {
    int inner = 2;
  }
// OUTOFSCOPE: expr-names.c:[[@LINE+1]]:23: error: use of undeclared identifier 'inner'
#pragma xmp task on p(inner)
  local = 1;
#elif CASE == 10
// MAIN: expr-names.c:[[@LINE+1]]:24: error: 'main' cannot be used in a directive's expression
#pragma xmp task on p((main != 0) + 1)
  local = 1;
#endif
  return local;
}
#if CASE == 2
// LOCAL: expr-names.c:[[@LINE+1]]:27: error: use of undeclared identifier 'local'
#pragma xmp template t2(0:local)
#endif
