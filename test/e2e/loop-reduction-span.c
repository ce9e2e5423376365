// A loop's reduction on a template dimension it does not run over: by XMP 1.4
// (the loop construct), `loop (j) on t(j, *) reduction(+:s)` is the reduction
// directive `on t(js:je, *)`, so it combines the nodes of this node's row of
// the grid only: the nodes of the other rows ran the same iterations and hold
// the same partial sums, which must not be added again. Sums, max with a
// location (firstmax), a 2-D nest over both dimensions (all nodes), and a
// device loop, at 1-4 nodes in several grid shapes, against serial loops.
// RUN: %xmpcc --gpu=none -DNPX=1 %s -o %t1 && %mpirun -np 1 %t1 | FileCheck %s
// RUN: %mpirun -np 2 %t1 | FileCheck %s
// RUN: %xmpcc --gpu=none -DNPX=2 %s -o %t2 && %mpirun -np 2 %t2 | FileCheck %s
// RUN: %mpirun -np 4 %t2 | FileCheck %s
// RUN: %xmpcc --gpu=none -DNPX=3 %s -o %t3 && %mpirun -np 3 %t3 | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 4 %t1 | FileCheck %s
// CHECK: loop-reduction-span: rows [[R:[0-9]+]] reference [[R]], columns [[C:[0-9]+]] reference [[C]], max [[M:[0-9]+]] at [[I:[0-9]+]] reference [[M]] at [[I]], all [[A:[0-9]+]] reference [[A]], device [[D:[0-9]+]] reference [[D]], 0 nodes differ
#include <stdio.h>
#include <xmp.h>
#define N 19
#pragma xmp nodes p(NPX, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
double x[N], y[N];
#pragma xmp align x[j] with t(j, *)
#pragma xmp align y[i] with t(*, i)

static long f(int i) { return (i * 7) % 11 + 1; }

int main(void) {
  int i, j;
  long rows = 0, cols = 0, all = 0, dev = 0, mx = -1;
  int at = -1;
  long rr = 0, rc = 0, ra = 0, rm = -1;
  int rat = -1;
  for (i = 0; i < N; i++) {
    rr += f(i);
    rc += 2 * f(i);
    if (f(i) > rm) {
      rm = f(i);
      rat = i;
    }
    for (j = 0; j < N; j++)
      ra += f(i) * f(j);
  }
#pragma xmp loop (j) on t(j, *)
  for (j = 0; j < N; j++)
    x[j] = f(j);
#pragma xmp loop (i) on t(*, i)
  for (i = 0; i < N; i++)
    y[i] = 2 * f(i);
#pragma xmp loop (j) on t(j, *) reduction(+:rows) reduction(firstmax:mx/at/)
  for (j = 0; j < N; j++) {
    rows += (long)x[j];
    if ((long)x[j] > mx) {
      mx = (long)x[j];
      at = j;
    }
  }
#pragma xmp loop (i) on t(*, i) reduction(+:cols)
  for (i = 0; i < N; i++)
    cols += (long)y[i];
#pragma xmp loop (i, j) on t(j, i) reduction(+:all)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      all += f(i) * f(j);
#pragma xmp device replicate (x)
  {
#pragma xmp device loop (j) on t(j, *) reduction(+:dev)
    for (j = 0; j < N; j++)
      dev += 3 * (long)x[j];
  }
  // Every node must hold the same results.
  long mine[5] = {rows, cols, all, dev, mx}, lo[5], hi[5];
  for (i = 0; i < 5; i++)
    lo[i] = hi[i] = mine[i];
#pragma xmp reduction(min:lo)
#pragma xmp reduction(max:hi)
  int differ = 0;
  for (i = 0; i < 5; i++)
    differ += lo[i] != hi[i];
  if (xmp_node_num() == 1)
    printf("loop-reduction-span: rows %ld reference %ld, columns %ld reference %ld, max %ld at %d "
           "reference %ld at %d, all %ld reference %ld, device %ld reference %ld, %d nodes differ\n",
           rows, rr, cols, rc, mx, at, rm, rat, all, ra, dev, 3 * rr, differ);
  return 0;
}
