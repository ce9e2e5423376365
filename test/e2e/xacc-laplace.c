// examples/laplace/laplace_acc.c (thesis listing A.1 as written: acc data,
// reflect_init/reflect_do acc, xmp loop + acc parallel loop / acc loop; here
// on CPU workers, no GPU) is bit-identical to the serial twin on 1-4 nodes,
// 1-D and 2-D node arrays, uneven blocks (67x45 over 2 and 3), with the halo
// path chosen by measurement or forced, and with the CPU weight fixed or
// tuned.
// RUN: %cc %examples/laplace/laplace_serial.c -o %t.serial && %t.serial > %t.ref
// RUN: %xmpcc --gpu=none -DYNODES=1 -DXNODES=1 %examples/laplace/laplace_acc.c -o %t.1x1
// RUN: %xmpcc --gpu=none -DYNODES=1 -DXNODES=2 %examples/laplace/laplace_acc.c -o %t.1x2
// RUN: %xmpcc --gpu=none -DYNODES=3 -DXNODES=1 %examples/laplace/laplace_acc.c -o %t.3x1
// RUN: %xmpcc --gpu=none -DYNODES=2 -DXNODES=2 %examples/laplace/laplace_acc.c -o %t.2x2
// RUN: %mpirun -np 1 %t.1x1 > %t.o11 && diff %t.ref %t.o11
// RUN: %mpirun -np 2 %t.1x2 > %t.o12 && diff %t.ref %t.o12
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t.3x1 > %t.o31 && diff %t.ref %t.o31
// RUN: %mpirun -np 4 %t.2x2 > %t.o22 && diff %t.ref %t.o22
// RUN: env XMP_COMM=direct XMP_BALANCE=fixed XMP_CPU_WEIGHT=0.3 %mpirun -np 4 %t.2x2 > %t.o22d && diff %t.ref %t.o22d
// RUN: FileCheck %s < %t.ref
// CHECK: laplace 67x45, 100 iterations: max 2.54, checksum {{[0-9]+}}
// The CUDA build where nvcc exists (its kernels compiled; without a GPU it runs on CPU workers).
// RUN: %if nvcc %{ %xmpcc -DYNODES=2 -DXNODES=1 %examples/laplace/laplace_acc.c -o %t.cuda %}
// RUN: %if nvcc %{ %mpirun -np 2 %t.cuda > %t.ocuda && diff %t.ref %t.ocuda %}
