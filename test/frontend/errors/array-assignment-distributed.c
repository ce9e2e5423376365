// An array assignment statement with a section of a distributed array along
// a distributed dimension needs the 'array' directive (XMP 1.4 3.3: "should
// be preceded by the array directive if the array section is distributed");
// on the right, where each node holds part of it, too (gmove copies it into
// a local array). Its elements and sections along collapsed dimensions are
// the executing node's own storage, as in other C code: no error.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#define N 8
double a[N], b[N], loc[N], c[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp align c[i][*] with t(i)
int main(void) {
// CHECK: array-assignment-distributed.c:[[@LINE+1]]:3: error: an assignment to a section of distributed array 'a' along a distributed dimension must be preceded by an 'array' directive ('#pragma xmp array on template-ref', XMP 1.4 3.2 and 4.6.1)
  a[0:N] = 1;
// CHECK: array-assignment-distributed.c:[[@LINE+1]]:20: error: a section of distributed array 'b' along a distributed dimension cannot be used in an array assignment statement without an 'array' directive; copy it with 'gmove'
  loc[0:4] = 1.0 + b[2:4];
// CHECK: array-assignment-distributed.c:[[@LINE+1]]:3: error: an assignment to a section of distributed array 'c' along a distributed dimension
  c[:][1] = 0;
// CHECK-NOT: error:
  loc[:] = b[0] * 2;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    c[i][:] = loc[:] + a[i];
  return 0;
}
// CHECK: 3 errors generated.
