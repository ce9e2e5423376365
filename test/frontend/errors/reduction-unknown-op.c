// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}reduction-unknown-op.c:5:23: error: unknown reduction operator 'avg'; expected one of + * - & | ^ && || max min
int main(void) {
  int s = 0;
#pragma xmp reduction(avg:s)
  return s;
}
