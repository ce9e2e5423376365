// The array directive: the statement after it (array sections are not C) is
// taken by the directive and becomes loops over the owned part of the
// template section (a canonical header where the step is a constant), with
// each section replaced by its element there (a distributed array's through
// locals declared before the loops).
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/array.xmp.c | FileCheck %s --check-prefix=C
#define N 10
double a[N], b[N], loc[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template tc[N]
#pragma xmp distribute t(block) onto p
#pragma xmp distribute tc[cyclic(2)] onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with tc[i]
int main(void) {
  double x = 2;
// CHECK: xmp.array on @t lower ["1"] upper ["N-2"] step ["1"] cyclic [0] local [] body [{array = @a, subs = [{base = "1", dim = 0 : i64, step = "1"}], var = "a"}, "=", {subs = [{base = "0", dim = 0 : i64, step = "1"}], var = "loc"}, "* x ;"]
#pragma xmp array on t(1:N-2)
  a[1:N-2] = loc[0:N-2] * x;
// CHECK: xmp.array on @tc lower ["2"] upper ["(2) + ((4) - 1) * (2)"] step ["2"] cyclic [1] local [] body [{array = @b, subs = [{base = "0", dim = 0 : i64, step = "1"}], var = "b"}, "+= 1 ;"]
#pragma xmp array on tc[2:4:2]
  b[0:4] += 1;
  return 0;
}
// C: xmp_rt_loop_bounds(_XMP_tmpl_t, 0, (0), (1), (N-2), (1), &_XMP_loop{{[0-9]+}}_lb0, &_XMP_loop{{[0-9]+}}_ub0, &_XMP_loop{{[0-9]+}}_st0); for (long _XMP_arr{{[0-9]+}}_0 = _XMP_loop{{[0-9]+}}_lb0; _XMP_arr{{[0-9]+}}_0 < _XMP_loop{{[0-9]+}}_ub0 + 1;
// C-SAME: _XMP_n[[S:[0-9]+]]_a[_XMP_n[[S]]_a_o + ((1) + ((_XMP_arr[[S]]_0) - (1)) / (1) * (1))] = loc[(0) + ((_XMP_arr[[S]]_0) - (1)) / (1) * (1)] * x ; }}
// C: long _XMP_loop{{[0-9]+}}_nb0 = xmp_rt_loop_block_count(_XMP_tmpl_tc, 0, (0), (2), ((2) + ((4) - 1) * (2)), (2)); for (long _XMP_loop{{[0-9]+}}_b0 = 0;
// C-SAME: _XMP_n[[T:[0-9]+]]_b[_XMP_n[[T]]_b_o + ((0) + ((_XMP_arr[[T]]_0) - (2)) / (2) * (1))] += 1 ; }}}
