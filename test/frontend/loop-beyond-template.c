// RUN: %xmpcc -emit-mlir %s 2>&1 >/dev/null | FileCheck %s
// A loop whose constant range reaches past its template's constant bounds
// (macros expanded): no node owns those elements, so no node runs their
// iterations; a warning at the loop's condition. Inside the bounds (also
// through an offset `t(i+1)` and square brackets): nothing.
#define N 10
double a[N], b[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template s[N][N]
#pragma xmp distribute t(block) onto p
#pragma xmp distribute s[block][*] onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i][j] with s[i][j]
int main(void) {
  double x = 0;
#pragma xmp loop on t(i) reduction(+:x)
  for (int i = 0; i < 2 * N; i++)
    x += i;
  // CHECK: loop-beyond-template.c:[[@LINE-2]]:19: warning: the range of loop index 'i' reaches template elements 0 to 19, beyond template 't' bounds 0:9: no node owns the elements outside them, so no node runs those iterations
#pragma xmp loop on t(i+1)
  for (int i = 0; i < N - 1; i++)
    x += 1;
#pragma xmp loop on t(i)
  for (int i = N - 1; i >= -1; i--)
    x += 1;
  // CHECK: loop-beyond-template.c:[[@LINE-2]]:23: warning: the range of loop index 'i' reaches template elements -1 to 9
#pragma xmp loop [i][j] on s[i][j]
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= N; j++)
      b[i][j] = x;
  // CHECK: loop-beyond-template.c:[[@LINE-2]]:21: warning: the range of loop index 'j' reaches template elements 0 to 10, beyond template 's' (dimension 1 in C order) bounds 0:9
  // CHECK-NOT: warning:
  return 0;
}
