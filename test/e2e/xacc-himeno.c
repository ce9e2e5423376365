// examples/himeno/himeno_acc.c (thesis listing A.2 as written: acc data,
// xmp loop + acc parallel loop with a per-node reduction, acc loop, acc wait,
// reflect_do acc, reduction acc, update host/device) gives the serial
// reference's Gosa at 1-4 nodes over 1-D and the listing's 2-D node arrays,
// with uneven splits (XS over 3, an odd 13x11x17 grid over 3 and 4), at
// CPU weights fixed and tuned. Device loops run on CPU workers here; only the
// order of the double Gosa sum differs from the serial run, so 1e-10
// relative. -b 0.25 makes the stencil read the halo corners.
// RUN: rm -rf %t.d && make -s -C %examples/himeno O=%t.d %t.d/himeno_serial
// RUN: %t.d/himeno_serial -b 0.25 XS 4 | grep -e iterations -e Gosa > %t.xsb
// RUN: %t.d/himeno_serial -b 0.25 13x11x17 4 | grep -e iterations -e Gosa > %t.odd
// RUN: %xmpcc --gpu=none -O2 -DHIMENO_SIZE_XS %examples/himeno/himeno_acc.c -o %t.1d
// RUN: %xmpcc --gpu=none -O2 -DHIMENO_SIZE_XS -DNDJ=2 %examples/himeno/himeno_acc.c -o %t.2d
// RUN: %xmpcc --gpu=none -O2 -DMIMAX=13 -DMJMAX=11 -DMKMAX=17 -DNDJ=2 %examples/himeno/himeno_acc.c -o %t.o2d
// RUN: %mpirun -np 1 %t.1d -b 0.25 4 > %t.1 && %numcmp --rtol 1e-10 %t.xsb %t.1
// RUN: env XMP_COMM=mpi %mpirun -np 2 %t.1d -b 0.25 4 > %t.2 && %numcmp --rtol 1e-10 %t.xsb %t.2
// RUN: env XMP_BALANCE=fixed XMP_CPU_WEIGHT=0.3 %mpirun -np 3 %t.1d -b 0.25 4 > %t.3 && %numcmp --rtol 1e-10 %t.xsb %t.3
// RUN: %mpirun -np 2 %t.2d -b 0.25 4 > %t.2c && %numcmp --rtol 1e-10 %t.xsb %t.2c
// RUN: env XMP_COMM=direct %mpirun -np 4 %t.2d -b 0.25 4 > %t.4c && %numcmp --rtol 1e-10 %t.xsb %t.4c
// RUN: %mpirun -np 4 %t.o2d -b 0.25 4 > %t.o4 && %numcmp --rtol 1e-10 %t.odd %t.o4
// RUN: FileCheck %s < %t.o4
// CHECK: himeno xacc: grid 13x11x17
// CHECK-NEXT: decomposition 2x2x1
// CHECK-NEXT: iterations 4
// CHECK-NEXT: Gosa {{[0-9]\.[0-9]+e-[0-9]+}}
