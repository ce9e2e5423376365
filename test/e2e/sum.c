// examples/sum gives the serial twin's result at 1-4 nodes, including row
// counts that do not divide evenly and nodes that own no rows.
// RUN: %cc %examples/sum/sum_serial.c -o %t.serial && %t.serial > %t.ref
// RUN: %xmpcc %examples/sum/sum.c -o %t
// RUN: %mpirun -np 1 %t > %t.1 && diff %t.ref %t.1
// RUN: %mpirun -np 2 %t > %t.2 && diff %t.ref %t.2
// RUN: %mpirun -np 3 %t > %t.3 && diff %t.ref %t.3
// RUN: %mpirun -np 4 %t > %t.4 && diff %t.ref %t.4
// Three rows on four nodes: the last node's part is empty.
// RUN: %cc -DN=3 %examples/sum/sum_serial.c -o %t.serial3 && %t.serial3 > %t.ref3
// RUN: %xmpcc -DN=3 %examples/sum/sum.c -o %t.small
// RUN: %mpirun -np 4 %t.small > %t.small4 && diff %t.ref3 %t.small4
// The reference itself, computed by hand: sum over i<1001, j<37 of 0.5i + j.
// RUN: FileCheck %s < %t.ref
// CHECK: sum = 9925916.000
