// `static_desc` names the node arrays, templates and aligned arrays of the
// function it stands in (either form, with or without '::'); anything else
// is an error at the name.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %xmpcc -emit-mlir -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=TRAILING
#include <xmp.h>
#define N 8
double g[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align g[i] with t(i)
#if CASE == 1
// FILE: static-desc.c:[[@LINE+1]]:1: error: 'static_desc' stands in a function: it names the function's node arrays, templates and arrays
#pragma xmp static_desc :: g
#endif

void f(double v[N]) {
#pragma xmp align v[i] with t(i)
  double plain[N];
  (void)plain;
#if CASE == 2
// UNKNOWN: static-desc.c:[[@LINE+1]]:31: error: 'w' in 'static_desc' is not a node array, template or aligned array declared in this function
#pragma xmp static_desc :: v, w
#elif CASE == 3
// GLOBAL: static-desc.c:[[@LINE+1]]:25: error: 'g' in 'static_desc' is not a node array, template or aligned array declared in this function
#pragma xmp static_desc g
#elif CASE == 4
// PLAIN: static-desc.c:[[@LINE+1]]:27: error: 'plain' in 'static_desc' is not a node array, template or aligned array declared in this function
#pragma xmp static_desc ::plain
#elif CASE == 5
// TRAILING: static-desc.c:[[@LINE+1]]:27: error: unexpected 'shadow' after the names of 'static_desc'
#pragma xmp static_desc v shadow
#endif
}

int main(void) {
  f(g);
  return 0;
}
