// examples/matmul (XMP-dev: 2-D device loop, B read only and replicated,
// A and C distributed by rows) gives its serial twin's results within
// 1e-12 relative at 1-4 nodes with an uneven row split, for CPU weights 0,
// 0.3 and 1 (kept by XMP_BALANCE=manual), other chunk counts and the
// runtime's own balancing.
// RUN: %cc -DN=97 %examples/matmul/matmul_serial.c -o %t.serial && %t.serial 0 2 > %t.ref
// RUN: %xmpcc --gpu=none -DN=97 %examples/matmul/matmul.c -o %t
// RUN: env XMP_BALANCE=manual %mpirun -np 1 %t 0 2 > %t.1a && %numcmp %t.ref %t.1a
// RUN: env XMP_BALANCE=manual %mpirun -np 1 %t 0.3 2 > %t.1b && %numcmp %t.ref %t.1b
// RUN: env XMP_BALANCE=manual %mpirun -np 1 %t 1 2 > %t.1c && %numcmp %t.ref %t.1c
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 0 2 > %t.2a && %numcmp %t.ref %t.2a
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 0.3 2 > %t.2b && %numcmp %t.ref %t.2b
// RUN: env XMP_BALANCE=manual %mpirun -np 2 %t 1 2 > %t.2c && %numcmp %t.ref %t.2c
// RUN: env XMP_BALANCE=manual %mpirun -np 3 %t 0 2 > %t.3a && %numcmp %t.ref %t.3a
// RUN: env XMP_BALANCE=manual %mpirun -np 3 %t 0.3 2 > %t.3b && %numcmp %t.ref %t.3b
// RUN: env XMP_BALANCE=manual %mpirun -np 3 %t 1 2 > %t.3c && %numcmp %t.ref %t.3c
// RUN: env XMP_BALANCE=manual %mpirun -np 4 %t 0 2 > %t.4a && %numcmp %t.ref %t.4a
// RUN: env XMP_BALANCE=manual %mpirun -np 4 %t 0.3 2 > %t.4b && %numcmp %t.ref %t.4b
// RUN: env XMP_BALANCE=manual %mpirun -np 4 %t 1 2 > %t.4c && %numcmp %t.ref %t.4c
// RUN: env XMP_BALANCE=manual XMP_STARPU_NCPU=2 XMP_STARPU_NCUDA=3 %mpirun -np 4 %t 0.3 2 > %t.4d && %numcmp %t.ref %t.4d
// RUN: %mpirun -np 3 %t - 3 > %t.3e && %numcmp %t.ref %t.3e
// RUN: %if nvcc %{ %xmpcc --gpu=cuda -DN=97 %examples/matmul/matmul.c -o %t.cuda %}
// RUN: %if nvcc %{ %mpirun -np 2 %t.cuda 0.3 2 > %t.c2 && %numcmp %t.ref %t.c2 %}
