// A distributed array in a reduction: the `reduction` directive takes it
// (the part each node owns, over nodes owning the same part); a loop's
// reduction clause, `acc` and location reductions do not.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=LOC
// RUN: %xmpcc -emit-mlir -DCASE=4 %s | FileCheck %s --check-prefix=OK
#include <xmp.h>
#define N 8
double w[N];
#pragma xmp nodes p(2, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align w[i] with t(*, i)
#pragma xmp nodes q(2) = p(:, *)

int main(void) {
  int i, k = 0;
  (void)i, (void)k;
#if CASE == 1
#pragma xmp loop (i) on t(*, i) reduction(+:w)
// LOOP: reduction-distributed.c:[[@LINE-1]]:45: error: a loop's reduction takes scalars and C arrays, not the distributed array 'w'; write '#pragma xmp reduction' after the loop
  for (i = 0; i < N; i++)
    w[i] = 1;
#elif CASE == 2
#pragma xmp reduction(+:w) on q(:) acc
// ACC: reduction-distributed.c:[[@LINE-1]]:36: error: 'acc' on the reduction of a distributed array is not supported; reduce its host values
#elif CASE == 3
#pragma xmp reduction(firstmax:w/k/) on q(:)
// LOC: reduction-distributed.c:[[@LINE-1]]:32: error: reduction 'firstmax' takes a scalar, not the array 'w'
#else
// OK: xmp.reduction sum ["w"] : [#xmp<type double>] {{.*}}counts = array<i64: -1>
#pragma xmp reduction(+:w) on q(:)
#endif
  return 0;
}
