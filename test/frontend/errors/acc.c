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
// RUN: not %xmpcc -emit-mlir -DCASE=20 %s 2>&1 | FileCheck %s --check-prefix=LOOPS
// RUN: not %xmpcc -emit-mlir -DCASE=21 %s 2>&1 | FileCheck %s --check-prefix=SECTIONVAR
// RUN: not %xmpcc -emit-mlir -DCASE=22 %s 2>&1 | FileCheck %s --check-prefix=USEDEVICE
// RUN: not %xmpcc -emit-mlir -DCASE=23 %s 2>&1 | FileCheck %s --check-prefix=NOTHELD
// RUN: not %xmpcc -emit-mlir -DCASE=24 %s 2>&1 | FileCheck %s --check-prefix=DATAIF
// RUN: not %xmpcc -emit-mlir -DCASE=25 %s 2>&1 | FileCheck %s --check-prefix=REDSECTION
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
#pragma acc data copy(a)
  {
#pragma acc host_data use_device(a)
    {
// ENTER: acc.c:[[@LINE+1]]:7: error: 'a' is the address of its device copy in this 'acc host_data' block: its elements cannot be read or written on the host here (their addresses can be taken)
      a[0] = 1;
    }
  }
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
// ALONE: acc.c:[[@LINE+1]]:13: error: the distributed array 'a' is used in an OpenACC loop that every node runs whole: put '#pragma xmp loop ... on t(...)' before the directive to run each node's part
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      a[i] = 0;
  }
#elif CASE == 6
// INNER: acc.c:[[@LINE+1]]:13: error: 'acc loop' must stand inside the nest of an OpenACC 'parallel loop' or 'kernels loop'{{$}}
#pragma acc loop vector
  for (int i = 0; i < N; i++)
    s += i;
#elif CASE == 7
// PRESENT: acc.c:[[@LINE+1]]:26: error: 'a' is 'present' but no enclosing 'acc data' or 'device replicate' holds it
#pragma acc data present(a)
  { a[0] = 1; }
#elif CASE == 8
// SUBARRAY: acc.c:[[@LINE+1]]:32: error: the subarray of 'b' in 'copy' is [2:4] in dimension 0 of extent 16: xmpcc moves whole arrays, not parts; write 'b'
#pragma acc data copy(a[0:N], b[2:4])
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
#elif CASE == 20
  double c[N], d[N][2];
// LOOPS: acc.c:[[@LINE+1]]:13: error: 'collapse(2)' needs 2 tightly nested loops after the directive; there are 1
#pragma acc parallel loop collapse(2) copy(c)
  for (int i = 0; i < N; i++) {
    c[i] = i;
    for (int j = 0; j < 2; j++)
      d[i][j] = 0;
  }
#elif CASE == 21
// SECTIONVAR: acc.c:[[@LINE+1]]:26: error: the subarray of 'a' in 'copyin' has bounds that are not integer constants: xmpcc moves whole arrays and must see that it is one; write 'a'
#pragma acc data copyin(a[0:n])
  { a[0] = 1; }
#elif CASE == 22
// USEDEVICE: acc.c:[[@LINE+1]]:13: error: 'acc host_data' needs a 'use_device' clause
#pragma acc host_data
  { a[0] = 1; }
#elif CASE == 23
  double c[N];
// NOTHELD: acc.c:[[@LINE+1]]:34: error: array 'c' is in 'acc host_data use_device' but is not named in an enclosing 'device replicate' or 'acc data'
#pragma acc host_data use_device(c)
  { c[0] = 1; }
#elif CASE == 24
// DATAIF: acc.c:[[@LINE+1]]:26: error: the OpenACC clause 'if' is not supported on 'data' by xmpcc
#pragma acc data copy(a) if(n > 1)
  { a[0] = 1; }
#elif CASE == 25
// REDSECTION: acc.c:[[@LINE+1]]:40: error: a reduction's variables are scalars, not subarrays
#pragma acc parallel loop reduction(+:s[0:1])
  for (int i = 0; i < N; i++)
    s += i;
#endif
  return (int)s;
}
