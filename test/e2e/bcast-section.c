// bcast of array sections (Omni accepts them): a strided 2-D section from the
// first node together with a scalar, and a 1-D section from the last node;
// every element inside the section is the source's, every element outside is
// untouched, at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: PASS bad=0
// RUN: %xmpcc -emit-mlir %s | FileCheck %s --check-prefix=MLIR
// MLIR: xmp.bcast ["a", "s"] from [] sections [{elem = "double", extents = array<i64: 6, 8>, lb = ["1", "0"], len = ["3", "4"], st = ["1", "2"]}, {}]
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(*)
int main(void) {
  double a[6][8];
  int v[10], s = 0;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 8; j++)
      a[i][j] = xmp_node_num() == 1 ? 100 * i + j : -1;
  for (int i = 0; i < 10; i++) v[i] = xmp_node_num() == xmp_num_nodes() ? i * i : -1;
  s = xmp_node_num() == 1 ? 42 : 0;
#pragma xmp bcast (a[1:3][0:4:2], s)
#pragma xmp bcast (v[2:5]) from p(xmp_num_nodes())
  long bad = 0;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 8; j++) {
      int in = i >= 1 && i <= 3 && j % 2 == 0 && j <= 6;
      double want = xmp_node_num() == 1 || in ? 100 * i + j : -1;
      bad += a[i][j] != want;
    }
  for (int i = 0; i < 10; i++) {
    int want = xmp_node_num() == xmp_num_nodes() || (i >= 2 && i < 7) ? i * i : -1;
    bad += v[i] != want;
  }
  bad += s != 42;
#pragma xmp reduction (+:bad)
  if (xmp_node_num() == 1) printf("%s bad=%ld\n", bad ? "ERROR" : "PASS", bad);
  return bad != 0;
}
