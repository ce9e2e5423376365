// File-scope arrays whose extent is a file-scope integer variable with a
// constant initializer, as Omni XMP accepts them (not ISO C): the translated C
// writes the folded extents as numbers, so that C compilers take it, aligned
// arrays become runtime storage, and the variables stay plain `int`s.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/file-scope-extent.xmp.c | FileCheck %s
// RUN: mpicc -I%runtime_include -Wall -Wextra -Werror -c %t/file-scope-extent.xmp.c -o %t/c.o
#include <stdio.h>
int n = 12;
int m = 5, a[n], i, w[m + 1];
static double b[n][m], c[n][2 * n];
const int k = 3;
int d[k];
#pragma xmp nodes p[*]
#pragma xmp template t[n]
#pragma xmp distribute t[block] onto p
#pragma xmp align a[j] with t[j]
#pragma xmp align b[j][*] with t[j]

static int local(void) {
  int v[n];
  v[0] = 1;
  return v[0];
}

int main(void) {
#pragma xmp loop on t[i]
  for (i = 0; i < n; i++)
    a[i] = w[i % (m + 1)] + (int)c[i][i] + d[0] + local();
  return 0;
}
// CHECK: int n = 12;
// CHECK-NEXT: int m = 5; int *_XMP_addr_a; xmp_rt_array_t *_XMP_desc_a; xmp_rt_layout_t _XMP_layout_a; int i; int w[5 + 1];
// CHECK-NEXT: static double *_XMP_addr_b; static xmp_rt_array_t *_XMP_desc_b; static xmp_rt_layout_t _XMP_layout_b; static double c[12][2 * 12];
// CHECK-NEXT: const int k = 3;
// CHECK-NEXT: int d[3];
// CHECK: int v[n];
// CHECK: xmp_rt_template_create(1, (const long[]){(0)}, (const long[]){((n) - 1)}, "t"
