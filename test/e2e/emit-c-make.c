// --emit-c output builds with make, a C compiler and MPI alone (no LLVM
// tool), and runs.
// RUN: rm -rf %t && %xmpcc --emit-c %t %examples/sum/sum.c
// RUN: make -C %t > %t.log 2>&1 && FileCheck %s --check-prefix=BUILD < %t.log
// RUN: %mpirun -np 3 %t/a.out | FileCheck %s
// BUILD-NOT: clang
// BUILD-NOT: llvm
// BUILD-NOT: mlir
// BUILD: mpicc {{.*}}-c -o sum.xmp.o sum.xmp.c
// BUILD: mpicc {{.*}}-o a.out sum.xmp.o {{.*}}-lxmp
// CHECK: sum = 9925916.000
