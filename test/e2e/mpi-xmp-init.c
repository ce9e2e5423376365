// An MPI program that runs XMP code, as Omni XMP allows: it calls MPI_Init,
// xmp_init(MPI_COMM_WORLD), procedures with directives (here and in another
// file), xmp_finalize() and MPI_Finalize() itself; xmpcc leaves its main
// unwrapped and the runtime neither starts nor ends MPI. mpi.h is found by
// the translation as by mpicc. Serial values: the sum of 1..100 is 5050; the
// task on the last node sees node 1 of 1 (101).
// RUN: rm -rf %t.c && %xmpcc --emit-c %t.c %s
// RUN: grep -v "^// " %t.c/mpi-xmp-init.xmp.c > %t.body
// RUN: not grep -q "xmp_rt_init\|xmp_rt_finalize" %t.body
// RUN: %xmpcc %s %S/Inputs/mpi-xmp-sub.c -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: sum 5050 task 101 after 1
// CHECK-NOT: sum
#include "mpi.h"
#include <stdio.h>
#include "xmp.h"

int mpi_xmp_sub(void);

#define N 100
long v[N];
#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p
#pragma xmp align v[i] with t[i]

static long xmp_sum(void) {
  long s = 0;
#pragma xmp loop on t[i]
  for (int i = 0; i < N; i++)
    v[i] = i + 1;
#pragma xmp loop on t[i] reduction(+:s)
  for (int i = 0; i < N; i++)
    s += v[i];
  return s;
}

int main(int argc, char **argv) {
  int rank, one = 1, all = 0;
  MPI_Init(&argc, &argv);
  xmp_init(MPI_COMM_WORLD);
  long s = xmp_sum();
  int task = mpi_xmp_sub();
  xmp_finalize();
  // MPI is still the program's after xmp_finalize.
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0)
    printf("sum %ld task %d after %d\n", s, task, all);
  MPI_Finalize();
  return 0;
}
