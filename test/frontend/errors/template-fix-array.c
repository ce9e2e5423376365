// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}template-fix-array.c:12:24: error: template 't' has a deferred shape: give the template section's bounds
#pragma xmp nodes p(*)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
#include <xmp.h>
double *a;
#pragma xmp align a[i] with t(i)
int main(void) {
#pragma xmp template_fix t(10)
  a = xmp_malloc(xmp_desc_of(a), 10);
#pragma xmp array on t(:)
  a[0:10] = 1.0;
  return 0;
}
