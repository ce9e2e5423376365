// #include "..." finds files next to the source, as with any C compiler,
// although xmpcc compiles the translated C in another directory: directly,
// and through the makefile of --emit-c (run from a third directory).
// RUN: rm -rf %t && mkdir -p %t/run && cd %t/run
// RUN: %xmpcc --gpu=none %s -o %t/prog && %mpirun -np 2 %t/prog | FileCheck %s
// RUN: %xmpcc --gpu=none --emit-c %t/emit %s && make -s -C %t/emit XMP_GPU=none >/dev/null
// RUN: %mpirun -np 2 %t/emit/a.out | FileCheck %s
// CHECK: answer 42 from 2 nodes
#include <stdio.h>
#include <xmp.h>

#include "Inputs/quoted-include.h"

#pragma xmp nodes p(*)

int main(void) {
  if (xmp_node_num() == 1)
    printf("answer %d from %d nodes\n", QUOTED_INCLUDE_ANSWER, xmp_num_nodes());
  return 0;
}
