// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-template-rank.c:7:21: error: 'loop' gives 2 subscripts but template 't' has 1 dimensions
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp loop on t(i, j)
  for (int i = 0; i < 10; i++) { }
  return 0;
}
