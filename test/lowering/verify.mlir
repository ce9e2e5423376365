// The verifiers reject malformed directives.
// RUN: %xmp-opt %s -split-input-file -verify-diagnostics

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{'q' is not a node array}}
xmp.distribute @t onto @q formats ["block"] params [""] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.nodes @p shape ["2", "2"] {at = 0 : i64, directive = "", name = "p", scope = "file", site = 0 : i64}
xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 1 : i64}
// expected-error @+1 {{distributes 1 template dimensions onto a node array of 2}}
xmp.distribute @t onto @p formats ["block"] params [""] {at = 0 : i64, directive = "", site = 2 : i64}

// -----

// expected-error @+1 {{at most one dimension may be '*'}}
xmp.nodes @p shape ["*", "*"] {at = 0 : i64, directive = "", name = "p", scope = "file", site = 0 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{template dimension 1 is out of range for a template of rank 1}}
xmp.align "a" : "double" [10] with @t dims [1] offsets ["0"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{reduction '&' does not apply to floating-point variables}}
xmp.reduction "&" ["x"] : ["XMP_RT_DOUBLE"] on @t {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{unknown reduction kind 'avg'}}
xmp.reduction "avg" ["x"] : ["XMP_RT_DOUBLE"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{'t' is neither a template nor a node array}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64}

// -----

xmp.nodes @q shape ["*", "2"] {at = 0 : i64, directive = "", name = "q", scope = "file", site = 0 : i64}
// expected-error @+1 {{names the source node with 1 coordinates in a node array of rank 2}}
xmp.bcast ["x"] on @q from ["0"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{needs lower, upper and full entries for each of the 2 dimensions}}
xmp.shadow "b" lower ["1", "0"] upper ["2"] full [0, 1] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{distributes 1 to 3 loops, not 4}}
xmp.device_loop on @t ["i", "j", "k", "l"] dims [0, -1, -1, -1] offsets ["0", "0", "0", "0"] lower ["0", "0", "0", "0"] upper ["9", "9", "9", "9"] step ["1", "1", "1", "1"] arrays [] handles [] modes [] distributed [] row_elems [] scalars [] reductions [] [] : [] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{device loops reduce with + * - & | ^ && || max min, not 'firstmax'}}
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays [] handles [] modes [] distributed [] row_elems [] scalars [] reductions ["firstmax"] ["m"] : ["XMP_RT_DOUBLE"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{array modes are 'read' or 'readwrite', not "write"}}
xmp.device_loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] arrays ["a"] handles ["h"] modes ["write"] distributed [0] row_elems [1] scalars [] reductions [] [] : [] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{direction must be 'in' or 'out', not 'both'}}
xmp.device_sync "both" ["h"] {at = 0 : i64, directive = "", site = 0 : i64}

// -----

// expected-error @+1 {{needs one handle, distributed flag and element type per array}}
xmp.device_replicate ["a", "b"] handles ["h"] distributed [0, 0] elem ["double", "double"] {at = 0 : i64, end_at = 1 : i64, directive = "", site = 0 : i64}

// -----

// expected-error @+1 {{'xmp.reflect_do' op of 'a' has no reflect_init of it before}}
xmp.reflect_do "a" {at = 0 : i64, directive = "reflect_do (a)", site = 1 : i64}

// -----

xmp.reflect_init "a" lower [] upper [] periodic [0] {at = 0 : i64, directive = "reflect_init (a)", site = 1 : i64}
xmp.reflect_do "a" acc async "3" {at = 0 : i64, directive = "reflect_do (a) acc async(3)", site = 2 : i64}
// expected-error @+1 {{'xmp.reflect_init' op needs one width pair per periodic flag, or none}}
xmp.reflect_init "a" lower ["1"] upper [] periodic [0] {at = 0 : i64, directive = "reflect_init (a)", site = 3 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{'peel_and_wait' needs an async id}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64, extent = "peel_and_wait", extend_lo = ["-1"], extend_hi = ["-1"], unbound = array<i64: 0>}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{'expand' needs a lower and upper width and an unbound flag per loop index}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64, extent = "expand", extend_lo = ["1"], extend_hi = [], unbound = array<i64: 0>}

// -----

// expected-error @+1 {{needs one element count per variable}}
xmp.reduction "+" ["a", "s"] : ["XMP_RT_INT", "XMP_RT_INT"] {at = 0 : i64, directive = "", site = 1 : i64, counts = array<i64: 4>}

// -----

// expected-error @+1 {{begins a location reduction (firstmax, firstmin, lastmax or lastmin with location variables)}}
xmp.reduction_begin "max" ["v"] : ["XMP_RT_INT"] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{needs at least one loop in its iteration order}}
xmp.reduction_begin "firstmax" ["v"] : ["XMP_RT_INT"] locs ["a"] order [] {at = 0 : i64, directive = "", site = 1 : i64}

// -----

// A local array assignment (no template) has no loop variables.
// expected-error @+1 {{without a template has no loop variables}}
xmp.array ["i"] lower ["0"] upper ["9"] step ["1"] cyclic [0] body "a[i] = 0;" {at = 0 : i64, directive = "", site = 0 : i64}

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

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{needs a header, before and after anchor per loop index}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [], restrict = array<i1>, header_at = array<i64>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {at = 0 : i64, directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{'b' is not a distributed array}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {at = 0 : i64, const_step = array<i64: 1>, same_step = array<i1: true>, hoist = array<i1: true>, index_decl = [""], arrays = [@b], restrict = array<i1: true>, header_at = array<i64: 1>, before_at = array<i64: 2>, after_at = array<i64: 3>, end_at = 4 : i64, begin_at = 5 : i64, step_at = 6 : i64, reduce_at = 7 : i64, directive = "", site = 1 : i64}
