// The verifiers reject malformed directives.
// RUN: %xmp-opt %s -split-input-file -verify-diagnostics

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{'q' is not a node array}}
xmp.distribute @t onto @q formats [#xmp<format block>] params [""] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.nodes @p shape ["2", "2"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 1 : i64}
// expected-error @+1 {{distributes 1 template dimensions onto a node array of 2}}
xmp.distribute @t onto @p formats [#xmp<format block>] params [""] {at = 0 : i64, directive = "", site = 2 : i64}

// -----

xmp.nodes @p shape ["*", "*"] {at = 0 : i64, directive = "", name = "p", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{a subset takes at most one '*' dimension}}
xmp.nodes @q shape ["*", "*"] {at = 0 : i64, directive = "", name = "q", scope = #xmp<scope file>, site = 1 : i64, parent = @p, subset_lower = ["0", "0"], subset_upper = ["1", "1"], subset_step = ["1", "1"]}

// -----

xmp.dist_array @a : "double" rank 1 {name = "a"}
xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{template dimension 1 is out of range for a template of rank 1}}
xmp.align @a : "double" [10] with @t dims [1] offsets ["0"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{reduction '&' does not apply to floating-point variables}}
xmp.reduction band ["x"] : [#xmp<type double>] on @t {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// An operator outside the enum does not parse.
// expected-error @+2 {{expected ::xmp::ReductionKind to be one of: sum, prod, sub, band, bor, bxor, land, lor, max, min, firstmax, firstmin, lastmax, lastmin}}
// expected-error @+1 {{failed to parse XMP_ReductionKindAttr}}
xmp.reduction avg ["x"] : [#xmp<type double>] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{'t' is neither a template nor a node array}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64}

// -----

xmp.nodes @q shape ["*", "2"] {at = 0 : i64, directive = "", name = "q", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{names the source node with 1 coordinates in a node array of rank 2}}
xmp.bcast ["x"] on @q from ["0"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.dist_array @b : "double" rank 1 {name = "b"}
// expected-error @+1 {{needs lower, upper and full entries for each of the 2 dimensions}}
xmp.shadow @b lower ["1", "0"] upper ["2"] full [0, 1] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{distributes 1 to 3 loops, not 4}}
xmp.device_loop on @t ["i", "j", "k", "l"] dims [0, -1, -1, -1] offsets ["0", "0", "0", "0"] lower ["0", "0", "0", "0"] upper ["9", "9", "9", "9"] step ["1", "1", "1", "1"] arrays [] of [] modes [] distributed [] row_elems [] scalars [] reductions [] [] : [] {at = 0 : i64, body = 0 : i64, body_file = "", body_line = 1 : i64, const_step = array<i64: 1, 1, 1, 1>, decls_at = 1 : i64, directive = "", elem_types = [], funcs_at = 2 : i64, index_types = ["int", "int", "int", "int"], kernels_at = 3 : i64, nest_at = 4 : i64, param_decls = [], param_types = [], ranks = array<i64>, scalar_types = [], scalar_uses = array<i64>, site = 1 : i64, unused = []}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{device loops reduce with + * - & | ^ && || max min, not 'firstmax'}}
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays [] of [] modes [] distributed [] row_elems [] scalars [] reductions [#xmp<reduction firstmax>] ["m"] : [#xmp<type double>] {at = 0 : i64, body = 0 : i64, body_file = "", body_line = 1 : i64, const_step = array<i64: 1>, decls_at = 1 : i64, directive = "", elem_types = [], funcs_at = 2 : i64, index_types = ["int"], kernels_at = 3 : i64, nest_at = 4 : i64, param_decls = [], param_types = [], ranks = array<i64>, scalar_types = [], scalar_uses = array<i64>, site = 1 : i64, unused = []}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+2 {{expected ::xmp::AccessMode to be one of: read, readwrite}}
// expected-error @+1 {{failed to parse XMP_AccessModeAttr}}
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays ["a"] of [0] modes [#xmp<mode write>] distributed [0] row_elems [1] scalars [] reductions [] [] : [] {at = 0 : i64, body = 0 : i64, body_file = "", body_line = 1 : i64, const_step = array<i64: 1>, decls_at = 1 : i64, directive = "", elem_types = ["double"], funcs_at = 2 : i64, index_types = ["int"], kernels_at = 3 : i64, nest_at = 4 : i64, param_decls = [], param_types = [], ranks = array<i64>, scalar_types = [], scalar_uses = array<i64>, site = 1 : i64, unused = []}

// -----

// expected-error @+2 {{expected valid keyword}}
// expected-error @+1 {{failed to parse XMP_DirectionAttr}}
xmp.device_sync "both" ["h"] of [0] {at = 0 : i64, directive = "", site = 0 : i64}

// -----

// expected-error @+1 {{needs one distributed flag and element type per array}}
xmp.device_replicate ["a", "b"] distributed [0] elem ["double", "double"] {at = 0 : i64, end_at = 1 : i64, directive = "", site = 0 : i64}

// -----

xmp.dist_array @a : "double" rank 1 {name = "a"}
// expected-error @+1 {{'xmp.reflect_do' op of 'a' has no reflect_init of it before}}
xmp.reflect_do @a {at = 0 : i64, directive = "reflect_do (a)", site = 1 : i64}

// -----

xmp.dist_array @a : "double" rank 1 {name = "a"}
xmp.reflect_init @a lower [] upper [] periodic [0] {at = 0 : i64, directive = "reflect_init (a)", site = 1 : i64}
xmp.reflect_do @a acc async "3" {at = 0 : i64, directive = "reflect_do (a) acc async(3)", site = 2 : i64}
// expected-error @+1 {{'xmp.reflect_init' op needs one width pair per periodic flag, or none}}
xmp.reflect_init @a lower ["1"] upper [] periodic [0] {at = 0 : i64, directive = "reflect_init (a)", site = 3 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{'peel_and_wait' needs an async id}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64, extent = #xmp<extent peel_and_wait>, extend_lo = ["-1"], extend_hi = ["-1"], unbound = array<i64: 0>}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{'expand' needs a lower and upper width and an unbound flag per loop index}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64, extent = #xmp<extent expand>, extend_lo = ["1"], extend_hi = [], unbound = array<i64: 0>}

// -----

// expected-error @+1 {{needs one element count per variable}}
xmp.reduction sum ["a", "s"] : [#xmp<type int>, #xmp<type int>] {at = 0 : i64, directive = "", site = 1 : i64, counts = array<i64: 4>}

// -----

// expected-error @+1 {{reduces a distributed array with neither 'acc' nor 'loop'}}
xmp.reduction sum ["a"] : [#xmp<type int>] acc {at = 0 : i64, directive = "", site = 1 : i64, counts = array<i64: -1>}

// -----

// expected-error @+1 {{element counts are at least -1 (a distributed array)}}
xmp.reduction sum ["a"] : [#xmp<type int>] {at = 0 : i64, directive = "", site = 1 : i64, counts = array<i64: -2>}

// -----

// expected-error @+1 {{begins a location reduction (firstmax, firstmin, lastmax or lastmin with location variables)}}
xmp.reduction_begin max ["v"] : [#xmp<type int>] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{needs at least one loop in its iteration order}}
xmp.reduction_begin firstmax ["v"] : [#xmp<type int>] locs ["a"] order [] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{a subscript names a loop the statement does not have}}
xmp.array on @t lower ["0"] upper ["9"] step ["1"] cyclic [0] local [] body [{var = "a", subs = [{base = "0", step = "1", dim = 1}]}, "= 0;"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{the right-hand side names reference 2, which does not exist}}
xmp.array_assign [{var = "v", lb = ["0"], len = ["n"], st = ["1"], scalar = array<i64: 0>}, {var = "w", lb = ["1"], element}] "=" [" ", 2, ";"] : "int" {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.dist_array @a : "double" rank 2 {name = "a"}
// expected-error @+1 {{gives 1 subscripts to 'a' of rank 2}}
xmp.access @a [0] {at = 1 : i64}

// -----

// expected-error @+1 {{'b' is not a distributed array}}
xmp.access @b [0] {at = 1 : i64}

// -----

xmp.dist_array @a : "double" rank 3 {name = "a"}
// expected-error @+1 {{reads a tile only in a device loop, with one offset per loop (3)}}
xmp.access @a [0, 1, 2] {at = 1 : i64, tile = array<i64: 0, 0, 1>}

// -----

// expected-error @+1 {{stands for either a piece of source or an anchor}}
xmp.hole source 1 anchor 2

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{needs a header, before and after anchor per loop index}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{'b' is not a distributed array}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [@b], restrict = array<i1: true>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{needs one C type and use per scalar}}
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays [] of [] modes [] distributed [] row_elems [] scalars ["x"] reductions [] [] : [] {at = 0 : i64, body = 0 : i64, body_file = "", body_line = 1 : i64, const_step = array<i64: 1>, decls_at = 1 : i64, directive = "", elem_types = [], funcs_at = 2 : i64, index_types = ["int"], kernels_at = 3 : i64, nest_at = 4 : i64, param_decls = [], param_types = [], ranks = array<i64>, scalar_types = [], scalar_uses = array<i64>, site = 1 : i64, unused = []}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{needs one element type, rank and parameter declaration per array}}
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays ["a"] of [0] modes [#xmp<mode read>] distributed [0] row_elems [1] scalars [] reductions [] [] : [] {at = 0 : i64, body = 0 : i64, body_file = "", body_line = 1 : i64, const_step = array<i64: 1>, decls_at = 1 : i64, directive = "", elem_types = ["double"], funcs_at = 2 : i64, index_types = ["int"], kernels_at = 3 : i64, nest_at = 4 : i64, param_decls = [], param_types = [], ranks = array<i64: 0>, scalar_types = [], scalar_uses = array<i64>, site = 1 : i64, unused = []}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = #xmp<scope file>, site = 0 : i64}
// expected-error @+1 {{computes its bounds before enclosing loops only where they are all hoisted, on no cyclic dimension and without an extent}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: false>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64, prologue_at = 8 : i64, prologue_end_at = 9 : i64}

// -----

// An OpenACC data region's transfers: one flag per array.
// expected-error @+1 {{needs one copy_in and copy_out flag per array}}
xmp.device_replicate ["a", "b"] distributed [1, 1] elem ["double", "double"] {at = 0 : i64, end_at = 1 : i64, directive = "", site = 0 : i64, copy_in = array<i1: true>}

// -----

// expected-error @+1 {{without a template runs every iteration on every node: its dimensions are -1 and its reductions node_local}}
xmp.device_loop ["i"] dims [-1] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays [] of [] modes [] distributed [] row_elems [] scalars [] reductions [#xmp<reduction sum>] ["s"] : [#xmp<type double>] {at = 0 : i64, body = 0 : i64, body_file = "", body_line = 1 : i64, const_step = array<i64: 1>, decls_at = 1 : i64, directive = "", elem_types = [], funcs_at = 2 : i64, index_types = ["int"], kernels_at = 3 : i64, nest_at = 4 : i64, param_decls = [], param_types = [], ranks = array<i64>, scalar_types = [], scalar_uses = array<i64>, site = 1 : i64, unused = []}

// -----

// expected-error @+1 {{has a use of an array it does not name}}
xmp.device_address ["a"] of [2] uses [10, 11] : [0, 1] {array_types = [""], at = 7 : i64, directive = "", end_at = 13 : i64, site = 7 : i64}

// -----

// expected-error @+1 {{needs at least one array, with the site of its region and its type}}
xmp.device_address ["a"] of [2] uses [] : [] {array_types = [], at = 7 : i64, directive = "", end_at = 13 : i64, site = 7 : i64}

// -----

// expected-error @+1 {{keeps a condition it has ('keep_if' with 'only_if'), or reuses the one kept before ('reuse_if' alone)}}
xmp.device_sync in ["b"] of [3] {at = 8 : i64, directive = "", reuse_if, only_if = "c", site = 8 : i64}

// -----

// expected-error @+1 {{needs codimensions, the last one '*'}}
xmp.coarray "a" handle "xmp_co_a" coshape ["4"] {at = 0 : i64, directive = "", site = 0 : i64}

// -----

// expected-error @+1 {{has '*' before its last codimension}}
xmp.coarray "a" handle "xmp_co_a" coshape ["*", "*"] {at = 0 : i64, directive = "", site = 0 : i64}

// -----

// expected-error @+1 {{needs a coindexed side}}
xmp.coarray_copy "&x[0]" = "&y[0]" elem "int" {at = 0 : i64, directive = "", dst_cosubs = [], dst_counts = [], dst_handle = "", dst_strides = [], site = 0 : i64, src_cosubs = [], src_counts = [], src_handle = "", src_strides = []}

// -----

// expected-error @+1 {{needs one count and one stride per dimension of each side}}
xmp.coarray_copy "&x[0]" = "&y[0]" elem "int" {at = 0 : i64, directive = "", dst_cosubs = ["1"], dst_counts = ["2"], dst_handle = "h", dst_strides = [], site = 0 : i64, src_cosubs = [], src_counts = [], src_handle = "", src_strides = []}

// -----

// expected-error @+1 {{has both a value and a source section}}
xmp.coarray_copy "&x[0]" = "&y[0]" elem "int" {at = 0 : i64, directive = "", dst_cosubs = ["1"], dst_counts = [], dst_handle = "h", dst_strides = [], site = 0 : i64, src_cosubs = [], src_counts = [], src_handle = "", src_strides = [], value = "0"}
