// XMP_COMM_REPORT=1: after the measuring window of each exchange, one line
// per transfer with its face shape and size, the measured time of each
// candidate path and the chosen one. Forced paths (XMP_COMM=mpi, direct) and
// a subcluster cut between nodes 1 and 2 (MPI is their only path); auto
// measures both paths on every face inside the host.
// RUN: %xmpcc %s -o %t
// The report goes to stderr, the sum to stdout: mpirun forwards them through
// separate pipes, so their relative order is checked for neither.
// RUN: env XMP_COMM=mpi XMP_COMM_REPORT=1 %mpirun -np 2 %t 2>&1 >%t.mpi.out | FileCheck %s --check-prefix=MPI
// RUN: FileCheck %s --check-prefix=SUM < %t.mpi.out
// RUN: env XMP_COMM=direct XMP_COMM_REPORT=1 %mpirun -np 2 %t 2>&1 >%t.direct.out | FileCheck %s --check-prefix=DIRECT
// RUN: FileCheck %s --check-prefix=SUM < %t.direct.out
// RUN: env XMP_COMM=direct XMP_COMM_REPORT=1 XMP_SUBCLUSTER_SIZE=2 %mpirun -np 4 %t 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: env XMP_COMM_REPORT=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: env XMP_COMM=mpi %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=QUIET
// At the end, per rank, the summary of every exchange and collective site (XMP_COMM=mpi:
// every face and step over MPI), also for sites whose window ended.
// RUN: env XMP_COMM=mpi XMP_COMM_REPORT=1 %mpirun -np 2 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// The receivers' lines, in node order, after the window of each exchange.
// MPI: reflect-report.c:{{[0-9]+}}: 'reflect (u)': comm: array 'u' dimension 0, node 1 -> node 0 (down): contiguous, 1 run of 80 B (80 B); mpi {{[0-9.]+}} us: mpi
// MPI-NEXT: 'reflect (u)': comm: array 'u' dimension 0, node 0 -> node 1 (up): contiguous, 1 run of 80 B (80 B); mpi {{[0-9.]+}} us: mpi
// MPI-NEXT: 'reflect (c)': comm: array 'c' dimension 1, node 1 -> node 0 (down): stride, 6 runs of 4 B (24 B); mpi {{[0-9.]+}} us: mpi
// MPI-NEXT: 'reflect (c)': comm: array 'c' dimension 1, node 0 -> node 1 (up): stride, 6 runs of 4 B (24 B); mpi {{[0-9.]+}} us: mpi
// MPI-NOT: comm:
// DIRECT: 'reflect (u)': comm: array 'u' dimension 0, node 1 -> node 0 (down): contiguous, 1 run of 80 B (80 B); direct {{[0-9.]+}} us: direct
// DIRECT-NEXT: 'reflect (u)': comm: array 'u' dimension 0, node 0 -> node 1 (up): contiguous, 1 run of 80 B (80 B); direct {{[0-9.]+}} us: direct
// DIRECT-NEXT: 'reflect (c)': comm: array 'c' dimension 1, node 1 -> node 0 (down): stride, 6 runs of 4 B (24 B); direct {{[0-9.]+}} us: direct
// DIRECT-NEXT: 'reflect (c)': comm: array 'c' dimension 1, node 0 -> node 1 (up): stride, 6 runs of 4 B (24 B); direct {{[0-9.]+}} us: direct
// DIRECT-NOT: comm:
// SUM: sum 60466
// SUB-DAG: (u)': comm: array 'u' dimension 0, node 0 -> node 1 (up): {{.*}}; direct {{[0-9.]+}} us: direct
// SUB-DAG: (u)': comm: array 'u' dimension 0, node 1 -> node 2 (up): {{.*}}; mpi {{[0-9.]+}} us: mpi
// SUB-DAG: (u)': comm: array 'u' dimension 0, node 2 -> node 1 (down): {{.*}}; mpi {{[0-9.]+}} us: mpi
// SUB-DAG: (u)': comm: array 'u' dimension 0, node 3 -> node 2 (down): {{.*}}; direct {{[0-9.]+}} us: direct
// AUTO: 'reflect (u)': comm: array 'u' dimension 0, node 0 -> node 1 (up): contiguous, 1 run of 80 B (80 B); mpi {{[0-9.]+}} us, direct {{[0-9.]+}} us: {{mpi|direct}}
// AUTO: 'reflect (c)': comm: array 'c' dimension 1, node 1 -> node 0 (down): stride, 6 runs of 4 B (24 B); mpi {{[0-9.]+}} us, direct {{[0-9.]+}} us: {{mpi|direct}}
// QUIET-NOT: comm:
// QUIET: sum 60466
// QUIET-NOT: comm summary
// SUMMARY: xmpcc runtime: comm summary: per rank of MPI_COMM_WORLD,
// SUMMARY-NEXT: reflect-report.c:{{[0-9]+}}: 'reflect (u)': comm summary: rank 0: halo of array 'u' dimension 0 on 2 nodes: 8 executions, {{[0-9.]+}} {{u|m}}s total, {{[0-9.]+}} {{u|m}}s mean, 160 B of faces per execution; mpi 16 faces, {{[0-9.]+}} {{u|m}}s total, {{[0-9.]+}} {{u|m}}s mean{{$}}
// SUMMARY-NEXT: comm summary: rank 0: allreduce on 2 nodes: 8 calls, {{.*}}, 8 B per call; mpi 8 steps, {{.*}} mean{{$}}
// SUMMARY-NEXT: 'reflect (c)': comm summary: rank 0: halo of array 'c' dimension 1 on 2 nodes: 8 executions, {{.*}}, 48 B of faces per execution; mpi 16 faces, {{.*}} mean{{$}}
// SUMMARY-NEXT: 'reflect (u)': comm summary: rank 1: halo of array 'u' dimension 0 on 2 nodes: 8 executions, {{.*}}; mpi 16 faces,
// SUMMARY-NEXT: comm summary: rank 1: allreduce on 2 nodes: 8 calls, {{.*}}; mpi 8 steps,
// SUMMARY-NEXT: 'reflect (c)': comm summary: rank 1: halo of array 'c' dimension 1 on 2 nodes: 8 executions, {{.*}}; mpi 16 faces,
// SUMMARY-NOT: comm summary
#include <stdio.h>
#include <xmp.h>
#define N 16
#define M 10
double u[N][M];
int c[6][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i][*] with t(i)
#pragma xmp align c[*][j] with t(j)
#pragma xmp shadow u[1][0]
#pragma xmp shadow c[0][1]

int main(void) {
  /* Each step adds 210 + 28 step (i = 1..14 of u[i-1][0] + u[i+1][0] = 2i + 2 step) to the sum
   * both nodes carry in: s = 2 s + 210 + 28 step over 8 steps gives 60466. */
  double sum = 0;
  for (int step = 0; step < 8; step++) {
#pragma xmp loop on t(i)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        u[i][j] = i + j + step;
#pragma xmp reflect (u)
#pragma xmp loop on t(i) reduction(+:sum)
    for (int i = 1; i < N - 1; i++)
      sum += u[i - 1][0] + u[i + 1][0];
  }
  for (int step = 0; step < 8; step++) {
#pragma xmp loop on t(j)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < 6; i++)
        c[i][j] = i * j + step;
#pragma xmp reflect (c)
  }
  if (xmp_node_num() == 1)
    printf("sum %.0f\n", sum);
  return 0;
}
