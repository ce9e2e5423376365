// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-index-missing.c:7:21: error: loop index 'k' is not the control variable of a tightly nested loop that follows
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp loop on t(k)
  for (int i = 0; i < 10; i++) { }
  return 0;
}
