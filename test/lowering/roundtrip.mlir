// The dialect parses and prints back unchanged.
// RUN: %xmp-opt %s | %xmp-opt | FileCheck %s

// CHECK: xmp.nodes @p shape ["2", "*"] {at = 0 : i64, directive = "nodes p(*,2)", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.nodes @p shape ["2", "*"] {at = 0 : i64, directive = "nodes p(*,2)", name = "p", scope = #xmp<scope file>, site = 0 : i64}
// CHECK: xmp.template @t lower ["0", "1"] upper ["N-1", "M"]
xmp.template @t lower ["0", "1"] upper ["N-1", "M"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}
// CHECK: xmp.distribute @t onto @p formats [#xmp<format block>, #xmp<format cyclic>] params ["", "2"]
xmp.distribute @t onto @p formats [#xmp<format block>, #xmp<format cyclic>] params ["", "2"] {at = 0 : i64, directive = "", site = 2 : i64}
// CHECK: xmp.align @a : "double" [10, 20] with @t dims [1, 0] offsets ["0", "(1)"]
xmp.align @a : "double" [10, 20] with @t dims [1, 0] offsets ["0", "(1)"] {at = 0 : i64, directive = "", site = 3 : i64}
// CHECK: xmp.array_alloc @a
xmp.array_alloc @a {at = 0 : i64, directive = "", site = 3 : i64}
// CHECK: xmp.loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["0", "0"] upper ["9", "19"] step ["1", "1"]
xmp.loop on @t ["i", "j"] dims [0, 1] offsets ["0", "0"] lower ["0", "0"] upper ["9", "19"] step ["1", "1"] {at = 0 : i64, const_step = array<i64: 1, 1>, same_step = array<i1: true, true>, hoist = array<i1: true, true>, index_decl = ["", ""], arrays = [], restrict = array<i1>, header_at = array<i64: 1, 2>, before_at = array<i64: 3, 4>, after_at = array<i64: 5, 6>, end_at = 7 : i64, begin_at = 8 : i64, step_at = 9 : i64, reduce_at = 10 : i64, directive = "", site = 4 : i64}
// CHECK: xmp.reduction max ["m"] : [#xmp<type double>] on @t
xmp.reduction max ["m"] : [#xmp<type double>] on @t {at = 0 : i64, directive = "", site = 5 : i64}
// CHECK: xmp.reduction lor ["f"] : [#xmp<type int>] {
xmp.reduction lor ["f"] : [#xmp<type int>] {at = 0 : i64, directive = "", site = 6 : i64}
// CHECK: xmp.barrier on @p
xmp.barrier on @p {at = 0 : i64, directive = "", site = 7 : i64}
// Array assignments: with the directive, and a statement.
// CHECK: xmp.array on @t lower ["0", "0"] upper ["9", "19"] step ["1", "1"] cyclic [0, 0] local [] body [{subs = [{index = "0"}], var = "c"}, "= 1;"]
xmp.array on @t lower ["0", "0"] upper ["9", "19"] step ["1", "1"] cyclic [0, 0] local [] body [{var = "c", subs = [{index = "0"}]}, "= 1;"] {at = 0 : i64, directive = "", site = 8 : i64}
// CHECK: xmp.array_assign [{lb = ["0"], len = ["n"], scalar = array<i64: 0>, st = ["1"], var = "v"}] "=" ["0;"] : "int"
xmp.array_assign [{var = "v", lb = ["0"], len = ["n"], st = ["1"], scalar = array<i64: 0>}] "=" ["0;"] : "int" {at = 0 : i64, directive = "", site = 9 : i64}
// The lowered form's own ops: distributed arrays, accesses and holes.
// CHECK: xmp.dist_array @a : "double" rank 2 {name = "a"}
xmp.dist_array @a : "double" rank 2 {name = "a"}
// CHECK: xmp.access @a [0, 1] {at = 9 : i64, nest = 4 : i64}
xmp.access @a [0, 1] {at = 9 : i64, nest = 4 : i64}
// CHECK: xmp.hole source 3 variant "tile" {xmp.anchor = 9 : i64}
xmp.hole source 3 variant "tile" {xmp.anchor = 9 : i64}
