// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-extent-nodes.c:7:26: error: 'expand' applies to a loop on a template, not to a loop on a node array
#pragma xmp nodes p(4)
int main(void) {
  int i;
  double x = 0;
#pragma xmp loop on p(i) expand(1)
  for (i = 1; i <= 4; i++) x += i;
  return x > 0;
}
