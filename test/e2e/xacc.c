// XcalableACC programs as they are written: OpenACC data regions (copyin,
// copyout, create, copy) on distributed and plain arrays, reflect of the
// device copies, `xmp loop` + `acc parallel loop` / `kernels loop` with
// present, async and wait, a loop construct's own `copy(a)` on a distributed
// array outside any region, `enter data` ... `exit data` (and an `enter data`
// that its block's end releases), `update host/device`, and reductions under both
// rules: an OpenACC loop's reduction is per node (`reduction ... acc` then
// combines the nodes), an `xmp loop`'s combines the nodes itself. Checked
// against a serial computation at 1-4 nodes, 29 rows (uneven blocks), on CPU
// workers here.
// RUN: %xmpcc --gpu=none -fopenacc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: env XMP_CPU_WEIGHT=0.5 XMP_BALANCE=fixed %mpirun -np 3 %t | FileCheck %s
// CHECK: xacc: 0 wrong of 377, sums [[S:[0-9.]+]] [[S]] [[S]] reference [[S]], max [[M:[0-9.]+]] reference [[M]]
#include <stdio.h>
#include <xmp.h>
#define N 29
#define M 6

double a[N][M], b[N][M], c[N][M];
double q[M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i][*] with t(i) :: a, b, c
#pragma xmp shadow a[1][0]

static double f(int i, int j) { return (i * 7 + j * 3) % 11 + 0.5 * j; }

int main(void) {
  int i, j, np = xmp_num_nodes();
  double s_node = 0, s_all = 0, m = 0, partial = 0;
#pragma xmp loop (i) on t(i)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      a[i][j] = f(i, j);
      b[i][j] = c[i][j] = -1;
    }
  for (j = 0; j < M; j++)
    q[j] = j + 1;

#pragma acc data copyin(a) copyout(b) create(c) copy(q)
  {
    // The halo of the device copy, from the neighbours' device copies.
#pragma xmp reflect (a) acc
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop gang vector_length(128) async(1) present(a, c, q)
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < M; j++)
        c[i][j] = a[i - 1][j] + a[i + 1][j] + q[j];
#pragma acc wait(1)

    // OpenACC's rule: per node.
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop reduction(+:s_node) reduction(max:m)
    for (i = 1; i < N - 1; i++) {
#pragma acc loop vector reduction(+:s_node)
      for (j = 0; j < M; j++) {
        b[i][j] = 2 * c[i][j];
        s_node += c[i][j];
        m = c[i][j] > m ? c[i][j] : m;
      }
    }
    partial = s_node;
#pragma xmp reduction(+:s_node) acc
#pragma xmp reduction(max:m)
#pragma xmp reduction(+:partial)

    // XMP's rule: the loop's reduction combines the nodes.
#pragma xmp loop (i) on t(i) reduction(+:s_all)
#pragma acc kernels loop
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < M; j++)
        s_all += c[i][j];

    // c was created on the devices only: bring it to the host.
#pragma acc update host(c)
    // q changed on the host: to the devices, then used there.
    q[0] = 100;
#pragma acc update device(q)
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        b[i][j] += q[0];
  }

  // A loop construct's own data region: a copied to the devices and back.
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop copy(a)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      a[i][j] = 3 * a[i][j] + 1;

  // Unstructured regions: to the exit data, and to the end of the block.
#pragma acc enter data copyin(b)
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop present(b)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      b[i][j] -= 100;
#pragma acc exit data copyout(b)
  {
#pragma acc enter data copyin(c)
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        c[i][j] += 1000;
    // (Without this the host may or may not see the change: CPU workers
    // write the host array itself, as on a shared-memory OpenACC device.)
#pragma acc update host(c)
  }

  // The serial computation.
  static double ra[N][M], rb[N][M], rc[N][M];
  double rs = 0, rm = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      ra[i][j] = f(i, j);
      rb[i][j] = rc[i][j] = -1;
    }
  for (i = 1; i < N - 1; i++)
    for (j = 0; j < M; j++) {
      rc[i][j] = ra[i - 1][j] + ra[i + 1][j] + (j + 1);
      rb[i][j] = 2 * rc[i][j];
      rs += rc[i][j];
      rm = rc[i][j] > rm ? rc[i][j] : rm;
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      rb[i][j] += 100 - 100;
  for (i = 0; i < N; i++)
    ra[i][0] = 3 * ra[i][0] + 1; // (checked in column 0)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      rc[i][j] += 1000;

  long wrong = 0, checked = 0;
#pragma xmp loop (i) on t(i) reduction(+:wrong, checked)
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      wrong += (b[i][j] != rb[i][j]) + (c[i][j] != rc[i][j]);
      checked += 2;
    }
    wrong += a[i][0] != ra[i][0];
    checked++;
  }
  // The per-node sums add up to the total once: the loop did not combine them.
  if (partial != rs)
    wrong++, printf("per-node sums add up to %g, not %g (np %d)\n", partial, rs, np);
  if (xmp_node_num() == 1)
    printf("xacc: %ld wrong of %ld, sums %g %g %g reference %g, max %g reference %g\n", wrong,
           checked, s_node, s_all, partial, rs, m, rm);
  return 0;
}
