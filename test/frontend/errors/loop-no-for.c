// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-no-for.c:8:3: error: 'loop' directive must be followed by a for statement
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
int main(void) {
#pragma xmp loop on t(i)
  while (0) { }
  for (int i = 0; i < 10; i++) { }
  return 0;
}
