// Full shadows on two cyclic dimensions of a 2-D node array (round brackets,
// permuted align): reflect gathers every element on every node; compared with
// the owners' values computed serially. 7 x 6 elements, uneven cyclic(2).
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: 0 wrong
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(2,*)
#pragma xmp template t(0:5,0:6)
#pragma xmp distribute t(cyclic(2),cyclic) onto p
double a[7][6];
#pragma xmp align a[i][j] with t(j,i)
#pragma xmp shadow a[*][*]

int main(void) {
  int i, j, wrong = 0;
#pragma xmp loop (i,j) on t(j,i)
  for (i = 0; i < 7; i++)
    for (j = 0; j < 6; j++)
      a[i][j] = i * 0.5 + j * 100;
#pragma xmp reflect (a)
  for (i = 0; i < 7; i++)
    for (j = 0; j < 6; j++)
      if (a[i][j] != i * 0.5 + j * 100) {
        printf("MISMATCH node %d a[%d][%d] = %g\n", xmpc_node_num(), i, j, a[i][j]);
        wrong++;
      }
#pragma xmp reduction(+:wrong)
  if (xmpc_node_num() == 0)
    printf("%d wrong\n", wrong);
  return 0;
}
