// examples/block2d (2-D node array, square brackets) matches its serial twin
// on 1x1, 1x3 (PX=1) and 2x1, 2x2 (PX=2) node arrays.
// RUN: %cc %examples/block2d/block2d_serial.c -o %t.serial && %t.serial > %t.ref
// RUN: %xmpcc -DPX=1 %examples/block2d/block2d.c -o %t.px1
// RUN: %xmpcc -DPX=2 %examples/block2d/block2d.c -o %t.px2
// RUN: %mpirun -np 1 %t.px1 > %t.1 && diff %t.ref %t.1
// RUN: %mpirun -np 3 %t.px1 > %t.3 && diff %t.ref %t.3
// RUN: %mpirun -np 2 %t.px2 > %t.2 && diff %t.ref %t.2
// RUN: %mpirun -np 4 %t.px2 > %t.4 && diff %t.ref %t.4
// RUN: FileCheck %s < %t.ref
// CHECK: sum = 11062 max = 50 min = -50
