// The C expressions a directive may hold, checked by Clang where the
// directive stands (SemaExpr.cpp) and then compiled by the C compiler of the
// generated program: casts (to a type keyword, a typedef, a typedef of a
// negated operand, pointers), sizeof, calls (one with a string literal: the
// plugin crashed on it), members, enumerators, the conditional operator,
// comparisons and logic, macros, a parameter and a local variable.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: mpicc -I%runtime_include -fsyntax-only -Wall -Wextra -Werror -Wno-unused-parameter %t/directive-expressions.xmp.c
// RUN: FileCheck %s < %t/directive-expressions.xmp.c
#include <stddef.h>
#include <string.h>
#include <xmp.h>
#define N 16
#define HALF(x) ((x) / 2)
typedef long index_t;
enum { WIDTH = 1 };
struct config {
  int n;
  int widths[2];
} cfg = {N, {1, 1}};
const struct config *pcfg = &cfg;
double a[N], b[N];
#pragma xmp nodes p(*)
// CHECK: {(0)}, (const long[]){((index_t)N - 1)}
#pragma xmp template t(0:(index_t)N - 1)
#pragma xmp template t2(0:sizeof(double) * 2 - 1)
#pragma xmp template t3(0:(size_t)(N) - 1)
#pragma xmp template t4(0:cfg.n > 0 ? cfg.n - 1 : 0)
#pragma xmp template t5(0:HALF(N) + HALF(N) - 1)
#pragma xmp template t6(0:pcfg->widths[0] + N - 2)
#pragma xmp template t7(0:(int)sizeof cfg.widths / (int)sizeof cfg.widths[0] - 1)
#pragma xmp template t8(0:(int)strlen("abcdefgh") - 1)
#pragma xmp template t9(0:(int)sizeof(index_t *) + ((index_t *)0 == 0) - 1)
#pragma xmp template t10(0:(pcfg != (const struct config *)0) + N - 2)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute t2(cyclic(WIDTH)) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp shadow b[(index_t)-1 + 2]

static int twice(int v) { return 2 * v; }

void f(int m) {
  int k = m;
#pragma xmp task on p((k == 1 && m >= 1 ? 1 : (index_t)-1 + 2))
  b[0] = k;
#pragma xmp reflect (b) width(!m + WIDTH - (m != 2)) async(twice(m))
#pragma xmp wait_async(twice(m))
}

int main(void) {
  f(1);
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = b[i];
  return 0;
}
