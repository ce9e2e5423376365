// An aligned array whose elements map outside the template stops the program
// at its align directive with one message (as Omni's "aligned array is out of
// template bound"); it was accepted, and the elements past the template had
// no owner and no storage. Larger than the template, pushed past its end by
// an offset, below its lower bound by a negative one, in the second dimension
// of a 2-D template, and after template_fix.
// RUN: %xmpcc %s -o %t
// RUN: not %mpirun -np 2 %t big 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not %mpirun -np 3 %t past 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not %mpirun -np 1 %t below 2>&1 | FileCheck %s --check-prefix=BELOW
// RUN: not %mpirun -np 4 %t dim1 2>&1 | FileCheck %s --check-prefix=DIM1
// RUN: not %mpirun -np 2 %t fixed 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: %mpirun -np 2 %t fits | FileCheck %s --check-prefix=FITS
// BIG: xmpcc runtime: {{.*}}align-out-of-template.c:40: 'align a[i] with t(i)': array 'a' dimension 0: elements 0 to 11 are aligned with template 't' elements 0 to 11, outside its bounds [0:9]
// BIG-NOT: xmpcc runtime
// PAST: xmpcc runtime: {{.*}}align-out-of-template.c:46: 'align b[i] with t(i+1)': array 'b' dimension 0: elements 0 to 9 are aligned with template 't' elements 1 to 10, outside its bounds [0:9]
// PAST-NOT: xmpcc runtime
// BELOW: xmpcc runtime: {{.*}}align-out-of-template.c:52: 'align c[i] with u(i-3)': array 'c' dimension 0: elements 0 to 9 are aligned with template 'u' elements -3 to 6, outside its bounds [-2:7]
// BELOW-NOT: xmpcc runtime
// DIM1: xmpcc runtime: {{.*}}align-out-of-template.c:58: 'align d[i][j] with s(j, i)': array 'd' dimension 0: elements 0 to 6 are aligned with template 's' elements 0 to 6, outside its bounds [1:6]
// DIM1-NOT: xmpcc runtime
// FIXED: xmpcc runtime: {{.*}}align-out-of-template.c:65: 'align e[i] with f[i]': array 'e' dimension 0: elements 0 to 9 are aligned with template 'f' elements 0 to 9, outside its bounds [0:7]
// FIXED-NOT: xmpcc runtime
// FITS: fits: 0 wrong
#include <stdio.h>
#include <string.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp template u(-2:7)
#pragma xmp template s(0:4, 1:6)
#pragma xmp template f[:]
#pragma xmp distribute t(block) onto p
#pragma xmp distribute u(cyclic) onto p
#pragma xmp distribute s(*, block) onto p
#pragma xmp distribute f[block] onto p

static void big(void) {
  int a[12];
#pragma xmp align a[i] with t(i)
  a[0] = 0;
}

static void past(void) {
  int b[10];
#pragma xmp align b[i] with t(i+1)
  b[0] = 0;
}

static void below(void) {
  int c[10];
#pragma xmp align c[i] with u(i-3)
  c[0] = 0;
}

static void dim1(void) {
  int d[7][5];
#pragma xmp align d[i][j] with s(j, i)
  d[0][0] = 0;
}

static void fixed(void) {
#pragma xmp template_fix f[8]
  int e[10];
#pragma xmp align e[i] with f[i]
  e[0] = 0;
}

/* Exactly the template's elements, with offsets: allowed, every element
 * owned once. */
static int fits(void) {
  int g[9], h[10], wrong = 0;
#pragma xmp align g[i] with t(i+1)
#pragma xmp align h[i] with u(i-2)
  int ng = 0, nh = 0;
#pragma xmp loop on t(k) reduction(+:ng)
  for (int k = 1; k <= 9; k++) {
    g[k - 1] = k;
    ng++;
  }
#pragma xmp loop on u(k) reduction(+:nh)
  for (int k = -2; k <= 7; k++) {
    h[k + 2] = k;
    nh++;
  }
  wrong += (ng != 9) + (nh != 10);
  return wrong;
}

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "";
  if (!strcmp(c, "big"))
    big();
  else if (!strcmp(c, "past"))
    past();
  else if (!strcmp(c, "below"))
    below();
  else if (!strcmp(c, "dim1"))
    dim1();
  else if (!strcmp(c, "fixed"))
    fixed();
  else if (!strcmp(c, "fits")) {
    int wrong = fits();
    if (xmp_node_num() == 1)
      printf("fits: %d wrong\n", wrong);
  }
  return 0;
}
