// XMP 1.4: an align directive precedes every appearance of its array in the
// block. One that comes after a use (in C code, in a directive or in the
// statement of an array directive) is an error at the first use: that use
// would be of the plain C array the generated program no longer has (the
// directive fuzzer moved align directives to the end of the file,
// test/tools/fuzz-directives.py). A file-scope array aligned in main may be
// used by the functions before main.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=CODE
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=STATEMENT
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=DIRECTIVE
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: %xmpcc -emit-mlir -DCASE=5 %s | FileCheck %s --check-prefix=MAIN
#define N 10
double a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align b[i] with t(i)
#pragma xmp shadow b[1]

void f(void) {
#if CASE == 1
// CODE: align-after-use.c:[[@LINE+3]]:5: error: distributed array 'a' is used before its 'align' directive; the directive must come first (XMP 1.4: it precedes every use of the array in its block)
// CODE-NEXT: a[0] = 1;
// CODE-NEXT: ^
    a[0] = 1;
#elif CASE == 2
// STATEMENT: align-after-use.c:[[@LINE+2]]:3: error: distributed array 'a' is used before its 'align' directive
#pragma xmp array on t(0:N-1)
  a[0:N] = 1;
#elif CASE == 3
// DIRECTIVE: align-after-use.c:[[@LINE+1]]:20: error: distributed array 'a' is used before its 'align' directive
#pragma xmp bcast (a)
#endif
}

void g(void) {
  double c[N];
#if CASE == 4
// LOCAL: align-after-use.c:[[@LINE+1]]:3: error: distributed array 'c' is used before its 'align' directive
  c[0] = 1;
#endif
#pragma xmp align c[i] with t(i)
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    c[i] = i;
}

// MAIN: xmp.align @a
int main(void) {
#if CASE == 5
#pragma xmp align a[i] with t(i)
#endif
  f();
  g();
  return 0;
}
#if CASE != 5
#pragma xmp align a[i] with t(i)
#endif
