// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-bad-condition.c:8:19: error: a work-shared loop's condition must compare its index: 'i < ub', '<=', '>' or '>='
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp loop on t(i)
  for (int i = 0; 10 > i; i++) { }
  return 0;
}
