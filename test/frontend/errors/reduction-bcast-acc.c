// Malformed or unsupported `acc` forms of reduction and bcast: Clang errors
// with file:line:col.
// RUN: not %xmpcc -emit-mlir -DLOC %s 2>&1 | FileCheck %s --check-prefix=LOC
// RUN: not %xmpcc -emit-mlir -DTWICE %s 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %xmpcc -emit-mlir -DSECTION %s 2>&1 | FileCheck %s --check-prefix=SECTION
// RUN: not %xmpcc -emit-mlir -DBTWICE %s 2>&1 | FileCheck %s --check-prefix=BTWICE
// RUN: not %xmpcc -emit-mlir -DHOST %s 2>&1 | FileCheck %s --check-prefix=HOST
#pragma xmp nodes p(*)
double a[8];
int main(void) {
  double x = 0;
  int i = 0;
#ifdef LOC
// LOC: {{.*}}reduction-bcast-acc.c:[[#@LINE+1]]:39: error: 'acc' on the location reduction 'firstmax' is not supported; its location variables are host scalars
#pragma xmp reduction(firstmax: x/i/) acc
#endif
#ifdef TWICE
// TWICE: {{.*}}reduction-bcast-acc.c:[[#@LINE+1]]:32: error:
#pragma xmp reduction(+:a) acc acc
#endif
#ifdef SECTION
// SECTION: {{.*}}reduction-bcast-acc.c:[[#@LINE+1]]:20: error: 'bcast' of a section of 'a' with 'acc' is not supported yet; broadcast the whole array
#pragma xmp bcast (a[0:2]) acc
#endif
#ifdef BTWICE
// BTWICE: {{.*}}reduction-bcast-acc.c:[[#@LINE+1]]:27: error: unexpected 'device' in 'bcast'; expected 'from', 'on', 'async' or 'acc'
#pragma xmp bcast (a) acc device
#endif
#ifdef HOST
// HOST: {{.*}}reduction-bcast-acc.c:[[#@LINE+1]]:23: error: 'host' on 'bcast' is not supported by this version of xmpcc yet
#pragma xmp bcast (a) host
#endif
  return (int)x + i;
}
