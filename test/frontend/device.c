// XMP-dev directives become xmp.device_* ops: replicate with its arrays
// (distributed or plain), replicate_sync in/out (`acc` for `device`),
// reset_weight, and device loop with the arrays the body reads (whole) or
// writes (by rows), the scalars it uses and its reductions.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 64
double a[N][N], b[N][N], w[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align a[i][j] with t(j, i)
#pragma xmp align b[i][j] with t(j, i)
#pragma xmp shadow a[1][0]
int main(void) {
  double alpha = 2.0, s = 0.0, big = 0.0, tmp, q = 0.5, r = 0.0;
  int i, j;
// CHECK: xmp.device_replicate ["a", "b", "w"] distributed [1, 1, 0] elem ["double", "double", "double"]
#pragma xmp device replicate (a, b, w)
  {
// CHECK: xmp.device_sync in ["a", "w"] of [6, 6]
#pragma xmp device replicate_sync in (a, w)
// CHECK: xmp.device_reset_weight "0.25"
#pragma xmp DEVICE Reset_Weight (0.25)
// CHECK: xmp.device_loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["1", "0"] upper ["(N - 1) - 1", "(N) - 1"] step ["1", "1"]
// CHECK-SAME: arrays ["a", "w", "b"] of [6, 6, 6] modes [#xmp<mode read>, #xmp<mode read>, #xmp<mode readwrite>] distributed [1, 0, 1] row_elems [1, 1, 1]
// tmp is set before anything reads it: private and not passed (use 2); alpha
// is only read (use 0).
// CHECK-SAME: scalars ["tmp", "alpha"] reductions [#xmp<reduction sum>, #xmp<reduction max>] ["s", "big"] : [#xmp<type double>, #xmp<type double>]
// XMP's rule: the reductions combine across the template's nodes (no node_local).
// CHECK-NOT: node_local
// CHECK-SAME: scalar_uses = array<i64: 2, 0>
#pragma xmp device loop (j, i) on t(j, i) reduction(+:s) reduction(max:big)
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < N; j++) {
        tmp = alpha * a[i - 1][j] + w[j];
        s += tmp;
        big = tmp > big ? tmp : big;
        b[i][j] = tmp;
      }
// CHECK: xmp.device_loop on @t ["i"] dims [0] {{.*}} arrays ["w"] {{.*}} modes [#xmp<mode readwrite>] distributed [0] row_elems [1] scalars [] reductions [] [] : []
#pragma xmp device loop on t(*, i)
    for (i = 0; i < N; i++)
      w[i] = w[i] * 0.5;
// Set only on some paths, or read first: passed (each iteration starts from the value before).
// CHECK: xmp.device_loop on @t ["i"] {{.*}} scalars ["q", "r"] reductions
// CHECK-SAME: scalar_uses = array<i64: 1, 1>
#pragma xmp device loop on t(*, i)
    for (i = 0; i < N; i++) {
      if (i > 2)
        q = 1.0;
      r = r + q;
      w[i] = r;
    }
// CHECK: xmp.device_sync out ["b"] of [6]
#pragma xmp acc replicate_sync out (b)
  }
  return (int)s;
}
