// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loop-extent-unbound.c:10:34: error: expected 'unbound' in '/unbound/'
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
int main(void) {
  int i;
#pragma xmp loop on t(i) expand(/unbund/1)
  for (i = 0; i < 10; i++) a[i] = 0;
  return 0;
}
