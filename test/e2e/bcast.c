// bcast of scalars, a local array and a struct, from the first node, from a
// named node (round and square references), and on a 2-D node array.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: bcast: 0 wrong
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp nodes q(*, 1)

struct pair { int a; double b; };

int main(void) {
  int me = xmp_node_num(), n = xmp_num_nodes();
  long wrong = 0;
  int x = me * 10;
  double y[3] = {me, me + 0.5, -me};
  struct pair s = {me, me * 2.0};
#pragma xmp bcast (x, y)
  wrong += x != 10 || y[0] != 1 || y[1] != 1.5 || y[2] != -1;
  x = me * 10;
#pragma xmp bcast (x) from p(n)
  wrong += x != n * 10;
  s.a = me;
  s.b = me * 2.0;
#pragma xmp bcast (s) from p[n - 1] on p
  wrong += s.a != n || s.b != n * 2.0;
  x = me;
  /* q is n x 1 in Fortran order: q(n, 1) is the last node. */
#pragma xmp bcast (x) from q(n, 1) on q
  wrong += x != n;
#pragma xmp reduction(+:wrong)
  if (me == 1)
    printf("bcast: %ld wrong\n", wrong);
  return 0;
}
