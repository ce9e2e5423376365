// --gpu=none builds for CPU workers only; --gpu=auto picks CUDA when nvcc is
// on PATH.
// RUN: %xmpcc -v --gpu=none %examples/sum/sum.c -o %t 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: XMP_GPU_CUDA
// RUN: %mpirun -np 2 %t | FileCheck %s
// CHECK: sum = 9925916.000
// RUN: %xmpcc -v --gpu=cuda %examples/sum/sum.c -o %t.cuda 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: mpicc {{.*}}-DXMP_GPU_CUDA=1 -c
