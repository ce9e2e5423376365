// Driver errors: exit status 1 and a message, as a compiler's.
// RUN: not %xmpcc --gpu=maybe %s 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: xmpcc: error: --gpu takes auto, cuda or none, not 'maybe'
// RUN: not %xmpcc %t.missing.c 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: xmpcc: error: no such file: '{{.*}}missing.c'
// RUN: not %xmpcc 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: xmpcc: error: no input files
// A directive error stops the build with status 1 and no output file.
// RUN: rm -f %t.out && not %xmpcc %s -o %t.out 2>&1 | FileCheck %s --check-prefix=DIRECTIVE
// RUN: not test -e %t.out
// DIRECTIVE: errors.c:[[@LINE+1]]:13: error: unknown XMP directive 'nodez'
#pragma xmp nodez p(4)
int main(void) { return 0; }
