// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#include <stdlib.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double *a, *b, **c;
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp align c[i] with t(i)
int main(void) {
  a = malloc(80);
  a = xmp_malloc(xmp_desc_of(b), 10);
  b = xmp_malloc(xmp_desc_of(b), 10, 10);
  void *p = xmp_malloc(xmp_desc_of(b), 10);
  free(p);
  return 0;
}
// CHECK: {{.*}}xmp-malloc.c:10:19: error: 'c' must point to elements of a complete, non-pointer type to be distributed
// CHECK: {{.*}}xmp-malloc.c:12:5: error: distributed array 'a' can only be assigned 'xmp_malloc(xmp_desc_of(a), ...)'
// CHECK: {{.*}}xmp-malloc.c:13:5: error: distributed array 'a' can only be assigned 'xmp_malloc(xmp_desc_of(a), ...)'
// CHECK: {{.*}}xmp-malloc.c:14:7: error: xmp_malloc of 'b' gives 2 extents but the array has 1 dimensions
// CHECK: {{.*}}xmp-malloc.c:15:13: error: xmp_malloc allocates a distributed array of pointer type in an assignment 'a = xmp_malloc(xmp_desc_of(a), ...)'
