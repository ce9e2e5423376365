// Array assignment statements are taken from the token stream before the
// parser sees them: Clang's own diagnostics around them keep their lines and
// columns (same line, next lines, a statement spread over lines), and a
// statement that is not finished is an error at the right place.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
int main(void) {
  int a[8], b[8];
// CHECK: array-assignment-locations.c:[[@LINE+1]]:31: error: use of undeclared identifier 'undeclared1'
  a[0:4] = b[1:4] * 2; b[0] = undeclared1;
  a[:] =
      b[:] +
      1;
// CHECK: array-assignment-locations.c:[[@LINE+1]]:10: error: use of undeclared identifier 'undeclared2'
  a[0] = undeclared2;
  for (int i = 0; i < 8; i++)
    a[i:1] = 0;
// CHECK: array-assignment-locations.c:[[@LINE+1]]:3: error: use of undeclared identifier 'undeclared3'
  undeclared3 = a[1];
  return 0;
}
