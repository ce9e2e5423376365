// OpenACC as plain OpenACC programs write it, in an XcalableACC program: loop
// constructs without `#pragma xmp loop` over ordinary arrays (every node runs
// the whole range, its reductions its own), collapse(2), the implicit copy of
// an array no clause names, `if` true (devices) and false (the host thread,
// over the host copies), `update ... if`, subarrays that are whole arrays,
// and `host_data use_device`, whose address receives a row copied by the
// CUDA runtime (host memory without a GPU) that the next loop reads; then a
// distributed loop reading an ordinary array the OpenACC loop computed.
// Checked against a serial computation at 1-4 nodes.
// RUN: %xmpcc --gpu=none -fopenacc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: env XMP_DEV_EXECUTOR=direct XMP_CPU_WEIGHT=0 XMP_BALANCE=fixed %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: env XMP_CPU_WEIGHT=0.5 XMP_BALANCE=fixed %mpirun -np 3 %t | FileCheck %s
// CHECK: xacc-openacc: 0 wrong of 70, sum [[S:[0-9.-]+]] reference [[S]], max [[M:[0-9.-]+]] reference [[M]], distributed [[D:[0-9.-]+]] reference [[D]]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xmp.h>
#define N 23
#define M 5
double x[N][M], y[N], z[N], d[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: d

// Bytes into a device copy's address (host memory where the program has no GPU).
#ifdef XMP_GPU_CUDA
extern int cudaMemcpy(void *dst, const void *src, size_t bytes, int kind);
static void put(void *dst, const void *src, size_t bytes) {
  if (cudaMemcpy(dst, src, bytes, 4 /* cudaMemcpyDefault */) != 0)
    abort();
}
#else
static void put(void *dst, const void *src, size_t bytes) { memcpy(dst, src, bytes); }
#endif

static double f(int i, int j) { return (i * 5 + j * 7) % 13 - 0.5 * j; }
static int tick(int *count) { return ++*count; }

int main(void) {
  int i, j, n = N, wrong = 0, checked = 0, ticks = 0;
  double s = 0, m = -1e9, sd = 0, row[M], zz[N];
  double rx[N][M], ry[N], rz[N], rs = 0, rm = -1e9, rd = 0;
  for (j = 0; j < M; j++)
    row[j] = 100 + j;
  // The serial reference.
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      rx[i][j] = 2 * f(i, j) + j;
  memcpy(rx[0], row, sizeof row);
  for (i = 0; i < N; i++) {
    ry[i] = 0;
    for (j = 0; j < M; j++)
      ry[i] += rx[i][j];
    rs += ry[i];
    rm = ry[i] > rm ? ry[i] : rm;
    rz[i] = 0.5 * ry[i] + 1;
    rd += ry[i] + i;
  }

  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      x[i][j] = f(i, j);
#pragma acc data copyin(x[0:N][0:M]) copyout(y[:]) create(z)
  {
#pragma acc parallel loop collapse(2) vector_length(64)
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        x[i][j] = 2 * x[i][j] + j;
#pragma acc host_data use_device(x)
    {
      put(x[0], row, sizeof row);
    }
#pragma acc parallel loop reduction(+:s) reduction(max:m) if(n > 10)
    for (i = 0; i < n; i++) {
      double t = 0;
#pragma acc loop seq
      for (j = 0; j < M; j++)
        t += x[i][j];
      y[i] = t;
      s += t;
      m = t > m ? t : m;
      z[i] = 0.5 * t;
    }
#pragma acc kernels loop if(n > 100)
    for (i = 0; i < N; i++)
      z[i] += 1;
#pragma acc update host(z) if(n > 10)
    memcpy(zz, z, sizeof zz);
    // Both ways under one condition, evaluated once (it counts its calls).
#pragma acc update self(z) device(z) if(tick(&ticks) > 0)
  }
  wrong += ticks != 1;
  checked++;
  for (i = 0; i < N; i++, checked += 2) {
    wrong += y[i] != ry[i];
    wrong += zz[i] != rz[i];
  }
  // (x was copyin: its host values are unspecified now, as in OpenACC, where
  // the CPU workers' part wrote them in place.)

  // A distributed loop over y, which the OpenACC loop computed.
#pragma acc data copy(d)
  {
#pragma xmp loop (i) on t(i) reduction(+:sd)
#pragma acc parallel loop
    for (i = 0; i < N; i++) {
      d[i] = y[i] + i;
      sd += d[i];
    }
  }
#pragma xmp loop (i) on t(i) reduction(+:wrong)
  for (i = 0; i < N; i++)
    wrong += d[i] != ry[i] + i;
  checked += N;
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("xacc-openacc: %d wrong of %d, sum %.2f reference %.2f, max %.2f reference %.2f, "
           "distributed %.2f reference %.2f\n",
           wrong, checked, s, rs, m, rm, sd, rd);
  return 0;
}
