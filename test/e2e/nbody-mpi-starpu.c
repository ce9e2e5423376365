// examples/nbody/nbody_mpi_starpu.c (N-body by hand with MPI + StarPU: block
// distribution, codelets, CPU/GPU split by a weight, MPI_Allgatherv of the
// positions) gives nbody_serial's checksums within 1e-12 relative at 1-4
// ranks with an uneven particle split, for CPU weights 0, 0.3 and 1 and
// with more CPU workers (chunks) than cores. Without a GPU every chunk runs
// on CPU workers after a one-line note.
// RUN: rm -rf %t.d && make -s -C %examples/nbody O=%t.d NP=1001 STARPU_PREFIX=%starpu_prefix
// RUN: %t.d/nbody_serial 0 3 > %t.ref
// RUN: %mpirun -np 1 %t.d/nbody_mpi_starpu 0 3 > %t.1a && %numcmp %t.ref %t.1a
// RUN: %mpirun -np 1 %t.d/nbody_mpi_starpu 1 3 > %t.1b && %numcmp %t.ref %t.1b
// RUN: %mpirun -np 2 %t.d/nbody_mpi_starpu 0.3 3 > %t.2a && %numcmp %t.ref %t.2a
// RUN: %mpirun -np 2 %t.d/nbody_mpi_starpu 1 3 > %t.2b && %numcmp %t.ref %t.2b
// RUN: %mpirun -np 3 %t.d/nbody_mpi_starpu 0 3 > %t.3a && %numcmp %t.ref %t.3a
// RUN: %mpirun -np 3 %t.d/nbody_mpi_starpu 0.3 3 > %t.3b && %numcmp %t.ref %t.3b
// RUN: %mpirun -np 4 %t.d/nbody_mpi_starpu 0.3 3 > %t.4a && %numcmp %t.ref %t.4a
// RUN: %mpirun -np 4 %t.d/nbody_mpi_starpu 1 3 > %t.4b && %numcmp %t.ref %t.4b
// RUN: env STARPU_NCPU=3 %mpirun -np 3 %t.d/nbody_mpi_starpu 1 3 > %t.3c && %numcmp %t.ref %t.3c
// RUN: %mpirun -np 2 %t.d/nbody_mpi_starpu 0.3 3 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// OUT: nbody NP=1001 steps=3 nodes=2 time={{[0-9.]+}} s
// OUT-NEXT: position checksum
// NOTE: nbody: no CUDA worker; every chunk runs on CPU workers
// NOTE-NOT: nbody
//
// Bad arguments name the argument and what it accepts.
// RUN: not %mpirun -np 1 %t.d/nbody_mpi_starpu 2 3 2>&1 | FileCheck %s --check-prefix=WEIGHT
// WEIGHT: nbody: bad CPU weight '2': expected a number in [0, 1]
// RUN: not %mpirun -np 1 %t.d/nbody_mpi_starpu 0 x 2>&1 | FileCheck %s --check-prefix=STEPS
// STEPS: nbody: bad step count 'x': expected a non-negative integer
//
// With CUDA codelets (where nvcc exists) it builds warning-free and runs the same on CPU
// workers here (scripts/gpu-check.sh runs it on GPUs).
// RUN: %if nvcc %{ make -s -C %examples/nbody O=%t.d NP=1001 STARPU_PREFIX=%starpu_prefix cuda %}
// RUN: %if nvcc %{ %mpirun -np 3 %t.d/nbody_mpi_starpu_cuda 0.3 3 > %t.c3 && %numcmp %t.ref %t.c3 %}
