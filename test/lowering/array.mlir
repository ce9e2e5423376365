// Array assignments: `array on t(...)` loops over this node's part of the
// template section (canonical headers where the step is a constant, a block
// walk for cyclic(w)), distributed arrays through locals; a statement without
// the directive loops over the assigned section, through a temporary where
// its right-hand side may read what it writes.
// RUN: %xmp-opt --emit-c %s | FileCheck %s

xmp.nodes @p shape ["*"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0", "0"] upper ["N-1", "M-1"] {at = 1 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}
xmp.dist_array @x : "double" rank 2 {name = "x"}

// CHECK: // anchor 10
// CHECK-NEXT: { double *_XMP_n6_x = _XMP_addr_x; const long _XMP_n6_x_s0 = _XMP_layout_x.stride[0]; const long _XMP_n6_x_o = -(_XMP_layout_x.base[0] * _XMP_n6_x_s0 + _XMP_layout_x.base[1]); (void)_XMP_n6_x_o;
// CHECK-SAME: xmp_rt_loop_bounds(_XMP_tmpl_t, 0, (0), (2), (N-1), (1), &_XMP_loop6_lb0, &_XMP_loop6_ub0, &_XMP_loop6_st0); for (long _XMP_arr6_0 = _XMP_loop6_lb0; _XMP_arr6_0 < _XMP_loop6_ub0 + 1; _XMP_arr6_0 += _XMP_loop6_st0) {
// CHECK-SAME: long _XMP_loop6_nb1 = xmp_rt_loop_block_count(_XMP_tmpl_t, 1, (0), (0), (M-1), (s)); for (long _XMP_loop6_b1 = 0;
// CHECK-SAME: for (long _XMP_arr6_1 = _XMP_loop6_lb1; _XMP_loop6_st1 > 0 ? _XMP_arr6_1 <= _XMP_loop6_ub1 : _XMP_arr6_1 >= _XMP_loop6_ub1; _XMP_arr6_1 += _XMP_loop6_st1) {
// CHECK-SAME: for (long _XMP_arr6_2 = 0; _XMP_arr6_2 < (4); ++_XMP_arr6_2) {
// CHECK-SAME: _XMP_n6_x[_XMP_n6_x_o + ((1) + ((_XMP_arr6_0) - (2)) / (1) * (1)) * _XMP_n6_x_s0 + (k)] = y[(0) + _XMP_arr6_2 * (2)] + 1 ; }}}}}
xmp.array on @t lower ["2", "0"] upper ["N-1", "M-1"] step ["1", "s"] cyclic [0, 1] local ["4"] body [{var = "x", array = @x, subs = [{base = "1", step = "1", dim = 0}, {index = "k"}]}, "=", {var = "y", subs = [{base = "0", step = "2", local = 0}]}, "+ 1 ;"] {at = 10 : i64, directive = "", site = 6 : i64}

// CHECK: // anchor 11
// CHECK-NEXT: { const long _XMP_asg7_b0_0 = 0; const long _XMP_asg7_s0_0 = 1; const long _XMP_asg7_n0 = n; const long _XMP_asg7_b1_0 = 1; const long _XMP_asg7_s1_0 = 1; long _XMP_asg7_i0; for (_XMP_asg7_i0 = 0; _XMP_asg7_i0 < _XMP_asg7_n0; ++_XMP_asg7_i0) v[_XMP_asg7_b0_0 + _XMP_asg7_i0 * _XMP_asg7_s0_0] += w[_XMP_asg7_b1_0 + _XMP_asg7_i0 * _XMP_asg7_s1_0] * c[3]; }
xmp.array_assign [{var = "v", lb = ["0"], len = ["n"], st = ["1"], scalar = array<i64: 0>}, {var = "w", lb = ["1"], len = ["n"], st = ["1"], scalar = array<i64: 0>}, {var = "c", lb = ["3"], element}] "+=" ["", 1, "*", 2, ";"] : "int" {at = 11 : i64, directive = "", site = 7 : i64}
// The assigned array read elsewhere: through a temporary; a collapsed dimension of a
// distributed array through its layout.
// CHECK: // anchor 12
// CHECK-NEXT: { const long _XMP_asg8_b0_0 = i; const long _XMP_asg8_b0_1 = 0; const long _XMP_asg8_s0_1 = 1; const long _XMP_asg8_n0 = 5; const long _XMP_asg8_b1_0 = i; const long _XMP_asg8_b1_1 = 0; const long _XMP_asg8_s1_1 = 1; long _XMP_asg8_i0; double *_XMP_asg8_t = (double *)__builtin_malloc(sizeof(double) * (size_t)_XMP_asg8_n0); long _XMP_asg8_k = 0; for (_XMP_asg8_i0 = 0; _XMP_asg8_i0 < _XMP_asg8_n0; ++_XMP_asg8_i0) { _XMP_asg8_t[_XMP_asg8_k] = _XMP_addr_x[((_XMP_asg8_b1_0) - _XMP_layout_x.base[0]) * _XMP_layout_x.stride[0] + ((_XMP_asg8_b1_1 + _XMP_asg8_i0 * _XMP_asg8_s1_1) - _XMP_layout_x.base[1])] * 2; ++_XMP_asg8_k; } _XMP_asg8_k = 0; for (_XMP_asg8_i0 = 0; _XMP_asg8_i0 < _XMP_asg8_n0; ++_XMP_asg8_i0) _XMP_addr_x[{{.*}}] = _XMP_asg8_t[_XMP_asg8_k++]; __builtin_free(_XMP_asg8_t); }
xmp.array_assign [{var = "x", array = @x, lb = ["i", "0"], len = ["1", "5"], st = ["1", "1"], scalar = array<i64: 1, 0>}, {var = "x", array = @x, lb = ["i", "0"], len = ["1", "5"], st = ["1", "1"], scalar = array<i64: 1, 0>}] "=" ["", 1, "* 2;"] : "double" {at = 12 : i64, directive = "", site = 8 : i64, overlap}
