// `reduction ... acc` and `bcast ... acc` (XACC) on `device replicate` arrays:
// the current copies are reduced / broadcast (in the GPUs through the hybrid
// layer's device collectives when every node holds its copy there; here, with
// no GPU, through the host path) and the results checked against a serial
// computation, after a device loop has written the arrays, at 1-4 nodes.
// RUN: %xmpcc --gpu=none %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t | FileCheck %s
// RUN: env XMP_COMM=direct %mpirun -np 4 %t | FileCheck %s
// CHECK: reduction/bcast acc: 0 wrong of 148
// Not replicated: a collective error naming the directive.
// RUN: %xmpcc --gpu=none -DNOT_REPLICATED %s -o %t.bad
// RUN: not %mpirun -np 2 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: reduction-acc.c:[[#@LINE+15]]: 'reduction(max:m) acc': reduction with 'acc': the variable is not replicated on the device ('device replicate')
#include <stdio.h>
#include <xmp.h>
#define N 37

double s[N], m[N], b[N], d[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align d[i] with t(i)

int main(void) {
  int me = xmp_node_num(), np = xmp_num_nodes();
  long wrong = 0, checked = 0;
#ifdef NOT_REPLICATED
#pragma xmp reduction(max:m) acc
#endif
  for (int i = 0; i < N; i++) {
    s[i] = me * (i + 1) + 0.25;
    m[i] = (me * 7 + i) % 5;
    b[i] = me == np ? 100.0 + i : -1.0;
  }
#pragma xmp device replicate (s, m, b, d)
  {
#pragma xmp device replicate_sync in (s, m, b)
    // The device loop writes d's owned block (its copy lives where the loop ran).
#pragma xmp device loop (i) on t(i)
    for (int i = 0; i < N; i++)
      d[i] = 2.0 * i;
#pragma xmp reduction(+:s) acc
#pragma xmp reduction(max:m) device
#pragma xmp bcast (b) from p(np) acc
#pragma xmp device replicate_sync out (s, m, b, d)
  }
  for (int i = 0; i < N; i++) {
    double sum = 0, max = -1;
    for (int r = 1; r <= np; r++) {
      sum += r * (i + 1) + 0.25; // exact in double: the order does not matter
      max = (r * 7 + i) % 5 > max ? (r * 7 + i) % 5 : max;
    }
    wrong += (s[i] != sum) + (m[i] != max) + (b[i] != 100.0 + i);
    checked += 3;
  }
#pragma xmp reduction(+:wrong)
  long dwrong = 0, dchecked = 0;
#pragma xmp loop (i) on t(i) reduction(+:dwrong, dchecked)
  for (int i = 0; i < N; i++) {
    dwrong += d[i] != 2.0 * i;
    dchecked += 1;
  }
  if (me == 1)
    printf("reduction/bcast acc: %ld wrong of %ld\n", wrong + dwrong, checked + dchecked);
  return 0;
}
