// Work-shared nests and distributed-array accesses.
// RUN: %xmp-opt --xmp-lower-to-runtime %s | FileCheck %s
// RUN: %xmp-opt --emit-c %s | FileCheck %s --check-prefix=C

xmp.nodes @p shape ["*"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0", "0"] upper ["N-1", "M-1"] {at = 1 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}
xmp.dist_array @a : "double" rank 2 {name = "a"}
xmp.dist_array @f_b : "float" rank 1 {name = "b"}

// A nest whose bounds stay the same: the block opens at `at` (anchor 10)
// with the arrays' locals (a restrict base pointer, the strides but the
// last, the folded offset) and every loop's bounds, from one runtime call;
// constant steps give canonical headers; the block closes at `end_at` after
// the reductions.
// CHECK: emitc.verbatim "{" {xmp.anchor = 10 : i64}
// CHECK-NEXT: xmp.hole anchor 18 {xmp.anchor = 10 : i64}
// C: // anchor 10
// C-NEXT: {${anchor 18}double *restrict _XMP_n4_a = _XMP_addr_a; const long _XMP_n4_a_s0 = _XMP_layout_a.stride[0]; const long _XMP_n4_a_o = -(_XMP_layout_a.base[0] * _XMP_n4_a_s0 + _XMP_layout_a.base[1]); (void)_XMP_n4_a_o; float *_XMP_n4_b = _XMP_addr_b; {{.*}} long _XMP_loop4_b[6]; xmp_rt_loop_bounds_nest(_XMP_tmpl_t, 2, (const int[]){(0), (1)}, (const long[]){(0), (0)}, (const long[]){(0), (M-1)}, (const long[]){(N-1), (0)}, (const long[]){(1), (-(2))}, _XMP_loop4_b); const long _XMP_loop4_lb0 = _XMP_loop4_b[0], _XMP_loop4_ub0 = _XMP_loop4_b[1], _XMP_loop4_st0 = _XMP_loop4_b[2]; (void)_XMP_loop4_st0; const long _XMP_loop4_lb1 = _XMP_loop4_b[3], _XMP_loop4_ub1 = _XMP_loop4_b[4], _XMP_loop4_st1 = _XMP_loop4_b[5]; (void)_XMP_loop4_st1;
// C: // anchor 11
// C-NEXT: for (int i = _XMP_loop4_lb0; i < _XMP_loop4_ub0 + 1; i += 1)
// C: // anchor 12
// C-NEXT: for (j = _XMP_loop4_lb1; j > _XMP_loop4_ub1 - 1;${anchor 19}j -= 2)
// C: // anchor 17
// C-NEXT: ${anchor 20}}
xmp.loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["0", "M-1"] upper ["N-1", "0"] step ["1", "-(2)"] {at = 10 : i64, site = 4 : i64, directive = "", const_step = array<i64: 1, -2>, same_step = array<i1: true, true>, hoist = array<i1: true, true>, index_decl = ["int", ""], arrays = [@a, @f_b], restrict = array<i1: true, false>, header_at = array<i64: 11, 12>, before_at = array<i64: 13, 14>, after_at = array<i64: 15, 16>, end_at = 17 : i64, begin_at = 18 : i64, step_at = 19 : i64, reduce_at = 20 : i64}

// Bounds that depend on an outer index are computed before each run of their
// loop, in a block of their own; a step known at run time tests its sign; a
// cyclic(w) loop walks its blocks, and its local step is the node's own.
// C: // anchor 21
// C-NEXT: for (i = _XMP_loop5_lb0; i < _XMP_loop5_ub0 + 1; i += _XMP_loop5_st0)
// C: // anchor 22
// C-NEXT: for (j = _XMP_loop5_lb1; _XMP_loop5_st1 > 0 ? j <= _XMP_loop5_ub1 : j >= _XMP_loop5_ub1;${anchor 29}j += _XMP_loop5_st1)
// C: // anchor 23
// C-NEXT: { long _XMP_loop5_lb0, _XMP_loop5_ub0, _XMP_loop5_st0; long _XMP_loop5_nb0 = xmp_rt_loop_block_count(_XMP_tmpl_t, 0, (0), (0), (N-1), (1)); for (long _XMP_loop5_b0 = 0; _XMP_loop5_b0 < _XMP_loop5_nb0; ++_XMP_loop5_b0) { xmp_rt_loop_block(_XMP_tmpl_t, 0, (0), (0), (N-1), (1), _XMP_loop5_b0, &_XMP_loop5_lb0, &_XMP_loop5_ub0, &_XMP_loop5_st0);
// C: // anchor 24
// C-NEXT: { long _XMP_loop5_lb1, _XMP_loop5_ub1, _XMP_loop5_st1; xmp_rt_loop_bounds(_XMP_tmpl_t, 1, (0), (i), (M-1), (s), &_XMP_loop5_lb1, &_XMP_loop5_ub1, &_XMP_loop5_st1);
// C: // anchor 25
// C-NEXT: } }
// C: // anchor 26
// C-NEXT: }
xmp.loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["0", "i"] upper ["N-1", "M-1"] step ["1", "s"] {at = 30 : i64, site = 5 : i64, directive = "", const_step = array<i64: 1, 0>, same_step = array<i1: false, true>, hoist = array<i1: true, false>, index_decl = ["", ""], arrays = [], restrict = array<i1>, header_at = array<i64: 21, 22>, before_at = array<i64: 23, 24>, after_at = array<i64: 25, 26>, end_at = 27 : i64, begin_at = 28 : i64, step_at = 29 : i64, reduce_at = 31 : i64, cyclic = array<i64: 1, 0>}

// A nest inside loops that change none of its bounds nor its arrays'
// layouts (prologue_at .. prologue_end_at: a block around the outermost of
// them): the bounds, strides and offsets are computed there, once; the base
// pointer stays at the nest.
// C: // anchor 32
// C-NEXT: { const long _XMP_n6_a_s0 = _XMP_layout_a.stride[0]; const long _XMP_n6_a_o = -(_XMP_layout_a.base[0] * _XMP_n6_a_s0 + _XMP_layout_a.base[1]); (void)_XMP_n6_a_o; long _XMP_loop6_b[3]; xmp_rt_loop_bounds_nest(_XMP_tmpl_t, 1, (const int[]){(0)}, (const long[]){(0)}, (const long[]){(0)}, (const long[]){(N-1)}, (const long[]){(1)}, _XMP_loop6_b); const long _XMP_loop6_lb0 = _XMP_loop6_b[0], _XMP_loop6_ub0 = _XMP_loop6_b[1], _XMP_loop6_st0 = _XMP_loop6_b[2]; (void)_XMP_loop6_st0;
// C: // anchor 33
// C-NEXT: }
// C: // anchor 34
// C-NEXT: {${anchor 38}double *restrict _XMP_n6_a = _XMP_addr_a;{{$}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["N-1"] step ["1"] {at = 34 : i64, site = 6 : i64, directive = "", const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [@a], restrict = array<i1: true>, header_at = array<i64: 35>, before_at = array<i64: 36>, after_at = array<i64: 37>, end_at = 39 : i64, begin_at = 38 : i64, step_at = 40 : i64, reduce_at = 41 : i64, prologue_at = 32 : i64, prologue_end_at = 33 : i64}

// Accesses: through a nest's locals, the offset folded; outside nests through
// the array's layout; in a device loop (`nest`: its site) the kernels' own
// layout, its CPU function's locals (variant "cpu"), and in the tiled kernel
// (variant "tile") the plane ring.
// C: // anchor 40
// C-NEXT: _XMP_n4_a[_XMP_n4_a_o + (${source 0}) * _XMP_n4_a_s0 + (${source 1})]
xmp.access @a [0, 1] {at = 40 : i64, nest = 4 : i64}
// C: // anchor 41
// C-NEXT: _XMP_addr_b[((${source 2}) - _XMP_layout_b.base[0])]
xmp.access @f_b [2] {at = 41 : i64}
// C: // anchor 42
// C-NEXT: _XMP_addr_a[((${source 3}) - _XMP_layout_a.base[0]) * _XMP_layout_a.stride[0] + ((${source 4}) - _XMP_layout_a.base[1])]
// C: // anchor 42 cpu
// C-NEXT: _XMP_n7_a[_XMP_n7_a_o + (${source 3}) * _XMP_n7_a_s0 + (${source 4})]

// C: // anchor 42 tile
// C-NEXT: _XMP_tile[(_XMP_t0 + 5) & 3][_XMP_ty + 1][_XMP_tx + 0]
xmp.access @a [3, 4] {at = 42 : i64, device, nest = 7 : i64, tile = array<i64: 1, 0, -1>}
