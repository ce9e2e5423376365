// A bcast section past the array's end stops every node with one message
// naming the directive.
// RUN: %xmpcc %s -o %t
// RUN: not %mpirun -np 2 %t 2>&1 | FileCheck %s
// CHECK: xmpcc runtime: {{.*}}bcast-section-range.c:11: 'bcast (v[8:5])': bcast section dimension 0: 5 elements from 8 step 1 do not fit extent 10
// CHECK-NOT: xmpcc runtime
#pragma xmp nodes p(*)
int main(void) {
  int v[10] = {0};
  (void)v;
#pragma xmp bcast (v[8:5])
  return 0;
}
