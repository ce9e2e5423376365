// A gmove as the last line of the file: an error, no crash (the plugin
// must not lex the end of the file out from under the parser).
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: gmove-at-end.c:[[@LINE+5]]:18: error: 'gmove' must be followed by an assignment 'dst = src;'
// CHECK-NOT: Stack dump
// CHECK: 1 error generated
int main(void) { return 0; }
// The directive, then nothing.
#pragma xmp gmove
