// examples/cg/cg_xmp.c (CG in global view with NPB CG's two-dimensional
// layout: reduction of a distributed array on subproc(:), gmove between the
// row-split and the column-split vectors, reductions on subproc, static_desc,
// xmp_array_gcllbound) verifies itself against the same iterations done
// serially, on 1-4 nodes as 1x1, 1x2, 2x1, 2x2, 1x3 and 4x1 grids, with an
// extent that does not split evenly.
// RUN: %xmpcc -O2 -DNA=1003 -DNPCOL=1 %examples/cg/cg_xmp.c -o %t.c1 -lm
// RUN: %xmpcc -O2 -DNA=1003 -DNPCOL=2 %examples/cg/cg_xmp.c -o %t.c2 -lm
// RUN: %xmpcc -O2 -DNA=1003 -DNPCOL=4 %examples/cg/cg_xmp.c -o %t.c4 -lm
// RUN: %mpirun -np 1 %t.c1 | FileCheck %s
// RUN: %mpirun -np 2 %t.c1 | FileCheck %s
// RUN: %mpirun -np 2 %t.c2 | FileCheck %s
// RUN: %mpirun -np 4 %t.c2 | FileCheck %s
// RUN: %mpirun -np 3 %t.c1 | FileCheck %s
// RUN: env XMP_COMM=mpi %mpirun -np 4 %t.c4 | FileCheck %s
// CHECK: cg: NA=1003, 25 iterations on
// CHECK: cg: VERIFIED
