// Loop nests: index lists, both styles, bounds normalised to an inclusive
// upper bound and a signed step.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 20
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
double a[N][N];
#pragma xmp align a[i][j] with t(j,i)

int main(void) {
  int i, j;
  double s = 0, m = 0;
  long k = 1;
// CHECK: xmp.loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["0", "N-1"] upper ["(N) - 1", "0"] step ["1", "-1"]
#pragma xmp loop (i, j) on t(j, i)
  for (i = 0; i < N; i++)
    for (j = N-1; j >= 0; j--)
      a[i][j] = i + j;
// Only i is distributed; the inner loop keeps its bounds.
// CHECK: xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["1"] upper ["N-2"] step ["2"]
// CHECK-NEXT: xmp.reduction sum ["s"] : [#xmp<type double>] on @t
// CHECK-NEXT: xmp.reduction max ["m"] : [#xmp<type double>] on @t
// CHECK-NEXT: xmp.reduction prod ["k"] : [#xmp<type long>] on @t
#pragma xmp loop on t(*, i) reduction(+:s) reduction(MAX:m) reduction(*:k)
  for (int i = 1; i <= N-2; i += 2) {
    for (int j = 0; j < N; j++) {
      s += a[i][j];
      m = a[i][j] > m ? a[i][j] : m;
    }
    k *= 2;
  }
// Square style: template subscripts in C order.
// CHECK: xmp.loop on @t ["j"] dims [1] offsets ["0"] lower ["N"] upper ["(1) + 1"] step ["-(3)"]
#pragma xmp loop [j] on t[:][j]
  for (j = N; j > 1; j -= 3)
    s += 1;
  return (int)s;
}
