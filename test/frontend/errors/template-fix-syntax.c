// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp template t1[:][10]
#pragma xmp template t2(:)
#pragma xmp distribute t2(gblock(*)) onto p
int main(void) {
#pragma xmp template_fix (gblock(*)) t2(:)
  return 0;
}
// CHECK: {{.*}}template-fix-syntax.c:3:22: error: either every dimension of template 't1' is ':' (a deferred shape) or none is
// CHECK: {{.*}}template-fix-syntax.c:7:41: error: template_fix gives the template's shape: ':' is not allowed here
