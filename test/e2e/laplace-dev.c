// examples/laplace/laplace_dev.c (thesis A.1 on the devices: device replicate,
// reflect_init/reflect_do acc, device loops; here on CPU workers, no GPU) is
// bit-identical to the serial twin on 1-4 nodes, 1-D and 2-D node arrays,
// uneven blocks (67x45 over 2 and 3), fixed edges and /periodic/ widths, with
// the halo path chosen by measurement or forced.
// RUN: %cc %examples/laplace/laplace_serial.c -o %t.serial && %t.serial > %t.ref
// RUN: %cc -DPERIODIC %examples/laplace/laplace_serial.c -o %t.serialp && %t.serialp > %t.refp
// RUN: %xmpcc --gpu=none -DYNODES=1 -DXNODES=1 %examples/laplace/laplace_dev.c -o %t.1x1
// RUN: %xmpcc --gpu=none -DYNODES=1 -DXNODES=2 %examples/laplace/laplace_dev.c -o %t.1x2
// RUN: %xmpcc --gpu=none -DYNODES=3 -DXNODES=1 %examples/laplace/laplace_dev.c -o %t.3x1
// RUN: %xmpcc --gpu=none -DYNODES=2 -DXNODES=2 %examples/laplace/laplace_dev.c -o %t.2x2
// RUN: %xmpcc --gpu=none -DPERIODIC -DYNODES=1 -DXNODES=1 %examples/laplace/laplace_dev.c -o %t.p1x1
// RUN: %xmpcc --gpu=none -DPERIODIC -DYNODES=1 -DXNODES=3 %examples/laplace/laplace_dev.c -o %t.p1x3
// RUN: %xmpcc --gpu=none -DPERIODIC -DYNODES=2 -DXNODES=2 %examples/laplace/laplace_dev.c -o %t.p2x2
// RUN: %mpirun -np 1 %t.1x1 > %t.o11 && diff %t.ref %t.o11
// RUN: %mpirun -np 2 %t.1x2 > %t.o12 && diff %t.ref %t.o12
// RUN: env XMP_COMM=mpi %mpirun -np 3 %t.3x1 > %t.o31 && diff %t.ref %t.o31
// RUN: %mpirun -np 4 %t.2x2 > %t.o22 && diff %t.ref %t.o22
// RUN: env XMP_COMM=direct %mpirun -np 4 %t.2x2 > %t.o22d && diff %t.ref %t.o22d
// RUN: %mpirun -np 1 %t.p1x1 > %t.p11 && diff %t.refp %t.p11
// RUN: env XMP_COMM=direct %mpirun -np 3 %t.p1x3 > %t.p13 && diff %t.refp %t.p13
// RUN: %mpirun -np 4 %t.p2x2 > %t.p22 && diff %t.refp %t.p22
// RUN: env XMP_COMM=mpi XMP_SUBCLUSTER_SIZE=2 %mpirun -np 4 %t.p2x2 > %t.p22s && diff %t.refp %t.p22s
// The references themselves: the fields differ, so a run that mixed them up fails.
// RUN: FileCheck %s --check-prefix=FIXED < %t.ref
// RUN: FileCheck %s --check-prefix=PERIODIC < %t.refp
// FIXED: laplace 67x45, 100 iterations: max 2.54, checksum {{[0-9]+}}
// PERIODIC: laplace 67x45 periodic, 100 iterations: max {{[0-9.]+}}, checksum {{[0-9]+}}
// The CUDA build where nvcc exists (its kernels compiled; without a GPU it runs on CPU workers).
// RUN: %if nvcc %{ %xmpcc -DPERIODIC -DYNODES=2 -DXNODES=1 %examples/laplace/laplace_dev.c -o %t.cuda %}
// RUN: %if nvcc %{ %mpirun -np 2 %t.cuda > %t.pcuda && diff %t.refp %t.pcuda %}
