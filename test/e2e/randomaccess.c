// examples/randomaccess/randomaccess_coarray.c (HPCC RandomAccess in XMP/C's
// local view: the table in blocks of a coarray, split unevenly when the image
// count does not divide it; each image's stream started by skipping ahead;
// updates bucketed by owner and sent each round by section puts into a 2-D
// receive coarray, row = sender, plus an element put of the count, between
// xmp_sync_all's) checks the table, gathered by section gets, word for word
// against the whole stream applied serially: exact, 0 errors, at 1-4 images.
// RUN: %xmpcc -O2 %examples/randomaccess/randomaccess_coarray.c -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: randomaccess: table 2^16, 262144 updates on {{[1-4]}} images, 0 errors
// CHECK: randomaccess: VERIFIED
