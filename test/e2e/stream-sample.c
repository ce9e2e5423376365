// examples/stream/stream_xmp.c (STREAM's four kernels on block-distributed
// arrays, each node's part shared among OpenMP threads) validates its arrays
// on 1, 2 and 4 nodes, with OpenMP threads and without OpenMP.
// RUN: %xmpcc -O2 -fopenmp -DN=100003 %examples/stream/stream_xmp.c -o %t.omp -lm
// RUN: %xmpcc -O2 -DN=100003 %examples/stream/stream_xmp.c -o %t.serial -lm
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t.omp | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t.omp | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t.omp | FileCheck %s
// RUN: %mpirun -np 3 %t.serial | FileCheck %s
// CHECK: stream: N=100003 doubles per array over {{[1-4]}} nodes, best of 9
// CHECK: Triad
// CHECK: Solution Validates
