// Constants written in directives that cannot be right are errors at their
// column: a division by zero, a fractional node index, a negative template
// extent in square brackets.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=FRAC
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=EXT
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=TDIV
#pragma xmp nodes p(4)
#if CASE == 3
// EXT: bad-constants.c:[[@LINE+1]]:24: error: template 't' has extent -3; extents are positive
#pragma xmp template t[-3]
#elif CASE == 4
// TDIV: bad-constants.c:[[@LINE+1]]:26: error: the bound '8 % 0' is a division by zero
#pragma xmp template t(0:8 % 0)
#else
#pragma xmp template t(0:9)
#endif
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
#if CASE == 1
// DIV: bad-constants.c:[[@LINE+1]]:22: error: the shadow width '1/0' is a division by zero
#pragma xmp shadow a[1/0]
#endif
int main(void) {
#if CASE == 2
// FRAC: bad-constants.c:[[@LINE+1]]:23: error: '1.5' has type 'double'; an integer is needed here
#pragma xmp task on p(1.5)
  {
  }
#endif
  return 0;
}
