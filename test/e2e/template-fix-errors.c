// Run-time errors of template_fix and xmp_malloc, one message naming the
// directive or the array: a loop on a template before template_fix, a second
// template_fix, block sizes that do not add up to the template, and a second
// xmp_malloc without free.
// RUN: %xmpcc %s -o %t
// RUN: not %mpirun -np 1 %t early 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: not %mpirun -np 2 %t twice 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %mpirun -np 2 %t sizes 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: not %mpirun -np 1 %t again 2>&1 | FileCheck %s --check-prefix=AGAIN
// EARLY: xmpcc runtime: {{.*}}template-fix-errors.c:21: 'template t[:]': template 't' is used before template_fix gave it a shape
// TWICE: xmpcc runtime: {{.*}}template-fix-errors.c:41: 'template_fix t[n]': template 't' is fixed already: template_fix applies once, to a template declared with ':' or distributed gblock(*)
// TWICE-NOT: xmpcc runtime
// SIZES: xmpcc runtime: {{.*}}template-fix-errors.c:37: 'template_fix [gblock(m)] g[n]': template 'g' dimension 0 [0:9] onto 2 nodes: gblock sizes must be given, non-negative, and sum to the template extent
// SIZES-NOT: xmpcc runtime
// AGAIN: xmpcc runtime: {{.*}}template-fix-errors.c:26: 'align a[i] with t[i]': xmp_malloc of array 'a', which holds storage already (free it first)
#include <stdlib.h>
#include <string.h>
#include <xmp.h>
#pragma xmp nodes p[*]
#pragma xmp template g[:]
#pragma xmp template t[:]
#pragma xmp distribute t[block] onto p
#pragma xmp distribute g[gblock(*)] onto p
int m[2] = {3, 3};
int *a;
#pragma xmp align a[i] with t[i]

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  int n = 10, s = 0;
  if (strcmp(mode, "early") == 0) {
#pragma xmp loop on t[i]
    for (int i = 0; i < n; i++)
      s += i;
  }
  if (strcmp(mode, "sizes") == 0) {
#pragma xmp template_fix [gblock(m)] g[n]
  }
#pragma xmp template_fix t[n]
  if (strcmp(mode, "twice") == 0) {
#pragma xmp template_fix t[n]
  }
  a = xmp_malloc(xmp_desc_of(a), n);
  if (strcmp(mode, "again") == 0)
    a = xmp_malloc(xmp_desc_of(a), n);
  free(a);
  return s;
}
