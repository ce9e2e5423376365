// examples/cg/cg_coarray.c (CG in XMP/C's local view: contiguous row blocks,
// split unevenly when the image count does not divide NA; the halo of p
// fetched by coindexed section gets of only the columns the rows use, cut by
// owner and by wrap-around; dot products by element puts into every image's
// coarray and xmp_sync_all) verifies itself against the same iterations done
// serially, on 1-4 images (1003 rows: uneven at 2, 3 and 4 images; at one
// image the halo wraps around onto the image itself).
// RUN: %xmpcc -O2 -DNA=1003 %examples/cg/cg_coarray.c -o %t -lm
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: cg: NA=1003, 25 iterations on {{[1-4]}} images
// CHECK: cg: VERIFIED
