// OpenACC directives and clauses outside what xmpcc translates, and misplaced
// ones: each a Clang error at its own column, never silently ignored.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=ENTER
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=CLAUSE
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=NOTON
// RUN: not %xmpcc -emit-mlir -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: not %xmpcc -emit-mlir -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: not %xmpcc -emit-mlir -DCASE=7 %s 2>&1 | FileCheck %s --check-prefix=PRESENT
// RUN: not %xmpcc -emit-mlir -DCASE=8 %s 2>&1 | FileCheck %s --check-prefix=SUBARRAY
// RUN: not %xmpcc -emit-mlir -DCASE=9 %s 2>&1 | FileCheck %s --check-prefix=COLLAPSE
// RUN: not %xmpcc -emit-mlir -DCASE=10 %s 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not %xmpcc -emit-mlir -DCASE=11 %s 2>&1 | FileCheck %s --check-prefix=UPDATE
// RUN: not %xmpcc -emit-mlir -DCASE=12 %s 2>&1 | FileCheck %s --check-prefix=OPERATOR
// RUN: not %xmpcc -emit-mlir -DCASE=13 %s 2>&1 | FileCheck %s --check-prefix=NOREGION
// RUN: not %xmpcc -emit-mlir -DCASE=14 %s 2>&1 | FileCheck %s --check-prefix=NODATA
// RUN: not %xmpcc -emit-mlir -DCASE=15 %s 2>&1 | FileCheck %s --check-prefix=NOBLOCK
// RUN: not %xmpcc -emit-mlir -DCASE=16 %s 2>&1 | FileCheck %s --check-prefix=REDOP
// RUN: not %xmpcc -emit-mlir -DCASE=17 %s 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: not %xmpcc -emit-mlir -DCASE=18 %s 2>&1 | FileCheck %s --check-prefix=TOGETHER
// RUN: not %xmpcc -emit-mlir -DCASE=19 %s 2>&1 | FileCheck %s --check-prefix=EXITCLAUSE
#include <xmp.h>
#define N 16
double a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: a, b

int main(void) {
  double s = 0;
  int n = 2;
  (void)n;
#if CASE == 1
// UNKNOWN: acc.c:[[@LINE+1]]:13: error: unknown OpenACC directive 'paralel'
#pragma acc paralel loop
  for (int i = 0; i < N; i++)
    a[i] = 0;
#elif CASE == 2
// ENTER: acc.c:[[@LINE+1]]:13: error: the OpenACC directive 'host_data' is not supported by xmpcc yet (supported: data, enter data, exit data, parallel loop, kernels loop, loop, update, wait)
#pragma acc host_data use_device(a)
  { a[0] = 1; }
#elif CASE == 3
// CLAUSE: acc.c:[[@LINE+1]]:26: error: unknown OpenACC clause 'copyback' on 'data'
#pragma acc data copy(a) copyback(b)
  { a[0] = 1; }
#elif CASE == 4
// NOTON: acc.c:[[@LINE+1]]:26: error: the OpenACC clause 'gang' is not supported on 'data' by xmpcc
#pragma acc data copy(a) gang
  { a[0] = 1; }
#elif CASE == 5
#pragma acc data copy(a)
  {
// ALONE: acc.c:[[@LINE+1]]:13: error: an OpenACC 'parallel loop' must follow a '#pragma xmp loop ... on t(...)' directly
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      a[i] = 0;
  }
#elif CASE == 6
// INNER: acc.c:[[@LINE+1]]:13: error: 'acc loop' must stand inside the nest of an OpenACC 'parallel loop' or 'kernels loop' that follows a '#pragma xmp loop'
#pragma acc loop vector
  for (int i = 0; i < N; i++)
    s += i;
#elif CASE == 7
// PRESENT: acc.c:[[@LINE+1]]:26: error: 'a' is 'present' but no enclosing 'acc data' or 'device replicate' holds it
#pragma acc data present(a)
  { a[0] = 1; }
#elif CASE == 8
// SUBARRAY: acc.c:[[@LINE+1]]:24: error: a subarray in 'copy' is not supported; xmpcc moves whole arrays (name 'a')
#pragma acc data copy(a[0:N])
  { a[0] = 1; }
#elif CASE == 9
#pragma acc data copy(a)
  {
#pragma xmp loop (i) on t(i)
// COLLAPSE: acc.c:[[@LINE+1]]:27: error: collapse takes a positive integer constant, not 'n'
#pragma acc parallel loop collapse(n)
    for (int i = 0; i < N; i++)
      a[i] = 0;
  }
#elif CASE == 10
#pragma acc data copy(a)
  {
#pragma xmp loop (i) on t(i) reduction(+:s)
// BOTH: acc.c:[[@LINE+1]]:27: error: a reduction on both the OpenACC loop and the '#pragma xmp loop' before it
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < N; i++)
      s += a[i];
  }
#elif CASE == 11
// UPDATE: acc.c:[[@LINE+1]]:25: error: array 'a' is in 'acc update host' but is not named in an enclosing 'device replicate' or 'acc data'
#pragma acc update host(a)
#elif CASE == 12
// OPERATOR: acc.c:[[@LINE+1]]:45: error: unknown OpenACC reduction operator '-'; expected one of + * & | ^ && || max min
#pragma acc parallel loop copy(a) reduction(-:s)
  for (int i = 0; i < N; i++)
    s -= a[i];
#elif CASE == 13
// NOREGION: acc.c:[[@LINE+2]]:35: error: 'a' is 'present' but no enclosing 'acc data' or 'device replicate' holds it
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop present(a)
  for (int i = 0; i < N; i++)
    a[i] = 0;
#elif CASE == 14
// NODATA: acc.c:[[@LINE+1]]:13: error: 'acc data' needs a data clause (copy, copyin, copyout, create, present)
#pragma acc data
  { a[0] = 1; }
#elif CASE == 15
// NOBLOCK: acc.c:[[@LINE+2]]:3: error: 'acc data' must be followed by a block '{ ... }'
#pragma acc data copy(a)
  a[0] = 1;
#elif CASE == 16
#pragma acc data copy(a)
  {
    double m = 0;
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop reduction(max:m)
    for (int i = 0; i < N; i++) {
// REDOP: acc.c:[[@LINE+1]]:36: error: 'm' is reduced with 'max' by the enclosing loop construct, not 'min'
#pragma acc loop seq reduction(min:m)
      for (int j = 0; j < 1; j++)
        m = a[i] > m ? a[i] : m;
    }
    s = m;
  }
#elif CASE == 17
  {
#pragma acc enter data copyin(a)
    a[0] = 1;
  }
// EXIT: acc.c:[[@LINE+1]]:31: error: 'exit data' of 'a' without an 'enter data' of it earlier in this block
#pragma acc exit data copyout(a)
#elif CASE == 18
// TOGETHER: acc.c:[[@LINE+1]]:34: error: 'b' is not in the 'exit data' on line [[#@LINE+2]], which ends the region of this 'enter data': exit its arrays together
#pragma acc enter data copyin(a, b)
#pragma acc exit data copyout(a)
#elif CASE == 19
// EXITCLAUSE: acc.c:[[@LINE+1]]:23: error: the OpenACC clause 'copyin' is not supported on 'exit data' by xmpcc
#pragma acc exit data copyin(a)
#endif
  return (int)s;
}
