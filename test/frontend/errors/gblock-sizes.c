// gblock(m) takes an array of int block sizes (the runtime reads one int per
// node through it): a number, or an array of another element type, is an
// error at the argument, in distribute and in template_fix. It was accepted and
// the program read the block sizes from address 3 (a segmentation fault). Any
// expression is checked by its type (an int expression, or a struct, reached
// the C compiler or the runtime; found by the directive fuzzer,
// test/tools/fuzz-directives.py).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp template u(0:9)
#pragma xmp template v(:)
#pragma xmp template x(0:9)
#pragma xmp template y(0:9)
long m[4];
double *w;
int n = 4;
struct opaque *op;
// CHECK: gblock-sizes.c:[[@LINE+1]]:33: error: 'gblock(3)' takes an array of block sizes, one int per node ('int m[] = {...}; gblock(m)'), not a number
#pragma xmp distribute t(gblock(3)) onto p
// CHECK: gblock-sizes.c:[[@LINE+1]]:33: error: 'gblock(m)' takes an array of block sizes, one int per node; 'm' is 'long[4]'
#pragma xmp distribute u(gblock(m)) onto p
#pragma xmp distribute v(gblock(*)) onto p
// CHECK: gblock-sizes.c:[[@LINE+1]]:33: error: 'gblock(n + 1)' takes an array of block sizes, one int per node ('int m[] = {...}; gblock(m)'), not a number
#pragma xmp distribute x(gblock(n + 1)) onto p
// CHECK: gblock-sizes.c:[[@LINE+1]]:33: error: 'gblock(*op)' takes an array of block sizes, one int per node; '*op' is 'struct opaque'
#pragma xmp distribute y(gblock(*op)) onto p
int main(void) {
// CHECK: gblock-sizes.c:[[@LINE+1]]:33: error: 'gblock(w)' takes an array of block sizes, one int per node; 'w' is 'double *'
#pragma xmp template_fix(gblock(w)) v(0:9)
  return 0;
}
// CHECK-NOT: error:
