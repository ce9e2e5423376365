// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
int *b;
void f(void) {
#pragma xmp align a[i] with t(i)
}
int main(void) {
  b = xmp_malloc(xmp_desc_of(b), 10);
#pragma xmp align b[i] with t(i)
  return 0;
}
// CHECK: {{.*}}align-outside-scope.c:9:19: error: 'align' must stand in the scope that declares 'a' (or in main for a file-scope array)
// CHECK: {{.*}}align-outside-scope.c:12:5: error: distributed array 'b' is allocated before its 'align' directive; the directive must come first (XMP 1.4: it precedes every use of the array in its block)
