// REQUIRES: gdb
// Debugging: `break main` stops in the user's main at its line, and the
// distributed array is read by its own name and global indices through
// runtime/gdb/xmp-gdb.py (xmp print, $xmp, xmp info); an element the node
// does not store is an error naming what it stores.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %xmpcc -g -O0 %s -o prog
// RUN: env OMPI_MCA_ess_singleton_isolated=1 gdb -batch -nx -ex "source %xmp_gdb" -ex "break main" -ex "break gdb-arrays.c:32" -ex run -ex continue -ex "xmp print u[5][3]" -ex "xmp print u[j+7][j-1]" -ex 'print $xmp("u", 11, 2) + 1' -ex "xmp print u[20][0]" -ex "xmp info u" ./prog 2>&1 | FileCheck %s
// CHECK: Breakpoint 1, main () at {{.*}}gdb-arrays.c:[[#MAIN:]]
// CHECK: u[5][3] = 53
// CHECK-NEXT: u[11][3] = 113
// CHECK-NEXT: $1 = 113
// CHECK-NEXT: u[20][0] is not on this node: it stores -1:12 of dimension 0
// CHECK-NEXT: u dimension 0: -1:12
// CHECK-NEXT: u dimension 1: 0:3
#include <stdio.h>
#define N 12
#define M 4
double u[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i][*] with t(i)
#pragma xmp shadow u[1][0]

int main(void) {
  int j = 4;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++)
      u[i][k] = 10 * i + k;
  printf("done %d\n", j);
  return 0;
}
