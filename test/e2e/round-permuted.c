// Round brackets, Fortran order: nodes p(NPX,*), template t(x,y), and
// align a[y][x] with t(x,y) as in the thesis's Laplace solver. Every node
// checks its owned elements, and the global sum is compared with a serial
// computation done by every node on a plain array.
// RUN: %xmpcc -DNPX=1 %s -o %t.1 && %xmpcc -DNPX=2 %s -o %t.2
// RUN: %mpirun -np 1 %t.1 | FileCheck %s
// RUN: %mpirun -np 3 %t.1 | FileCheck %s
// RUN: %mpirun -np 2 %t.2 | FileCheck %s
// RUN: %mpirun -np 4 %t.2 | FileCheck %s
// CHECK: owned elements: 2211 wrong: 0
// CHECK-NEXT: sum = [[SUM:[0-9]+]] reference = [[SUM]]
#include <stdio.h>
#include <xmp.h>
#define NX 67
#define NY 33
long a[NY][NX];
long plain[NY][NX];
#pragma xmp nodes p(NPX, *)
#pragma xmp template t(0:NX-1, 0:NY-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align a[y][x] with t(x, y)

int main(void) {
  long sum = 0, reference = 0, owned = 0, wrong = 0;
#pragma xmp loop (y, x) on t(x, y)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      a[y][x] = 1000 * y + x;
#pragma xmp loop (y, x) on t(x, y) reduction(+:sum, owned, wrong)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      sum += a[y][x] * (x % 7 + 1);
      owned += 1;
      wrong += a[y][x] != 1000 * y + x;
    }
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      plain[y][x] = 1000 * y + x;
      reference += plain[y][x] * (x % 7 + 1);
    }
  if (xmp_node_num() == 1) {
    printf("owned elements: %ld wrong: %ld\n", owned, wrong);
    printf("sum = %ld reference = %ld\n", sum, reference);
  }
  return 0;
}
