// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduce-shadow-type.c:11:28: error: 'reduce_shadow' adds elements, but those of 's' have type 'struct pt'
struct pt { double x, y; };
struct pt s[8];
#pragma xmp nodes p(*)
#pragma xmp template t(0:7)
#pragma xmp distribute t(block) onto p
#pragma xmp align s[i] with t(i)
#pragma xmp shadow s[1]
int main(void) {
#pragma xmp reduce_shadow (s)
  return 0;
}
