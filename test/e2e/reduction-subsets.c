// The reduction directive with every operator (+ * - & | ^ && || max min,
// int and double, and max/min with a location variable) on node subsets in
// both bracket styles (p(1:k): the first k nodes; p[n-k:k]: the last k) and
// on the owners of a template section (t(lo:hi), block over 19 elements),
// at 1-4 nodes. Every node computes serially what the members combine from
// the values each node starts with, and that non-members keep their own.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: reduction on subsets: 54 checked, 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 19
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
static int checked, wrong, n, k, lo = 6, hi = 12;

static void check(const char *what, double want, double got) {
  ++checked;
  if (got != want) {
    ++wrong;
    printf("MISMATCH %s on node %d: %g != %g\n", what, xmp_node_num(), got, want);
  }
}

/* Whether node q (1-based) owns an element of t(lo:hi): block of ceil(N/n). */
static int owns(int q) {
  int b = (N + n - 1) / n, first = (q - 1) * b, last = q * b - 1;
  return first <= hi && last >= lo && first < N;
}

int main(void) {
  n = xmp_num_nodes();
  k = (n + 1) / 2;
  int me = xmp_node_num();
  int is_member;
  /* on p(1:k): the first k nodes, round */
  is_member = me <= k;
  {
    int v0 = me * 3 + 1;
    double v1 = me * 0.5 - 1;
    int v2 = me % 3 == 0 ? -2 : me;
    double v3 = me + 0.5;
    int v4 = 10 * me - 7;
    int v5 = ~(1 << me);
    int v6 = 1 << (me + 2);
    int v7 = me * 5 + 3;
    int v8 = me != 3;
    int v9 = me == 2;
    int v10 = me * 7 % 5;
    double v11 = -(double)me * me + 4 * me;
    int v12 = me * 7 % 5 - 3;
    double v13 = (double)me * me - 4.5 * me;
    double lv = me * 37 % 11, nv = lv;
    int lloc = 100 * me, nloc = 100 * me;
#pragma xmp reduction(+:v0) on p(1:k)
#pragma xmp reduction(+:v1) on p(1:k)
#pragma xmp reduction(*:v2) on p(1:k)
#pragma xmp reduction(*:v3) on p(1:k)
#pragma xmp reduction(-:v4) on p(1:k)
#pragma xmp reduction(&:v5) on p(1:k)
#pragma xmp reduction(|:v6) on p(1:k)
#pragma xmp reduction(^:v7) on p(1:k)
#pragma xmp reduction(&&:v8) on p(1:k)
#pragma xmp reduction(||:v9) on p(1:k)
#pragma xmp reduction(max:v10) on p(1:k)
#pragma xmp reduction(max:v11) on p(1:k)
#pragma xmp reduction(min:v12) on p(1:k)
#pragma xmp reduction(min:v13) on p(1:k)
#pragma xmp reduction(max:lv/lloc/) on p(1:k)
#pragma xmp reduction(min:nv/nloc/) on p(1:k)
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me * 3 + 1;
          acc = acc + v;
        }
      check("+ int on p(1:k)", is_member ? (double)acc : (double)(me * 3 + 1), (double)v0);
    }
    {
      double acc = 0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          double v = me * 0.5 - 1;
          acc = acc + v;
        }
      check("+ double on p(1:k)", is_member ? (double)acc : (double)(me * 0.5 - 1), (double)v1);
    }
    {
      int acc = 1;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me % 3 == 0 ? -2 : me;
          acc = acc * v;
        }
      check("* int on p(1:k)", is_member ? (double)acc : (double)(me % 3 == 0 ? -2 : me), (double)v2);
    }
    {
      double acc = 1;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          double v = me + 0.5;
          acc = acc * v;
        }
      check("* double on p(1:k)", is_member ? (double)acc : (double)(me + 0.5), (double)v3);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = 10 * me - 7;
          acc = acc + v;
        }
      check("- int on p(1:k)", is_member ? (double)acc : (double)(10 * me - 7), (double)v4);
    }
    {
      int acc = ~0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = ~(1 << me);
          acc = acc & v;
        }
      check("& int on p(1:k)", is_member ? (double)acc : (double)(~(1 << me)), (double)v5);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = 1 << (me + 2);
          acc = acc | v;
        }
      check("| int on p(1:k)", is_member ? (double)acc : (double)(1 << (me + 2)), (double)v6);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me * 5 + 3;
          acc = acc ^ v;
        }
      check("^ int on p(1:k)", is_member ? (double)acc : (double)(me * 5 + 3), (double)v7);
    }
    {
      int acc = 1;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me != 3;
          acc = acc && v;
        }
      check("&& int on p(1:k)", is_member ? (double)acc : (double)(me != 3), (double)v8);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me == 2;
          acc = acc || v;
        }
      check("|| int on p(1:k)", is_member ? (double)acc : (double)(me == 2), (double)v9);
    }
    {
      int acc = -1000;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me * 7 % 5;
          acc = (v > acc ? v : acc);
        }
      check("max int on p(1:k)", is_member ? (double)acc : (double)(me * 7 % 5), (double)v10);
    }
    {
      double acc = -1e9;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          double v = -(double)me * me + 4 * me;
          acc = (v > acc ? v : acc);
        }
      check("max double on p(1:k)", is_member ? (double)acc : (double)(-(double)me * me + 4 * me), (double)v11);
    }
    {
      int acc = 1000;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          int v = me * 7 % 5 - 3;
          acc = (v < acc ? v : acc);
        }
      check("min int on p(1:k)", is_member ? (double)acc : (double)(me * 7 % 5 - 3), (double)v12);
    }
    {
      double acc = 1e9;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          double v = (double)me * me - 4.5 * me;
          acc = (v < acc ? v : acc);
        }
      check("min double on p(1:k)", is_member ? (double)acc : (double)((double)me * me - 4.5 * me), (double)v13);
    }
    {
      double best = -1, worst = 1e9;
      int at = -1, wat = -1;
      for (int me = 1; me <= n; me++)
        if (me <= k) {
          double v = me * 37 % 11;
          if (v > best)
            best = v, at = 100 * me;
          if (v < worst)
            worst = v, wat = 100 * me;
        }
      check("max/loc value on p(1:k)", is_member ? best : me * 37 % 11, lv);
      check("max/loc location on p(1:k)", is_member ? at : 100 * me, lloc);
      check("min/loc value on p(1:k)", is_member ? worst : me * 37 % 11, nv);
      check("min/loc location on p(1:k)", is_member ? wat : 100 * me, nloc);
    }
  }
  /* on p[n - k:k]: the last k nodes, square */
  is_member = me > n - k;
  {
    int v0 = me * 3 + 1;
    double v1 = me * 0.5 - 1;
    int v2 = me % 3 == 0 ? -2 : me;
    double v3 = me + 0.5;
    int v4 = 10 * me - 7;
    int v5 = ~(1 << me);
    int v6 = 1 << (me + 2);
    int v7 = me * 5 + 3;
    int v8 = me != 3;
    int v9 = me == 2;
    int v10 = me * 7 % 5;
    double v11 = -(double)me * me + 4 * me;
    int v12 = me * 7 % 5 - 3;
    double v13 = (double)me * me - 4.5 * me;
    double lv = me * 37 % 11, nv = lv;
    int lloc = 100 * me, nloc = 100 * me;
#pragma xmp reduction(+:v0) on p[n - k:k]
#pragma xmp reduction(+:v1) on p[n - k:k]
#pragma xmp reduction(*:v2) on p[n - k:k]
#pragma xmp reduction(*:v3) on p[n - k:k]
#pragma xmp reduction(-:v4) on p[n - k:k]
#pragma xmp reduction(&:v5) on p[n - k:k]
#pragma xmp reduction(|:v6) on p[n - k:k]
#pragma xmp reduction(^:v7) on p[n - k:k]
#pragma xmp reduction(&&:v8) on p[n - k:k]
#pragma xmp reduction(||:v9) on p[n - k:k]
#pragma xmp reduction(max:v10) on p[n - k:k]
#pragma xmp reduction(max:v11) on p[n - k:k]
#pragma xmp reduction(min:v12) on p[n - k:k]
#pragma xmp reduction(min:v13) on p[n - k:k]
#pragma xmp reduction(max:lv/lloc/) on p[n - k:k]
#pragma xmp reduction(min:nv/nloc/) on p[n - k:k]
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me * 3 + 1;
          acc = acc + v;
        }
      check("+ int on p[n - k:k]", is_member ? (double)acc : (double)(me * 3 + 1), (double)v0);
    }
    {
      double acc = 0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          double v = me * 0.5 - 1;
          acc = acc + v;
        }
      check("+ double on p[n - k:k]", is_member ? (double)acc : (double)(me * 0.5 - 1), (double)v1);
    }
    {
      int acc = 1;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me % 3 == 0 ? -2 : me;
          acc = acc * v;
        }
      check("* int on p[n - k:k]", is_member ? (double)acc : (double)(me % 3 == 0 ? -2 : me), (double)v2);
    }
    {
      double acc = 1;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          double v = me + 0.5;
          acc = acc * v;
        }
      check("* double on p[n - k:k]", is_member ? (double)acc : (double)(me + 0.5), (double)v3);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = 10 * me - 7;
          acc = acc + v;
        }
      check("- int on p[n - k:k]", is_member ? (double)acc : (double)(10 * me - 7), (double)v4);
    }
    {
      int acc = ~0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = ~(1 << me);
          acc = acc & v;
        }
      check("& int on p[n - k:k]", is_member ? (double)acc : (double)(~(1 << me)), (double)v5);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = 1 << (me + 2);
          acc = acc | v;
        }
      check("| int on p[n - k:k]", is_member ? (double)acc : (double)(1 << (me + 2)), (double)v6);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me * 5 + 3;
          acc = acc ^ v;
        }
      check("^ int on p[n - k:k]", is_member ? (double)acc : (double)(me * 5 + 3), (double)v7);
    }
    {
      int acc = 1;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me != 3;
          acc = acc && v;
        }
      check("&& int on p[n - k:k]", is_member ? (double)acc : (double)(me != 3), (double)v8);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me == 2;
          acc = acc || v;
        }
      check("|| int on p[n - k:k]", is_member ? (double)acc : (double)(me == 2), (double)v9);
    }
    {
      int acc = -1000;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me * 7 % 5;
          acc = (v > acc ? v : acc);
        }
      check("max int on p[n - k:k]", is_member ? (double)acc : (double)(me * 7 % 5), (double)v10);
    }
    {
      double acc = -1e9;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          double v = -(double)me * me + 4 * me;
          acc = (v > acc ? v : acc);
        }
      check("max double on p[n - k:k]", is_member ? (double)acc : (double)(-(double)me * me + 4 * me), (double)v11);
    }
    {
      int acc = 1000;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          int v = me * 7 % 5 - 3;
          acc = (v < acc ? v : acc);
        }
      check("min int on p[n - k:k]", is_member ? (double)acc : (double)(me * 7 % 5 - 3), (double)v12);
    }
    {
      double acc = 1e9;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          double v = (double)me * me - 4.5 * me;
          acc = (v < acc ? v : acc);
        }
      check("min double on p[n - k:k]", is_member ? (double)acc : (double)((double)me * me - 4.5 * me), (double)v13);
    }
    {
      double best = -1, worst = 1e9;
      int at = -1, wat = -1;
      for (int me = 1; me <= n; me++)
        if (me > n - k) {
          double v = me * 37 % 11;
          if (v > best)
            best = v, at = 100 * me;
          if (v < worst)
            worst = v, wat = 100 * me;
        }
      check("max/loc value on p[n - k:k]", is_member ? best : me * 37 % 11, lv);
      check("max/loc location on p[n - k:k]", is_member ? at : 100 * me, lloc);
      check("min/loc value on p[n - k:k]", is_member ? worst : me * 37 % 11, nv);
      check("min/loc location on p[n - k:k]", is_member ? wat : 100 * me, nloc);
    }
  }
  /* on t(lo:hi): the owners of t(lo:hi) */
  is_member = owns(me);
  {
    int v0 = me * 3 + 1;
    double v1 = me * 0.5 - 1;
    int v2 = me % 3 == 0 ? -2 : me;
    double v3 = me + 0.5;
    int v4 = 10 * me - 7;
    int v5 = ~(1 << me);
    int v6 = 1 << (me + 2);
    int v7 = me * 5 + 3;
    int v8 = me != 3;
    int v9 = me == 2;
    int v10 = me * 7 % 5;
    double v11 = -(double)me * me + 4 * me;
    int v12 = me * 7 % 5 - 3;
    double v13 = (double)me * me - 4.5 * me;
    double lv = me * 37 % 11, nv = lv;
    int lloc = 100 * me, nloc = 100 * me;
#pragma xmp reduction(+:v0) on t(lo:hi)
#pragma xmp reduction(+:v1) on t(lo:hi)
#pragma xmp reduction(*:v2) on t(lo:hi)
#pragma xmp reduction(*:v3) on t(lo:hi)
#pragma xmp reduction(-:v4) on t(lo:hi)
#pragma xmp reduction(&:v5) on t(lo:hi)
#pragma xmp reduction(|:v6) on t(lo:hi)
#pragma xmp reduction(^:v7) on t(lo:hi)
#pragma xmp reduction(&&:v8) on t(lo:hi)
#pragma xmp reduction(||:v9) on t(lo:hi)
#pragma xmp reduction(max:v10) on t(lo:hi)
#pragma xmp reduction(max:v11) on t(lo:hi)
#pragma xmp reduction(min:v12) on t(lo:hi)
#pragma xmp reduction(min:v13) on t(lo:hi)
#pragma xmp reduction(max:lv/lloc/) on t(lo:hi)
#pragma xmp reduction(min:nv/nloc/) on t(lo:hi)
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me * 3 + 1;
          acc = acc + v;
        }
      check("+ int on t(lo:hi)", is_member ? (double)acc : (double)(me * 3 + 1), (double)v0);
    }
    {
      double acc = 0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          double v = me * 0.5 - 1;
          acc = acc + v;
        }
      check("+ double on t(lo:hi)", is_member ? (double)acc : (double)(me * 0.5 - 1), (double)v1);
    }
    {
      int acc = 1;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me % 3 == 0 ? -2 : me;
          acc = acc * v;
        }
      check("* int on t(lo:hi)", is_member ? (double)acc : (double)(me % 3 == 0 ? -2 : me), (double)v2);
    }
    {
      double acc = 1;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          double v = me + 0.5;
          acc = acc * v;
        }
      check("* double on t(lo:hi)", is_member ? (double)acc : (double)(me + 0.5), (double)v3);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = 10 * me - 7;
          acc = acc + v;
        }
      check("- int on t(lo:hi)", is_member ? (double)acc : (double)(10 * me - 7), (double)v4);
    }
    {
      int acc = ~0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = ~(1 << me);
          acc = acc & v;
        }
      check("& int on t(lo:hi)", is_member ? (double)acc : (double)(~(1 << me)), (double)v5);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = 1 << (me + 2);
          acc = acc | v;
        }
      check("| int on t(lo:hi)", is_member ? (double)acc : (double)(1 << (me + 2)), (double)v6);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me * 5 + 3;
          acc = acc ^ v;
        }
      check("^ int on t(lo:hi)", is_member ? (double)acc : (double)(me * 5 + 3), (double)v7);
    }
    {
      int acc = 1;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me != 3;
          acc = acc && v;
        }
      check("&& int on t(lo:hi)", is_member ? (double)acc : (double)(me != 3), (double)v8);
    }
    {
      int acc = 0;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me == 2;
          acc = acc || v;
        }
      check("|| int on t(lo:hi)", is_member ? (double)acc : (double)(me == 2), (double)v9);
    }
    {
      int acc = -1000;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me * 7 % 5;
          acc = (v > acc ? v : acc);
        }
      check("max int on t(lo:hi)", is_member ? (double)acc : (double)(me * 7 % 5), (double)v10);
    }
    {
      double acc = -1e9;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          double v = -(double)me * me + 4 * me;
          acc = (v > acc ? v : acc);
        }
      check("max double on t(lo:hi)", is_member ? (double)acc : (double)(-(double)me * me + 4 * me), (double)v11);
    }
    {
      int acc = 1000;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          int v = me * 7 % 5 - 3;
          acc = (v < acc ? v : acc);
        }
      check("min int on t(lo:hi)", is_member ? (double)acc : (double)(me * 7 % 5 - 3), (double)v12);
    }
    {
      double acc = 1e9;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          double v = (double)me * me - 4.5 * me;
          acc = (v < acc ? v : acc);
        }
      check("min double on t(lo:hi)", is_member ? (double)acc : (double)((double)me * me - 4.5 * me), (double)v13);
    }
    {
      double best = -1, worst = 1e9;
      int at = -1, wat = -1;
      for (int me = 1; me <= n; me++)
        if (owns(me)) {
          double v = me * 37 % 11;
          if (v > best)
            best = v, at = 100 * me;
          if (v < worst)
            worst = v, wat = 100 * me;
        }
      check("max/loc value on t(lo:hi)", is_member ? best : me * 37 % 11, lv);
      check("max/loc location on t(lo:hi)", is_member ? at : 100 * me, lloc);
      check("min/loc value on t(lo:hi)", is_member ? worst : me * 37 % 11, nv);
      check("min/loc location on t(lo:hi)", is_member ? wat : 100 * me, nloc);
    }
  }
#pragma xmp reduction(+:wrong)
  if (me == 1)
    printf("reduction on subsets: %d checked, %d wrong\n", checked, wrong);
  return 0;
}
