// Coarrays across files: defined here (one of them static, whose runtime
// object stays this file's), declared `extern` with the same codimensions in
// Inputs/coarray-other.c, which reads, writes and copies them on other
// images; compiled apart and linked. Checked against closed forms at 1-4
// images.
// RUN: rm -rf %t && mkdir %t
// RUN: %xmpcc -c %s -o %t/main.o
// RUN: %xmpcc -c %S/Inputs/coarray-other.c -o %t/other.o
// RUN: %xmpcc %t/main.o %t/other.o -o %t/prog
// RUN: %mpirun -np 1 %t/prog | FileCheck %s
// RUN: %mpirun -np 2 %t/prog | FileCheck %s
// RUN: %mpirun -np 3 %t/prog | FileCheck %s
// RUN: %mpirun -np 4 %t/prog | FileCheck %s
// CHECK: coarray-multi-file: 0 wrong
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p[*]
int a[4]:[*];
double w[2][3]:[*];
static int mine[2]:[*]; // the other file has its own `mine`
int peek(int img, int i);
void shift(void);
int other_mine(int img);

int main(void) {
  int me = xmpc_this_image(), n = xmp_num_images(), right = (me + 1) % n, wrong = 0;
  for (int i = 0; i < 4; i++)
    a[i] = 10 * me + i;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      w[i][j] = 100 * me + 10 * i + j;
  mine[0] = -me;
  xmp_sync_all(NULL);
  wrong += peek(right, 2) != 10 * right + 2;
  wrong += mine[0]:[right] != -right;
  wrong += other_mine(right) != 1000 + right;
  xmp_sync_all(NULL);
  shift(); // w[1][:] of the right image := a[0:3] of this one
  xmp_sync_all(NULL);
  int left = (me + n - 1) % n;
  for (int j = 0; j < 3; j++)
    wrong += w[1][j] != 10 * left + j || w[0][j] != 100 * me + j;
#pragma xmp reduction (+:wrong)
  if (me == 0)
    printf("coarray-multi-file: %d wrong\n", wrong);
  return 0;
}
