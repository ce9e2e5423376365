// XMP with OpenMP on the same nests: `loop` then `omp parallel for` and the
// other order, `omp for` inside a parallel region, `omp simd` on an inner
// loop, `collapse(2)`, reductions in both (+ and max), a stencil after a
// reflect, omp.h. The same file built by gcc -fopenmp alone (the xmp
// pragmas ignored) is the serial reference; 2 threads per rank at 1-4 ranks
// (N = 37 rows: uneven blocks).
// RUN: %cc -fopenmp %s -o %t.serial && env OMP_NUM_THREADS=2 %t.serial > %t.ref
// RUN: %xmpcc -fopenmp -DWITH_XMP %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -x OMP_NUM_THREADS -np 1 %t > %t.1 && %numcmp --rtol 1e-12 %t.ref %t.1
// RUN: env OMP_NUM_THREADS=2 %mpirun -x OMP_NUM_THREADS -np 2 %t > %t.2 && %numcmp --rtol 1e-12 %t.ref %t.2
// RUN: env OMP_NUM_THREADS=2 %mpirun -x OMP_NUM_THREADS -np 3 %t > %t.3 && %numcmp --rtol 1e-12 %t.ref %t.3
// RUN: env OMP_NUM_THREADS=2 %mpirun -x OMP_NUM_THREADS -np 4 %t > %t.4 && %numcmp --rtol 1e-12 %t.ref %t.4
// RUN: FileCheck %s < %t.4
// CHECK: threads 2
#include <omp.h>
#include <stdio.h>
#ifdef WITH_XMP
#include <xmp.h>
#endif
#define N 37
#define M 23
double u[N][M], v[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i][*] with t(i) :: u, v
#pragma xmp shadow u[1][0]

int main(void) {
  int threads = 0;
#pragma omp parallel
  {
#pragma xmp loop on t(i)
#pragma omp for
    for (int i = 0; i < N; i++)
#pragma omp simd
      for (int j = 0; j < M; j++)
        u[i][j] = (i * M + j) % 17 + 0.5 * i;
#pragma omp single
    threads = omp_get_num_threads();
  }
#pragma xmp reflect (u)
#pragma omp parallel for
#pragma xmp loop on t(i)
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < M; j++)
      v[i][j] = u[i - 1][j] + u[i + 1][j] - 2 * u[i][j];
  double sum = 0, top = -1e300, weighted = 0;
#pragma xmp loop on t(i) reduction(+:sum) reduction(max:top)
#pragma omp parallel for collapse(2) reduction(+:sum) reduction(max:top)
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < M; j++) {
      sum += v[i][j];
      top = v[i][j] > top ? v[i][j] : top;
    }
#pragma omp parallel for reduction(+:weighted)
#pragma xmp loop on t(i) reduction(+:weighted)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      weighted += (i + 1) * u[i][j];
#ifdef WITH_XMP
  if (xmpc_node_num() == 0)
#endif
    printf("sum %.17g max %.17g weighted %.17g\nthreads %d\n", sum, top, weighted, threads);
  return 0;
}
