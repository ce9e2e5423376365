// The reduction and barrier directives, with and without 'on'.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p

int main(void) {
  int n = 1;
  unsigned flags = 3;
  float x = 2.0f;
  _Bool ok = 1;
// CHECK: xmp.reduction sum ["n", "x"] : [#xmp<type int>, #xmp<type float>] {
#pragma xmp reduction(+:n, x)
// CHECK: xmp.reduction bor ["flags"] : [#xmp<type uint>] on @p
#pragma xmp reduction(|:flags) on p
// CHECK: xmp.reduction land ["ok"] : [#xmp<type bool>] on @t
#pragma xmp reduction(&&:ok) on t
// CHECK: xmp.barrier {
#pragma xmp barrier
// CHECK: xmp.barrier on @p
#pragma xmp barrier on p
  return n;
}
