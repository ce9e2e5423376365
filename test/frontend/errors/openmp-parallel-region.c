// RUN: not %xmpcc -fopenmp -emit-mlir %s 2>&1 | FileCheck %s
// Communication inside `omp parallel` would run once per thread; a plain
// `loop` there (with its `omp for`) is fine.
#include <omp.h>
double a[10];
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]
int main(void) {
  double s = 0;
#pragma omp parallel
  {
#pragma xmp loop on t(i)
#pragma omp for
    for (int i = 0; i < 10; i++)
      a[i] = i;
#pragma xmp reflect (a)
#pragma xmp loop on t(i) reduction(+:s)
#pragma omp for reduction(+:s)
    for (int i = 0; i < 10; i++)
      s += a[i];
  }
  return 0;
}
// CHECK-NOT: openmp-parallel-region.c:15:
// CHECK: openmp-parallel-region.c:19:1: error: 'reflect' cannot stand inside an OpenMP parallel region (line 13): each thread would communicate; write `#pragma omp parallel for` on the loop itself, or the directive outside the region
// CHECK: openmp-parallel-region.c:20:1: error: 'loop ... reduction' cannot stand inside an OpenMP parallel region (line 13)
