// expand / margin / peel_and_wait: widths per `on` subscript as written (round
// brackets reversed into C order with the subscripts), '/unbound/', lo:hi.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: %xmpcc -emit-mlir %s | %xmp-opt --xmp-lower-to-runtime | FileCheck %s --check-prefix=LOWER
#define N 16
#pragma xmp nodes p(2, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
double a[N][N];
#pragma xmp align a[i][j] with t(j, i)
#pragma xmp shadow a[1][1]

int main(void) {
  int i, j;
  double s = 0;
// CHECK: xmp.loop on @t ["i", "j"] dims [0, 1] {{.*}} {{{.*}}extend_hi = ["2", "1"], extend_lo = ["0", "1"], extent = #xmp<extent expand>, {{.*}}unbound = array<i64: 1, 0>}
// The pieces' loop opens in the nest's block, each piece's bounds inside it;
// it closes after the nest, before the reduction clauses.
// LOWER: emitc.verbatim "for (int _XMP_loop{{[0-9]+}}_piece = -1; _XMP_loop{{[0-9]+}}_piece < 0; ++_XMP_loop{{[0-9]+}}_piece) {" {xmp.anchor = [[AT:[0-9]+]] : i64}
// LOWER: emitc.call_opaque "xmp_rt_loop_bounds_extent"() {args = [{{.*}}#emitc.opaque<"(0)">, #emitc.opaque<"(2)">, #emitc.opaque<"1">, #emitc.opaque<"_XMP_loop{{[0-9]+}}_piece">, #emitc.opaque<"0">
#pragma xmp loop (i, j) on t(j, i) expand(1, /unbound/0:2)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = i + j;
// CHECK: xmp.loop on @t ["i", "j"] {{.*}}extent = #xmp<extent margin>
// LOWER: emitc.verbatim "}" {xmp.anchor = [[END:[0-9]+]] : i64}
// LOWER-NEXT: xmp.hole anchor {{[0-9]+}} {xmp.anchor = [[END]] : i64}
// LOWER-NEXT: emitc.verbatim "}" {xmp.anchor = [[END]] : i64}
// LOWER: emitc.verbatim "for (int _XMP_loop{{[0-9]+}}_piece = 0; _XMP_loop{{[0-9]+}}_piece < 4; ++_XMP_loop{{[0-9]+}}_piece) {"
#pragma xmp loop (i, j) on t(j, i) margin(-1, -1) reduction(+:s)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += a[i][j];
#pragma xmp reflect (a) async(5)
// CHECK: xmp.loop on @t ["i"] {{.*}}async = "5", {{.*}}extend_hi = ["-1"], extend_lo = ["-1"], extent = #xmp<extent peel_and_wait>
// LOWER: emitc.verbatim "for (int _XMP_loop{{[0-9]+}}_piece = -1; _XMP_loop{{[0-9]+}}_piece < 2; ++_XMP_loop{{[0-9]+}}_piece) {"
// LOWER-NEXT: emitc.verbatim "if (_XMP_loop{{[0-9]+}}_piece == 0) xmp_rt_wait_async((5), &_XMP_where_{{[0-9]+}});"
#pragma xmp loop on t(:, i) peel_and_wait(5, 0, -1)
  for (i = 1; i < N - 1; i++)
    for (j = 0; j < N; j++)
      a[i][j] = a[i - 1][j] + a[i + 1][j];
  return s > 0;
}
