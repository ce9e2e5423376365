// gblock(m) takes an array of int block sizes (the runtime reads one int per
// node through it): a number, or an array of another element type, is an
// error at the format, in distribute and in template_fix. It was accepted and
// the program read the block sizes from address 3 (a segmentation fault).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp template u(0:9)
#pragma xmp template v(:)
long m[4];
double *w;
// CHECK: gblock-sizes.c:[[@LINE+1]]:26: error: 'gblock(3)' takes an array of block sizes, one int per node ('int m[] = {...}; gblock(m)'), not a number
#pragma xmp distribute t(gblock(3)) onto p
// CHECK: gblock-sizes.c:[[@LINE+1]]:26: error: 'gblock(m)' takes an array of block sizes, one int per node; 'm' is 'long[4]'
#pragma xmp distribute u(gblock(m)) onto p
#pragma xmp distribute v(gblock(*)) onto p
int main(void) {
// CHECK: gblock-sizes.c:[[@LINE+1]]:26: error: 'gblock(w)' takes an array of block sizes, one int per node; 'w' is 'double *'
#pragma xmp template_fix(gblock(w)) v(0:9)
  return 0;
}
// CHECK-NOT: error:
