// Two 'device replicate' directives in a row would both take the block after
// them (the generated C mixed the two replicas' names; found by the directive
// fuzzer, test/tools/fuzz-directives.py): an error at the second.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 8
double u[N], v[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: u, v
int main(void) {
#pragma xmp device replicate (u)
// CHECK: device-replicate-twice.c:[[@LINE+1]]:1: error: the block after this 'device replicate' is that of the one before; list the arrays in one directive
#pragma xmp device replicate (v)
  {
#pragma xmp device loop on t(i)
    for (int i = 0; i < N; i++)
      v[i] = u[i];
  }
  return 0;
}
