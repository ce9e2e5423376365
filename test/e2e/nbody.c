// examples/nbody (XMP-dev: full-shadow reflect, two device loops, weights)
// gives its serial twin's checksums within 1e-12 relative at 1-4 nodes with
// an uneven particle split, for CPU weights 0, 0.3 and 1 (kept by
// XMP_BALANCE=manual), other chunk counts, the thesis's adaptive weight rule
// and the runtime's own balancing (the default). Without a GPU every chunk
// runs on CPU workers after a one-line warning.
// RUN: %cc -DNP=1001 %examples/nbody/nbody_serial.c -o %t.serial -lm && %t.serial 0 3 > %t.ref
// RUN: %xmpcc --gpu=none -DNP=1001 %examples/nbody/nbody.c -o %t -lm
// RUN: env XMP_BALANCE=manual %mpirun -np 1 %t 0 3 > %t.1a && %numcmp %t.ref %t.1a
// RUN: env XMP_BALANCE=manual %mpirun -np 1 %t 0.3 3 > %t.1b && %numcmp %t.ref %t.1b
// RUN: env XMP_BALANCE=manual %mpirun -np 1 %t 1 3 > %t.1c && %numcmp %t.ref %t.1c
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 0 3 > %t.2a && %numcmp %t.ref %t.2a
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 0.3 3 > %t.2b && %numcmp %t.ref %t.2b
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 1 3 > %t.2c && %numcmp %t.ref %t.2c
// RUN: env XMP_BALANCE=manual %mpirun -np 3 %t 0 3 > %t.3a && %numcmp %t.ref %t.3a
// RUN: env XMP_BALANCE=manual %mpirun -np 3 %t 0.3 3 > %t.3b && %numcmp %t.ref %t.3b
// RUN: env XMP_BALANCE=manual %mpirun -np 3 %t 1 3 > %t.3c && %numcmp %t.ref %t.3c
// RUN: env XMP_BALANCE=manual %mpirun -np 4 %t 0 3 > %t.4a && %numcmp %t.ref %t.4a
// RUN: env XMP_BALANCE=manual %mpirun -np 4 %t 0.3 3 > %t.4b && %numcmp %t.ref %t.4b
// RUN: env XMP_BALANCE=manual %mpirun -np 4 %t 1 3 > %t.4c && %numcmp %t.ref %t.4c
// RUN: env XMP_BALANCE=manual XMP_STARPU_NCPU=3 XMP_STARPU_NCUDA=2 %mpirun -np 3 %t 0.3 3 > %t.3d && %numcmp %t.ref %t.3d
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 0.5 3 adapt > %t.2e && %numcmp %t.ref %t.2e
// RUN: %mpirun -np 3 %t - 3 > %t.3f && %numcmp %t.ref %t.3f
// Out of core: XMP_DEV_MEM_LIMIT at a quarter of each node's replicated data (seven arrays
// of 1001 doubles on one node: 14000 of 56 KB; 9500 of 38 KB on four): the positions and
// masses, read whole, are read in place; the velocities stream through by rows.
// RUN: env XMP_DEV_MEM_LIMIT=14000 %mpirun -np 1 %t 0 3 > %t.o1 && %numcmp %t.ref %t.o1
// RUN: env XMP_DEV_MEM_LIMIT=11000 %mpirun -np 2 %t 0 3 > %t.o2 && %numcmp %t.ref %t.o2
// RUN: env XMP_DEV_MEM_LIMIT=10000 %mpirun -np 3 %t 0.3 3 > %t.o3 && %numcmp %t.ref %t.o3
// RUN: env XMP_DEV_MEM_LIMIT=9500 %mpirun -np 4 %t 0 3 > %t.o4 && %numcmp %t.ref %t.o4
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 0.3 3 2> %t.err | FileCheck %s --check-prefix=STEPS
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// STEPS: step 0: cpu {{[0-9.]+}} ms gpu {{[0-9.]+}} ms
// STEPS: step 2: cpu
// STEPS: nbody NP=1001 steps=3 nodes=2
// WARN: xmpcc runtime: warning: no CUDA device available; device loops run on CPU workers only
// WARN-NOT: warning
//
// Built with CUDA codelets (where nvcc exists) it runs the same on CPU workers.
// RUN: %if nvcc %{ %xmpcc --gpu=cuda -DNP=1001 %examples/nbody/nbody.c -o %t.cuda -lm %}
// RUN: %if nvcc %{ %mpirun -np 3 %t.cuda 0.3 3 > %t.c3 && %numcmp %t.ref %t.c3 %}
