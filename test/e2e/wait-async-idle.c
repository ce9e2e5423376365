// wait_async on an id with nothing pending does nothing (XMP 1.4): an id
// never used, one already waited for, and the ids of bcast and reduction
// (which complete at once); an exchange started under an id is still
// completed by its wait. Checked against the serial values at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: wait_async: halo wrong 0 v 10 s [[S:[0-9]+]] reference [[S]]
#include <stdio.h>
#include <xmp.h>
#define N 21
#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p
int a[N];
#pragma xmp align a[i] with t[i]
#pragma xmp shadow a[1]

int main(void) {
#pragma xmp wait_async (42)
#pragma xmp loop on t[i]
  for (int i = 0; i < N; i++)
    a[i] = 7 * i;
#pragma xmp reflect (a) width(/periodic/1:1) async(1)
#pragma xmp wait_async (1)
#pragma xmp wait_async (1)
  int wrong = 0, v = xmpc_node_num() == 0 ? 10 : -1, s = 0;
#pragma xmp loop on t[i] reduction(+:wrong)
  for (int i = 0; i < N; i++)
    wrong += a[i - 1] != 7 * ((i - 1 + N) % N) || a[i + 1] != 7 * ((i + 1) % N);
#pragma xmp bcast (v) async(2)
#pragma xmp wait_async (2, 43)
  s = xmpc_node_num() + 1;
#pragma xmp reduction (+:s) async(3)
#pragma xmp wait_async (3)
  printf("wait_async: halo wrong %d v %d s %d reference %d\n", wrong, v, s,
         xmp_num_nodes() * (xmp_num_nodes() + 1) / 2);
  return 0;
}
