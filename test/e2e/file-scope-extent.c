// File-scope arrays sized by file-scope `int` variables (`int n = 12; int
// a[n];`, as Omni XMP accepts them), aligned and not, some declared in the
// same declaration as their extent. Serial values: sa = sum of i*i*(i%6+1)
// over 0..11 = 2156; sb = sum of (i + 0.5j) over 12 x 5 = 390.0; w has 6
// elements.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: n 12 w 6 sa 2156 sb 390.0 c 24
#include <stdio.h>
#include <xmp.h>

int n = 12;
int m = 5, a[n], i, w[m + 1];
double b[n][m], c[2 * n];
#pragma xmp nodes p[*]
#pragma xmp template t[n]
#pragma xmp distribute t[cyclic] onto p
#pragma xmp align a[j] with t[j]
#pragma xmp align b[j][*] with t[j]

int main(void) {
  long sa = 0;
  double sb = 0;
  for (int j = 0; j <= m; j++)
    w[j] = j + 1;
  for (int j = 0; j < 2 * n; j++)
    c[j] = 1;
#pragma xmp loop on t[i]
  for (i = 0; i < n; i++) {
    a[i] = i * i;
    for (int j = 0; j < m; j++)
      b[i][j] = i + 0.5 * j;
  }
#pragma xmp loop on t[i] reduction(+:sa, sb)
  for (i = 0; i < n; i++) {
    sa += a[i] * w[i % (m + 1)];
    for (int j = 0; j < m; j++)
      sb += b[i][j];
  }
  double sc = 0;
  for (int j = 0; j < 2 * n; j++)
    sc += c[j];
#pragma xmp task on p[0]
  printf("n %d w %d sa %ld sb %.1f c %.0f\n", n, (int)(sizeof w / sizeof w[0]), sa, sb, sc);
  return 0;
}
