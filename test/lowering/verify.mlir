// The verifiers reject malformed directives.
// RUN: %xmp-opt %s -split-input-file -verify-diagnostics

xmp.template @t lower ["0"] upper ["9"] {directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{'q' is not a node array}}
xmp.distribute @t onto @q formats ["block"] params [""] {directive = "", site = 1 : i64}

// -----

xmp.nodes @p shape ["2", "2"] {directive = "", name = "p", scope = "file", site = 0 : i64}
xmp.template @t lower ["0"] upper ["9"] {directive = "", name = "t", scope = "file", site = 1 : i64}
// expected-error @+1 {{distributes 1 template dimensions onto a node array of 2}}
xmp.distribute @t onto @p formats ["block"] params [""] {directive = "", site = 2 : i64}

// -----

// expected-error @+1 {{at most one dimension may be '*'}}
xmp.nodes @p shape ["*", "*"] {directive = "", name = "p", scope = "file", site = 0 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{template dimension 1 is out of range for a template of rank 1}}
xmp.align "a" : "double" [10] with @t dims [1] offsets ["0"] {directive = "", site = 1 : i64}

// -----

xmp.template @t lower ["0"] upper ["9"] {directive = "", name = "t", scope = "file", site = 0 : i64}
// expected-error @+1 {{reduction '&' does not apply to floating-point variables}}
xmp.reduction "&" ["x"] : ["XMP_RT_DOUBLE"] on @t {directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{unknown reduction kind 'avg'}}
xmp.reduction "avg" ["x"] : ["XMP_RT_DOUBLE"] {directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{'t' is not a template}}
xmp.loop on @t ["i"] dims [0] offsets ["0"] lower ["0"] upper ["9"] step ["1"] {directive = "", site = 1 : i64}

// -----

xmp.nodes @q shape ["*", "2"] {directive = "", name = "q", scope = "file", site = 0 : i64}
// expected-error @+1 {{names the source node with 1 coordinates in a node array of rank 2}}
xmp.bcast ["x"] on @q from ["0"] {directive = "", site = 1 : i64}

// -----

// expected-error @+1 {{needs lower, upper and full entries for each of the 2 dimensions}}
xmp.shadow "b" lower ["1", "0"] upper ["2"] full [0, 1] {directive = "", site = 1 : i64}
