// examples/laplace (shadow + reflect on host arrays, 2-D block on a 2-D node
// array) is bit-identical to its serial twin on every decomposition of 1-4
// nodes; its output carries an order-independent checksum of every element.
// With -DPERIODIC the grid wraps around and the reflects use /periodic/ widths.
// RUN: %cc %examples/laplace/laplace_serial.c -o %t.serial && %t.serial > %t.ref
// RUN: %xmpcc -DYNODES=1 -DXNODES=1 %examples/laplace/laplace.c -o %t.1x1
// RUN: %xmpcc -DYNODES=2 -DXNODES=1 %examples/laplace/laplace.c -o %t.2x1
// RUN: %xmpcc -DYNODES=1 -DXNODES=2 %examples/laplace/laplace.c -o %t.1x2
// RUN: %xmpcc -DYNODES=3 -DXNODES=1 %examples/laplace/laplace.c -o %t.3x1
// RUN: %xmpcc -DYNODES=1 -DXNODES=3 %examples/laplace/laplace.c -o %t.1x3
// RUN: %xmpcc -DYNODES=2 -DXNODES=2 %examples/laplace/laplace.c -o %t.2x2
// RUN: %xmpcc -DYNODES=1 -DXNODES=4 %examples/laplace/laplace.c -o %t.1x4
// RUN: %mpirun -np 1 %t.1x1 > %t.o11 && diff %t.ref %t.o11
// RUN: %mpirun -np 2 %t.2x1 > %t.o21 && diff %t.ref %t.o21
// RUN: %mpirun -np 2 %t.1x2 > %t.o12 && diff %t.ref %t.o12
// RUN: %mpirun -np 3 %t.3x1 > %t.o31 && diff %t.ref %t.o31
// RUN: %mpirun -np 3 %t.1x3 > %t.o13 && diff %t.ref %t.o13
// RUN: %mpirun -np 4 %t.2x2 > %t.o22 && diff %t.ref %t.o22
// RUN: %mpirun -np 4 %t.1x4 > %t.o14 && diff %t.ref %t.o14
// RUN: %cc -DPERIODIC %examples/laplace/laplace_serial.c -o %t.serialp && %t.serialp > %t.refp
// RUN: %xmpcc -DPERIODIC -DYNODES=1 -DXNODES=1 %examples/laplace/laplace.c -o %t.p1x1
// RUN: %xmpcc -DPERIODIC -DYNODES=2 -DXNODES=1 %examples/laplace/laplace.c -o %t.p2x1
// RUN: %xmpcc -DPERIODIC -DYNODES=1 -DXNODES=2 %examples/laplace/laplace.c -o %t.p1x2
// RUN: %xmpcc -DPERIODIC -DYNODES=3 -DXNODES=1 %examples/laplace/laplace.c -o %t.p3x1
// RUN: %xmpcc -DPERIODIC -DYNODES=2 -DXNODES=2 %examples/laplace/laplace.c -o %t.p2x2
// RUN: %mpirun -np 1 %t.p1x1 > %t.p11 && diff %t.refp %t.p11
// At 2 nodes a dimension's periodic neighbours on both sides are one node.
// RUN: %mpirun -np 2 %t.p2x1 > %t.p21 && diff %t.refp %t.p21
// RUN: %mpirun -np 2 %t.p1x2 > %t.p12 && diff %t.refp %t.p12
// RUN: %mpirun -np 3 %t.p3x1 > %t.p31 && diff %t.refp %t.p31
// RUN: %mpirun -np 4 %t.p2x2 > %t.p22 && diff %t.refp %t.p22
// RUN: FileCheck %s < %t.ref
// RUN: FileCheck %s --check-prefix=PERIODIC < %t.refp
// CHECK: laplace 67x45, 100 iterations: max {{[0-9.]+}}, checksum {{[0-9]+}}
// PERIODIC: laplace 67x45 periodic, 100 iterations: max {{[0-9.]+}}, checksum {{[0-9]+}}
