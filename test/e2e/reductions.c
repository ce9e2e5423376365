// Every reduction operator on the C types it applies to, through loop
// clauses and the reduction directive, at 1-4 nodes, against the serial
// value each node also computes. Floating-point contributions are small
// integers, so their sums are exact in any order and compare with ==.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 16 reductions
#include <stdio.h>
#include <xmp.h>
#define N 23
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p

static int checked;
#define EXPECT(name, got, want)                                                \
  do {                                                                         \
    ++checked;                                                                 \
    if ((got) != (want) && xmpc_node_num() == 0)                               \
      printf("MISMATCH %s: %.17g != %.17g\n", name, (double)(got),             \
             (double)(want));                                                  \
  } while (0)

int main(void) {
  int isum = 0, iprod = 1, imax = -100, imin = 100, band = ~0, bor = 0, bxor = 0;
  int land = 1, lor = 0, minus = 0;
  double dsum = 0, dmax = -1e9, dmin = 1e9;
  float fsum = 0;
  long lsum = 0;
  unsigned long long uprod = 1;
#pragma xmp loop on t(i) reduction(+:isum, dsum, fsum, lsum) reduction(max:imax, dmax) reduction(min:imin, dmin)
  for (int i = 0; i < N; i++) {
    isum += i * i;
    dsum += i - 7.0;
    fsum += 2.0f * i;
    lsum += 100000L * i;
    imax = i % 11 > imax ? i % 11 : imax;
    dmax = (i * 37 % 17) > dmax ? (i * 37 % 17) : dmax;
    imin = (i * 5 % 13) - 6 < imin ? (i * 5 % 13) - 6 : imin;
    dmin = -0.5 * (i % 9) < dmin ? -0.5 * (i % 9) : dmin;
  }
#pragma xmp loop on t(i) reduction(*:iprod, uprod) reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor) reduction(-:minus)
  for (int i = 0; i < N; i++) {
    iprod *= (i % 3 == 0) ? -1 : 1;
    uprod *= (i % 4 == 1) ? 2 : 1;
    band &= ~(1 << (i % 5));
    bor |= 1 << (i % 7);
    bxor ^= i * 3;
    land = land && (i != 50);
    lor = lor || (i == 19);
    minus -= i;
  }
  /* The reduction directive on a value every node holds: its count. */
  int one = 1;
#pragma xmp reduction(+:one)

  int r_isum = 0, r_iprod = 1, r_imax = -100, r_imin = 100, r_band = ~0, r_bor = 0,
      r_bxor = 0, r_land = 1, r_lor = 0, r_minus = 0;
  double r_dsum = 0, r_dmax = -1e9, r_dmin = 1e9;
  float r_fsum = 0;
  long r_lsum = 0;
  unsigned long long r_uprod = 1;
  for (int i = 0; i < N; i++) {
    r_isum += i * i;
    r_dsum += i - 7.0;
    r_fsum += 2.0f * i;
    r_lsum += 100000L * i;
    r_imax = i % 11 > r_imax ? i % 11 : r_imax;
    r_dmax = (i * 37 % 17) > r_dmax ? (i * 37 % 17) : r_dmax;
    r_imin = (i * 5 % 13) - 6 < r_imin ? (i * 5 % 13) - 6 : r_imin;
    r_dmin = -0.5 * (i % 9) < r_dmin ? -0.5 * (i % 9) : r_dmin;
    r_iprod *= (i % 3 == 0) ? -1 : 1;
    r_uprod *= (i % 4 == 1) ? 2 : 1;
    r_band &= ~(1 << (i % 5));
    r_bor |= 1 << (i % 7);
    r_bxor ^= i * 3;
    r_land = r_land && (i != 50);
    r_lor = r_lor || (i == 19);
    r_minus -= i;
  }
  EXPECT("+ int", isum, r_isum);
  EXPECT("+ double", dsum, r_dsum);
  EXPECT("+ float", fsum, r_fsum);
  EXPECT("+ long", lsum, r_lsum);
  EXPECT("max int", imax, r_imax);
  EXPECT("max double", dmax, r_dmax);
  EXPECT("min int", imin, r_imin);
  EXPECT("min double", dmin, r_dmin);
  EXPECT("* int", iprod, r_iprod);
  EXPECT("* unsigned long long", uprod, r_uprod);
  EXPECT("&", band, r_band);
  EXPECT("|", bor, r_bor);
  EXPECT("^", bxor, r_bxor);
  EXPECT("&&", land, r_land);
  EXPECT("||", lor, r_lor);
  EXPECT("-", minus, r_minus);
  if (one != xmp_num_nodes() && xmpc_node_num() == 0)
    printf("MISMATCH reduction directive: %d nodes counted, %d expected\n", one,
           xmp_num_nodes());
  if (xmpc_node_num() == 0)
    printf("checked %d reductions\n", checked);
  return 0;
}
