// Run-time errors of reflect_init / reflect_do, one message naming the
// directive: a reflect_do whose reflect_init was not executed (the compiler
// checks source order only), and `acc` on an array that is not replicated (in
// a function another file could call inside a device region; in main it is a
// compile-time error, test/frontend/errors/acc.c).
// RUN: %xmpcc --gpu=none %s -o %t
// RUN: not %mpirun -np 2 %t noinit 2>&1 | FileCheck %s --check-prefix=NOINIT
// RUN: not %mpirun -np 2 %t acc 2>&1 | FileCheck %s --check-prefix=ACC
// NOINIT: xmpcc runtime: {{.*}}reflect-plan-errors.c:31: 'reflect_do (u)': reflect_do of array 'u' without a reflect_init of it
// NOINIT-NOT: xmpcc runtime
// ACC: xmpcc runtime: {{.*}}reflect-plan-errors.c:23: 'reflect_init (u) acc': reflect_init of array 'u' with 'acc': the array is not replicated on the device ('device replicate')
// ACC-NOT: xmpcc runtime
#include <string.h>
#define N 12
double u[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[1]

void init_acc(void) {
#pragma xmp reflect_init (u) acc
}

int main(int argc, char **argv) {
  int noinit = argc > 1 && strcmp(argv[1], "noinit") == 0;
  if (!noinit) {
#pragma xmp reflect_init (u)
  }
#pragma xmp reflect_do (u)
  if (!noinit)
    init_acc();
  return 0;
}
