// Extents, bounds and widths the spec forbids, written as numbers, are errors
// at the number: a node array extent below 1, a template whose upper bound is
// below its lower one, cyclic(w) with w below 1, a negative shadow width.
// They were run-time errors; expressions still are.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: literal-extents.c:[[@LINE+1]]:24: error: node array 'q' has extent 0; extents are positive (or '*')
#pragma xmp nodes q(2, 0)
// CHECK: literal-extents.c:[[@LINE+1]]:21: error: node array 'r' has extent -3; extents are positive (or '*')
#pragma xmp nodes r[-3]
#pragma xmp nodes p(*)
// CHECK: literal-extents.c:[[@LINE+1]]:31: error: template 't' has upper bound 4 below its lower bound 5
#pragma xmp template t(0:9, 5:4)
#pragma xmp template u(0:9)
#pragma xmp template v(0:9)
// CHECK: literal-extents.c:[[@LINE+1]]:26: error: 'cyclic(0)': the block width of 'cyclic(w)' is at least 1
#pragma xmp distribute u(cyclic(0)) onto p
#pragma xmp distribute v(block) onto p
double a[10], b[10];
#pragma xmp align a[i] with v(i)
#pragma xmp align b[i] with v(i)
// CHECK: literal-extents.c:[[@LINE+1]]:22: error: shadow width -1 of dimension 0 of 'a' is negative
#pragma xmp shadow a[-1]
// CHECK: literal-extents.c:[[@LINE+1]]:22: error: shadow width -2 of dimension 0 of 'b' is negative
#pragma xmp shadow b[1:-2]
int main(void) { return 0; }
// CHECK-NOT: error:
