// A program of three files: the data mapping in a shared header
// (Inputs/multi-file-grid.h: the array `extern`, nodes, template,
// distribute, align, shadow), the array defined here, loops on it in
// Inputs/multi-file-solver.c, and Inputs/multi-file-stats.c writing the
// mapping again for its `extern` array: one node array p and one template t
// for the whole program (each file's xmp_desc_of is the same). A header's
// variable named in a directive (bcast of `flag`). Compiled apart (-c) and linked, and in one
// command; checked against the serial values at 1-4 ranks (29 rows: uneven).
// RUN: rm -rf %t && mkdir %t
// RUN: %xmpcc -c %s -o %t/main.o
// RUN: %xmpcc -c %S/Inputs/multi-file-solver.c -o %t/solver.o
// RUN: %xmpcc -c %S/Inputs/multi-file-stats.c -o %t/stats.o
// RUN: %xmpcc %t/main.o %t/solver.o %t/stats.o -o %t/prog
// RUN: %xmpcc %s %S/Inputs/multi-file-solver.c %S/Inputs/multi-file-stats.c -o %t/prog1
// RUN: %mpirun -np 1 %t/prog | FileCheck %s
// RUN: %mpirun -np 2 %t/prog | FileCheck %s
// RUN: %mpirun -np 3 %t/prog | FileCheck %s
// RUN: %mpirun -np 4 %t/prog | FileCheck %s
// RUN: %mpirun -np 3 %t/prog1 | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: multi-file: sum [[S:[0-9.]+]] reference [[S]] max [[X:[0-9.]+]] reference [[X]] flag 7
#include <stdio.h>
#include <xmp.h>
#include "Inputs/multi-file-grid.h"

double u[N][M];
int flag;

int main(void) {
  init();
  double s = smooth_sum(), m = max_value();
  // The serial values.
  double r[N][M], rs = 0, rm = -1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      r[i][j] = (i * 13 + j * 5) % 11 + 0.25 * j;
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < M; j++)
      rs += (i + 1) * (r[i - 1][j] + 2 * r[i][j] + r[i + 1][j]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rm = r[i][j] * (i % 3 + 1) > rm ? r[i][j] * (i % 3 + 1) : rm;
  if (xmpc_node_num() == 0)
    flag = 7;
#pragma xmp bcast (flag)
  if (flag != 7)
    printf("MISMATCH flag %d on node %d\n", flag, xmpc_node_num());
  // The three files' p and t: one node array and one template.
  xmp_desc_t sp, st, tp, tt;
  solver_descs(&sp, &st);
  stats_descs(&tp, &tt);
  if (sp != xmp_desc_of(p) || tp != xmp_desc_of(p) || st != xmp_desc_of(t) ||
      tt != xmp_desc_of(t))
    printf("MISMATCH descriptors: p %p %p %p, t %p %p %p\n", xmp_desc_of(p), sp, tp,
           xmp_desc_of(t), st, tt);
  if (xmpc_node_num() == 0)
    printf("multi-file: sum %.3f reference %.3f max %.3f reference %.3f flag %d\n", s, rs, m, rm,
           flag);
  return 0;
}
