// examples/himeno: the hand-coded MPI version (himeno_mpi_cuda.cu built for
// CPUs) gives the serial reference's Gosa at 1-4 ranks over 1-D, 2-D and 3-D
// process grids, with uneven splits (XS over 3, and an odd 13x11x17 grid).
// Both do the same float arithmetic in the same order, so only the order of
// the double Gosa sum differs: 1e-10 relative. -b 0.25 makes the stencil's
// edge terms count (the benchmark's b = 0 hides them); halo points start as
// NaN, so one the exchange misses makes the run fail whatever b is.
// RUN: rm -rf %t.d && make -s -C %examples/himeno O=%t.d
// RUN: %t.d/himeno_serial XS 4 | grep -e iterations -e Gosa > %t.xs
// RUN: %t.d/himeno_serial -b 0.25 XS 4 | grep -e iterations -e Gosa > %t.xsb
// RUN: %t.d/himeno_serial -b 0.25 13x11x17 4 | grep -e iterations -e Gosa > %t.odd
// RUN: %mpirun -np 1 %t.d/himeno_mpi_cpu XS 4 > %t.1 && %numcmp --rtol 1e-10 %t.xs %t.1
// RUN: %mpirun -np 2 %t.d/himeno_mpi_cpu -d 2x1x1 XS 4 > %t.2a && %numcmp --rtol 1e-10 %t.xs %t.2a
// RUN: %mpirun -np 3 %t.d/himeno_mpi_cpu XS 4 > %t.3a && %numcmp --rtol 1e-10 %t.xs %t.3a
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu -d 2x2x1 XS 4 > %t.4a && %numcmp --rtol 1e-10 %t.xs %t.4a
// RUN: %mpirun -np 1 %t.d/himeno_mpi_cpu -b 0.25 XS 4 > %t.1b && %numcmp --rtol 1e-10 %t.xsb %t.1b
// RUN: %mpirun -np 2 %t.d/himeno_mpi_cpu -b 0.25 -d 1x1x2 XS 4 > %t.2b && %numcmp --rtol 1e-10 %t.xsb %t.2b
// RUN: %mpirun -np 3 %t.d/himeno_mpi_cpu -b 0.25 -d 1x3x1 XS 4 > %t.3b && %numcmp --rtol 1e-10 %t.xsb %t.3b
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu -b 0.25 -d 2x2x1 XS 4 > %t.4b && %numcmp --rtol 1e-10 %t.xsb %t.4b
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu -b 0.25 -d 1x2x2 XS 4 > %t.4c && %numcmp --rtol 1e-10 %t.xsb %t.4c
// RUN: %mpirun -np 1 %t.d/himeno_mpi_cpu -b 0.25 13x11x17 4 > %t.o1 && %numcmp --rtol 1e-10 %t.odd %t.o1
// RUN: %mpirun -np 2 %t.d/himeno_mpi_cpu -b 0.25 -d 1x2x1 13x11x17 4 > %t.o2 && %numcmp --rtol 1e-10 %t.odd %t.o2
// RUN: %mpirun -np 3 %t.d/himeno_mpi_cpu -b 0.25 -d 3x1x1 13x11x17 4 > %t.o3a && %numcmp --rtol 1e-10 %t.odd %t.o3a
// RUN: %mpirun -np 3 %t.d/himeno_mpi_cpu -b 0.25 -d 1x1x3 13x11x17 4 > %t.o3b && %numcmp --rtol 1e-10 %t.odd %t.o3b
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu -b 0.25 -d 2x1x2 13x11x17 4 > %t.o4a && %numcmp --rtol 1e-10 %t.odd %t.o4a
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu -b 0.25 -d 4x1x1 13x11x17 4 > %t.o4b && %numcmp --rtol 1e-10 %t.odd %t.o4b
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu -b 0.25 --halo mpi 13x11x17 4 > %t.o4c && %numcmp --rtol 1e-10 %t.odd %t.o4c
// The build with the benchmark's copy loop (-DHIMENO_COPY_LOOP=1) instead of swapping p and
// wrk2: the same Gosa.
// RUN: %mpirun -np 1 %t.d/himeno_mpi_cpu_copy XS 4 > %t.c1 && %numcmp --rtol 1e-10 %t.xs %t.c1
// RUN: %mpirun -np 3 %t.d/himeno_mpi_cpu_copy -b 0.25 -d 1x1x3 13x11x17 4 > %t.c3 && %numcmp --rtol 1e-10 %t.odd %t.c3
// RUN: %mpirun -np 4 %t.d/himeno_mpi_cpu_copy -b 0.25 -d 2x1x2 13x11x17 4 > %t.c4 && %numcmp --rtol 1e-10 %t.odd %t.c4
// RUN: FileCheck %s --check-prefix=COPY < %t.c4
// COPY: halo faces 0 by CUDA IPC, 8 by MPI
// COPY-NEXT: p update copy loop
//
// The report: grid, process grid, loop count, Gosa, MFLOPS, time.
// RUN: FileCheck %s --check-prefix=OUT < %t.o4a
// OUT: himeno mpi+cpu: grid 13x11x17
// OUT-NEXT: decomposition 2x1x2
// OUT-NEXT: iterations 4
// OUT-NEXT: Gosa {{[0-9]\.[0-9]+e-[0-9]+}}
// OUT-NEXT: MFLOPS {{[0-9.]+}}
// OUT-NEXT: time {{[0-9.]+}} s
// OUT-NEXT: halo faces 0 by CUDA IPC, 8 by MPI
// OUT-NEXT: p update swap
//
// Bad arguments name the argument and what it accepts.
// RUN: not %mpirun -np 2 %t.d/himeno_mpi_cpu -d 2x2x1 XS 2>&1 | FileCheck %s --check-prefix=NP
// NP: himeno: -d 2x2x1 needs 4 processes, running on 2
// RUN: not %mpirun -np 1 %t.d/himeno_mpi_cpu -d 2x2 XS 2>&1 | FileCheck %s --check-prefix=DIMS
// DIMS: himeno: bad -d '2x2': expected PxQxR with positive integers
// RUN: not %mpirun -np 4 %t.d/himeno_mpi_cpu -d 4x1x1 3x5x5 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: himeno: -d splits axis 0 (3 points) over 4 processes: at most 3
// RUN: not %mpirun -np 1 %t.d/himeno_mpi_cpu --halo ipc XS 2>&1 | FileCheck %s --check-prefix=HALO
// HALO: himeno: bad --halo 'ipc': expected auto or mpi
// RUN: not %t.d/himeno_serial XXL 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: himeno: bad size 'XXL': expected XS, S, M, L, XL or IxJxK with each extent >= 3
// RUN: not %t.d/himeno_serial XS 0 2>&1 | FileCheck %s --check-prefix=ITER
// ITER: himeno: bad iteration count '0': expected a positive integer
//
// The CUDA build compiles warning-free where nvcc exists (it runs in scripts/gpu-check.sh).
// RUN: %if nvcc %{ make -s -C %examples/himeno O=%t.d cuda %}
