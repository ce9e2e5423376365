// A loop's reduction clause is the reduction construct on the same variables
// right after the loop (XMP 1.4, loop construct; as Omni implements it): every
// node's value is combined, each started from the variable's value before the
// loop, so for + that value counts once per node. Every operator, an array,
// several variables in one clause; firstmax/lastmax (idempotent: the value
// before the loop wins, loses or ties exactly as in the serial loop).
// Block and cyclic(2) over 11 elements (uneven at 2-4 nodes), 1-4 nodes,
// each against the same loops run serially in the test. Under cyclic(2) the
// maxima at 3 and 7 lie on one node at 2 nodes and on nodes 1 and 0 at 3, the
// reverse of node order (ties between nodes go by the loop's sequential order:
// test/e2e/reduction-loc-order.c).
// RUN: %xmpcc %s -o %t.b
// RUN: %xmpcc -DCYCLIC %s -o %t.c
// RUN: %mpirun -np 1 %t.b | FileCheck %s
// RUN: %mpirun -np 2 %t.b | FileCheck %s
// RUN: %mpirun -np 2 %t.c | FileCheck %s
// RUN: %mpirun -np 3 %t.c | FileCheck %s
// RUN: %mpirun -np 4 %t.b | FileCheck %s
// RUN: %mpirun -np 4 %t.c | FileCheck %s
// CHECK: loop reductions with initial values: 0 wrong of 17
#include <stdio.h>
#include <xmp.h>
#define N 11

double a[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#ifdef CYCLIC
#pragma xmp distribute t(cyclic(2)) onto p
#else
#pragma xmp distribute t(block) onto p
#endif
#pragma xmp align a[i] with t(i)

/* The value at i: its maximum 10 is at i = 3 and i = 7. */
static double value(int i) { return i == 3 || i == 7 ? 10.0 : (double)(i % 5); }

int main(void) {
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = value(i);

  long s = 1000, m = 100, arr[3] = {1, 2, 3};
  double prod = 3.0;
  int mx = 50, mx2 = -5, mn = -1, x = 7, land = 1, lor = 0;
  unsigned band = 0xF0F0u;
#pragma xmp loop on t(i) reduction(+:s, arr) reduction(-:m) reduction(*:prod)
  for (int i = 0; i < N; i++) {
    s += i;
    m -= i;
    for (int k = 0; k < 3; k++)
      arr[k] += (long)i * k;
    prod *= i % 3 == 0 ? 2.0 : 1.0;
  }
#pragma xmp loop on t(i) reduction(max:mx, mx2) reduction(min:mn) reduction(^:x) reduction(&:band) reduction(&&:land) reduction(||:lor)
  for (int i = 0; i < N; i++) {
    mx = i > mx ? i : mx;
    mx2 = i > mx2 ? i : mx2;
    mn = i < mn ? i : mn;
    x ^= i;
    band &= 0xFFFFu ^ (1u << (i % 16));
    land = land && i < 20;
    lor = lor || i == 7;
  }
  /* firstmax: the loop's 10 (first at 3) beats 9.5; 20 beats the loop's 10; a tie keeps the
   * value before the loop (it came first). lastmax: a tie goes to the loop's last 10 (7). */
  double v1 = 9.5, v2 = 20.0, v3 = 10.0, v4 = 10.0;
  int at1 = -1, at2 = -1, at3 = -1, at4 = -1;
#pragma xmp loop on t(i) reduction(firstmax:v1/at1/, v2/at2/, v3/at3/) reduction(lastmax:v4/at4/)
  for (int i = 0; i < N; i++) {
    if (a[i] > v1) { v1 = a[i]; at1 = i; }
    if (a[i] > v2) { v2 = a[i]; at2 = i; }
    if (a[i] > v3) { v3 = a[i]; at3 = i; }
    if (a[i] >= v4) { v4 = a[i]; at4 = i; }
  }

  /* The same loops, serially, then what the other nodes' values before the loop add: each
   * of the P nodes starts from them (x ^ x = 0 for ^; & && || max min are idempotent). */
  int P = xmp_num_nodes();
  long rs = 1000, rm = 100, rarr[3] = {1, 2, 3};
  double rprod = 3.0;
  int rmx = 50, rmx2 = -5, rmn = -1, rx = 7, rland = 1, rlor = 0;
  unsigned rband = 0xF0F0u;
  double r1 = 9.5, r2 = 20.0, r3 = 10.0, r4 = 10.0;
  int ra1 = -1, ra2 = -1, ra3 = -1, ra4 = -1;
  for (int i = 0; i < N; i++) {
    double ai = value(i);
    rs += i;
    rm -= i;
    for (int k = 0; k < 3; k++)
      rarr[k] += (long)i * k;
    rprod *= i % 3 == 0 ? 2.0 : 1.0;
    rmx = i > rmx ? i : rmx;
    rmx2 = i > rmx2 ? i : rmx2;
    rmn = i < rmn ? i : rmn;
    rx ^= i;
    rband &= 0xFFFFu ^ (1u << (i % 16));
    rland = rland && i < 20;
    rlor = rlor || i == 7;
    if (ai > r1) { r1 = ai; ra1 = i; }
    if (ai > r2) { r2 = ai; ra2 = i; }
    if (ai > r3) { r3 = ai; ra3 = i; }
    if (ai >= r4) { r4 = ai; ra4 = i; }
  }
  rs += (P - 1) * 1000L;
  rm += (P - 1) * 100L;
  for (int k = 0; k < 3; k++)
    rarr[k] += (P - 1) * (long)(k + 1);
  for (int k = 1; k < P; k++)
    rprod *= 3.0;
  if (P % 2 == 0)
    rx ^= 7;
  int wrong = (s != rs) + (m != rm) + (arr[0] != rarr[0]) + (arr[1] != rarr[1]) +
              (arr[2] != rarr[2]) + (prod != rprod) + (mx != rmx) + (mx2 != rmx2) +
              (mn != rmn) + (x != rx) + (band != rband) + (land != rland) + (lor != rlor);
  int checked = 13;
  wrong += (v1 != r1 || at1 != ra1) + (v2 != r2 || at2 != ra2) + (v3 != r3 || at3 != ra3) +
           (v4 != r4 || at4 != ra4);
  checked += 4;
  if (wrong)
    printf("node %d: s %ld/%ld m %ld/%ld arr %ld %ld %ld prod %g mx %d mx2 %d mn %d x %d band %x "
           "land %d lor %d v1 %g@%d v2 %g@%d v3 %g@%d v4 %g@%d\n",
           xmp_node_num(), s, rs, m, rm, arr[0], arr[1], arr[2], prod, mx, mx2, mn, x, band,
           land, lor, v1, at1, v2, at2, v3, at3, v4, at4);
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("loop reductions with initial values: %d wrong of %d\n", wrong, checked);
  return 0;
}
