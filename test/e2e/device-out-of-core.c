// Device loops out of core: XMP_DEV_MEM_LIMIT at about a quarter of each node's replicated
// data (the limit is per node: 54000 bytes of 217 KB on one node, 14400 of 58 KB on four), so
// every loop streams chunks of rows through a pool that holds a quarter of its arrays. The
// program: a 2-D five-point stencil whose shadow rows come by reflect_do ... acc between the
// steps, weighted by a coefficient array whose rows lie in its second dimension (two planes,
// `align [*][i][j]`: the chunks' windows pack both planes and the kernel's layout follows),
// a plain array read whole, a sum, a max and an integer count reduced over the nodes, the copy
// back, and a loop that writes only some elements of its rows (the rest must survive the
// write-back). Arrays and reductions equal a serial computation on every node, exactly (values
// with few significant bits; the sum to 1e-12 relative, as its order differs), at 1-4 nodes with uneven blocks (70 rows). The same runs
// without the limit are the in-core reference of the same program.
// RUN: %xmpcc --gpu=none -O2 %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: env XMP_DEV_MEM_LIMIT=54000 XMP_DEV_TRACE=1 %mpirun -np 1 %t 2> %t.err1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=OOC < %t.err1
// RUN: env XMP_DEV_MEM_LIMIT=27400 %mpirun -np 2 %t | FileCheck %s
// RUN: env XMP_DEV_MEM_LIMIT=19000 XMP_DEV_TRACE=1 %mpirun -np 3 %t 2> %t.err3 | FileCheck %s
// RUN: FileCheck %s --check-prefix=OOC < %t.err3
// RUN: env XMP_DEV_MEM_LIMIT=14400 %mpirun -np 4 %t | FileCheck %s
// RUN: env XMP_DEV_MEM_LIMIT=14400 XMP_DEV_EXECUTOR=direct %mpirun -np 4 %t | FileCheck %s
// A limit below what one iteration's rows need is an error naming it:
// RUN: env XMP_DEV_MEM_LIMIT=8000 not %mpirun -np 1 %t 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: env XMP_DEV_MEM_LIMIT=12Q not %mpirun -np 1 %t 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: out of core: 0 wrong of 20160, sums 0 wrong
// OOC: note: the replicated arrays ({{[0-9]+}} bytes) need more than the device memory device loops may use ({{[0-9]+}} bytes, XMP_DEV_MEM_LIMIT): device loops run out of core
// OOC: trace: out of core: {{[0-9]+}} chunks of {{[0-9]+}} iterations ({{[0-9]+}} resident), loaded
// OOC: device-out-of-core.c:[[#]]: 'device loop (j, i) on t(j, i) reduction(+:s) reduction(max:mx) reduction(+:count)': trace: out of core: 6 executions
// SMALL: one iteration's rows take {{[0-9]+}} bytes
// SMALL-SAME: more than half the {{[0-9]+}} bytes of device memory the loop may use
// BAD: environment variable XMP_DEV_MEM_LIMIT='12Q' is invalid: accepted values are sizes in bytes
#include <stdio.h>
#include <xmp.h>
#define N 70
#define M 96
#define STEPS 6

double a[N][M], b[N][M], c[2][N][M], w[M];
double ra[N][M], rb[N][M], rc[2][N][M]; /* the serial reference, on every node */
#pragma xmp nodes p(*)
#pragma xmp template t(0:M-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: a, b
#pragma xmp align [*][i][j] with t(j, i) :: c
#pragma xmp shadow a[1][0]

static double a0(int i, int j) { return (double)((i * 7 + j * 3) % 13) * 0.125; }
static double c0(int q, int i, int j) { return (double)((q * 5 + i + j * 11) % 4) * 0.25; }

int main(void) {
  int i, j;
  for (j = 0; j < M; j++)
    w[j] = (j % 3) * 0.5;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      ra[i][j] = a0(i, j);
      rb[i][j] = 0;
      rc[0][i][j] = c0(0, i, j);
      rc[1][i][j] = c0(1, i, j);
    }
#pragma xmp loop (j, i) on t(j, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      a[i][j] = a0(i, j);
      b[i][j] = 0;
      c[0][i][j] = c0(0, i, j);
      c[1][i][j] = c0(1, i, j);
    }
  double s = 0, mx = 0, rs = 0, rmx = 0;
  int count = 0, rcount = 0, sums_wrong = 0;
#pragma xmp device replicate (a, b, c, w)
  {
#pragma xmp device replicate_sync in (a, b, c, w)
#pragma xmp reflect_init (a) acc
    for (int step = 0; step < STEPS; step++) {
#pragma xmp reflect_do (a) acc
      s = 0;
      mx = 0;
      count = 0;
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s) reduction(max:mx) reduction(+:count)
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++) {
          b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * c[0][i][j] +
                    c[1][i][j] * w[j];
          s += b[i][j] * b[i][j];
          mx = b[i][j] > mx ? b[i][j] : mx;
          count += b[i][j] > 1.0;
        }
#pragma xmp device loop (j, i) on t(j, i)
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++)
          a[i][j] = b[i][j] * 0.5;
      /* the serial reference of the step */
      rs = 0, rmx = 0, rcount = 0;
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++) {
          rb[i][j] = 0.25 * (ra[i - 1][j] + ra[i + 1][j] + ra[i][j - 1] + ra[i][j + 1]) *
                         rc[0][i][j] +
                     rc[1][i][j] * w[j];
          rs += rb[i][j] * rb[i][j];
          rmx = rb[i][j] > rmx ? rb[i][j] : rmx;
          rcount += rb[i][j] > 1.0;
        }
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++)
          ra[i][j] = rb[i][j] * 0.5;
      /* the sum's order differs (chunks, nodes): 1e-12 relative; max and count exact */
      double ds = s > rs ? s - rs : rs - s;
      sums_wrong += ds > 1e-12 * rs || mx != rmx || count != rcount;
    }
    /* rows written in part: every other column of c's second plane, in place */
#pragma xmp device loop (j, i) on t(j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j += 2)
        b[i][j] = b[i][j] + c[1][i][j];
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j += 2)
        rb[i][j] = rb[i][j] + rc[1][i][j];
#pragma xmp device replicate_sync out (a, b)
  }
  int wrong = 0, checked = 0;
#pragma xmp loop (j, i) on t(j, i) reduction(+:wrong, checked)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      wrong += a[i][j] != ra[i][j] || b[i][j] != rb[i][j];
      wrong += c[0][i][j] != rc[0][i][j] || c[1][i][j] != rc[1][i][j];
      checked += 3;
    }
  if (xmp_node_num() == 1)
    printf("out of core: %d wrong of %d, sums %d wrong\n", wrong, checked, sums_wrong);
  return 0;
}
