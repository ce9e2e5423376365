// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-sync-direction.c:10:35: error: expected 'in' or 'out' after 'replicate_sync'
#pragma xmp nodes p(*)
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p
double a[100];
int main(void) {
#pragma xmp device replicate (a)
  {
#pragma xmp device replicate_sync (a)
  }
  return 0;
}
