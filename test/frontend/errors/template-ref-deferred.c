// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// An omitted bound of a template reference is the template's own; a deferred
// template has none until template_fix.
// CHECK: template-ref-deferred.c:11:33: error: template references need explicit bounds here: the shape of template 't' is only fixed at run time
#pragma xmp nodes p(*)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
int main(void) {
  int s = 0;
#pragma xmp template_fix t(0:9)
#pragma xmp reduction(+:s) on t(:)
  return s;
}
