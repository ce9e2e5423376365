//===- XMPDialect.td - the xmp dialect ---------------------*- tablegen -*-===//
//
// The xmp dialect records XcalableMP directives after parsing and semantic
// checks. C expressions that the directives carry (sizes, bounds) stay opaque
// strings of C source: they are evaluated by the generated program, in the
// scope where the directive stands. Every list is in C order (dimension 0 is
// the outermost); the frontend reverses round-bracket (Fortran-order) lists.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_DIALECT_TD
#define XMP_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"

def XMP_Dialect : Dialect {
  let name = "xmp";
  let summary = "XcalableMP directives (global view, XMP-dev, XACC)";
  let cppNamespace = "::xmp";
  let useDefaultAttributePrinterParser = 1;
}

class XMP_Attr<string name, string attrMnemonic> : AttrDef<XMP_Dialect, name> {
  let mnemonic = attrMnemonic;
}

// Bounds of a node reference (a subset, a task's nodes, a bcast's source
// among them) are C expressions (0-based, inclusive), or one of these two,
// which only the running program knows.
def XMP_NodeCoordAttr : XMP_Attr<"NodeCoord", "coord"> {
  let summary = "the executing node's own coordinate along the dimension (a `*` subscript)";
}
def XMP_LastIndexAttr : XMP_Attr<"LastIndex", "last"> {
  let summary = "the last index of the node array's dimension (an open range)";
}

//===----------------------------------------------------------------------===//
// Closed sets: enums, printed as keywords (`sum`, `double`, `block`).
//===----------------------------------------------------------------------===//

class XMP_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::xmp";
  let genSpecializedAttr = 0;
}

// XMP's reduction operators (XMP 1.4 for C); `xmp::reductionOperator` gives
// the directive's spelling ("+", "&&", "firstmax").
def XMP_ReductionKind : XMP_Enum<"ReductionKind", "a reduction operator", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>, I32EnumAttrCase<"sub", 2>,
    I32EnumAttrCase<"band", 3>, I32EnumAttrCase<"bor", 4>, I32EnumAttrCase<"bxor", 5>,
    I32EnumAttrCase<"land", 6>, I32EnumAttrCase<"lor", 7>, I32EnumAttrCase<"max", 8>,
    I32EnumAttrCase<"min", 9>, I32EnumAttrCase<"firstmax", 10>,
    I32EnumAttrCase<"firstmin", 11>, I32EnumAttrCase<"lastmax", 12>,
    I32EnumAttrCase<"lastmin", 13>]>;
def XMP_ReductionKindAttr : EnumAttr<XMP_Dialect, XMP_ReductionKind, "reduction">;
def XMP_ReductionKindArrayAttr
    : TypedArrayAttrBase<XMP_ReductionKindAttr, "reduction operators">;

// The scalar C types the runtime moves and reduces (its enum xmp_rt_type):
// `char` .. `ullong` the integers, `float`, `double`, `ldouble`, `bool`.
def XMP_ScalarType : XMP_Enum<"ScalarType", "a scalar C type of the runtime", [
    I32EnumAttrCase<"Char", 0, "char">, I32EnumAttrCase<"Schar", 1, "schar">, I32EnumAttrCase<"Uchar", 2, "uchar">,
    I32EnumAttrCase<"Short", 3, "short">, I32EnumAttrCase<"Ushort", 4, "ushort">, I32EnumAttrCase<"Int", 5, "int">,
    I32EnumAttrCase<"Uint", 6, "uint">, I32EnumAttrCase<"Long", 7, "long">, I32EnumAttrCase<"Ulong", 8, "ulong">,
    I32EnumAttrCase<"Llong", 9, "llong">, I32EnumAttrCase<"Ullong", 10, "ullong">,
    I32EnumAttrCase<"Float", 11, "float">, I32EnumAttrCase<"Double", 12, "double">,
    I32EnumAttrCase<"Ldouble", 13, "ldouble">, I32EnumAttrCase<"Bool", 14, "bool">]>;
def XMP_ScalarTypeAttr : EnumAttr<XMP_Dialect, XMP_ScalarType, "type">;
def XMP_ScalarTypeArrayAttr : TypedArrayAttrBase<XMP_ScalarTypeAttr, "scalar types">;

// A template dimension's distribution format (`none` for `*`).
def XMP_DistFormat : XMP_Enum<"DistFormat", "a distribution format", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"block", 1>, I32EnumAttrCase<"cyclic", 2>,
    I32EnumAttrCase<"gblock", 3>]>;
def XMP_DistFormatAttr : EnumAttr<XMP_Dialect, XMP_DistFormat, "format">;
def XMP_DistFormatArrayAttr : TypedArrayAttrBase<XMP_DistFormatAttr, "distribution formats">;

// Where a declaration stands: file scope (static storage) or in a function.
def XMP_Scope : XMP_Enum<"Scope", "a declaration's scope", [
    I32EnumAttrCase<"file", 0>, I32EnumAttrCase<"function", 1>]>;
def XMP_ScopeAttr : EnumAttr<XMP_Dialect, XMP_Scope, "scope">;

// The way data moves: `in` to the executing nodes or to the devices'
// copies, `out` from them.
def XMP_Direction : XMP_Enum<"Direction", "a direction of transfer", [
    I32EnumAttrCase<"in", 0>, I32EnumAttrCase<"out", 1>]>;
def XMP_DirectionAttr : EnumAttr<XMP_Dialect, XMP_Direction, "direction">;

// How a device loop uses an array.
def XMP_AccessMode : XMP_Enum<"AccessMode", "a device loop's use of an array", [
    I32EnumAttrCase<"read", 0>, I32EnumAttrCase<"readwrite", 1>]>;
def XMP_AccessModeAttr : EnumAttr<XMP_Dialect, XMP_AccessMode, "mode">;
def XMP_AccessModeArrayAttr : TypedArrayAttrBase<XMP_AccessModeAttr, "access modes">;

// A loop's changed extent (XMP 2.0's `expand`, `margin`, `peel_and_wait`).
def XMP_LoopExtent : XMP_Enum<"LoopExtent", "a loop's extent clause", [
    I32EnumAttrCase<"expand", 0>, I32EnumAttrCase<"margin", 1>,
    I32EnumAttrCase<"peel_and_wait", 2>]>;
def XMP_LoopExtentAttr : EnumAttr<XMP_Dialect, XMP_LoopExtent, "extent">;

// Every directive op names the source site it was made from (`site`: a number
// that keeps the C names it generates apart), the directive's text, which
// runtime error messages quote, and its anchors: `at` and the other `*_at`
// attributes are ids of the places in the user's source the frontend recorded
// (a pragma line to replace, a loop header, the point after a block, or a
// virtual place whose text another fragment takes in through an xmp.hole).
// Lowering tags every fragment it produces with the anchor it belongs to;
// the frontend only splices the printed fragments at their anchors. Mapping
// directives, which may stand at file scope, also take `init_at`: where their
// executable part goes when it is not `at` (the file's initialisation).
class XMP_Op<string mnemonic, list<Trait> traits = []>
    : Op<XMP_Dialect, mnemonic, traits>;


def XMP_NodesOp : XMP_Op<"nodes", [Symbol]> {
  let summary = "a node array (`nodes p(4,*)`)";
  let description = [{
    `shape` holds one C expression per dimension, or "*" for the dimension
    that takes the remaining processes. A subset (`nodes q(2) = p(1:2)`)
    carries the selected triplets of `parent` (0-based, inclusive, C order;
    a bound is a C expression, #xmp.coord or #xmp.last); without `parent`,
    of the executing node set (`= *`).
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$name,
      StrArrayAttr:$shape, XMP_ScopeAttr:$scope, I64Attr:$site, I64Attr:$at, StrAttr:$directive,
      OptionalAttr<FlatSymbolRefAttr>:$parent,
      OptionalAttr<ArrayAttr>:$subset_lower,
      OptionalAttr<ArrayAttr>:$subset_upper,
      OptionalAttr<StrArrayAttr>:$subset_step,
      OptionalAttr<I64Attr>:$init_at);
  let assemblyFormat = "$sym_name `shape` $shape attr-dict";
  let hasVerifier = 1;
}

def XMP_TemplateOp : XMP_Op<"template", [Symbol]> {
  let summary = "an index space (`template t(0:N-1)`)";
  let description = [{
    Inclusive bounds per dimension, C expressions; ":" in every dimension of
    both for a deferred shape (`template t(:)`), given later by
    `xmp.template_fix`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$name,
      StrArrayAttr:$lower, StrArrayAttr:$upper, XMP_ScopeAttr:$scope, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive,
      OptionalAttr<I64Attr>:$init_at);
  let assemblyFormat = "$sym_name `lower` $lower `upper` $upper attr-dict";
  let hasVerifier = 1;
}

def XMP_DistributeOp : XMP_Op<"distribute"> {
  let summary = "distribution of a template onto nodes";
  let description = [{
    `formats` per template dimension (`none` for "*");
    `params` the C expression of each format's argument ("" when none;
    "*" for `gblock(*)`, whose sizes come with template_fix).
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, FlatSymbolRefAttr:$onto,
      XMP_DistFormatArrayAttr:$formats, StrArrayAttr:$params, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive,
      OptionalAttr<I64Attr>:$init_at);
  let assemblyFormat = "$tmpl `onto` $onto `formats` $formats `params` $params attr-dict";
  let hasVerifier = 1;
}

def XMP_TemplateFixOp : XMP_Op<"template_fix"> {
  let summary = "the shape of a template of deferred shape (`template_fix t(n)`)";
  let description = [{
    `lower` and `upper`: the inclusive bounds per dimension (C expressions),
    empty for a template declared with its bounds (distributed `gblock(*)`).
    `formats` and `params`: the formats given again, as for `xmp.distribute`
    (they supply the sizes of `gblock(*)` dimensions), or empty to keep
    those of the distribute directive.
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, StrArrayAttr:$lower,
      StrArrayAttr:$upper, XMP_DistFormatArrayAttr:$formats, StrArrayAttr:$params,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = [{
    $tmpl `lower` $lower `upper` $upper `formats` $formats `params` $params
    attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_AlignOp : XMP_Op<"align"> {
  let summary = "alignment of a C array with a template";
  let description = [{
    `tdims[d]` is the template dimension array dimension d is aligned with, or
    -1 when that dimension is collapsed (held whole by every node);
    `offsets[d]` the C expression added to the array index to get the
    template index. `extents` are all -1 for an array of pointer type
    (`int (*a)[n]`): it gets them, and its storage, from `xmp_malloc`.
    `scalar_type`: the elements' arithmetic type, recorded in the runtime's
    descriptor for the library procedures that compute with them.
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, StrAttr:$elem_type,
      DenseI64ArrayAttr:$extents, FlatSymbolRefAttr:$tmpl,
      DenseI64ArrayAttr:$tdims, StrArrayAttr:$offsets, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive,
      OptionalAttr<I64Attr>:$init_at, OptionalAttr<XMP_ScalarTypeAttr>:$scalar_type);
  let assemblyFormat = [{
    $array `:` $elem_type $extents `with` $tmpl `dims` $tdims
    `offsets` $offsets attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_ArrayAllocOp : XMP_Op<"array_alloc"> {
  let summary = "allocation of a distributed array's local part";
  let description = [{
    Placed after the last data-mapping directive of the array in its scope,
    so that every mapping attribute is known when the storage is laid out.
    `expose`: the array is the remote side of a one-sided gmove (`in` /
    `out`): its storage is made reachable (an MPI window) right away, while
    every node holding part of it is present.
    `parameter`: an aligned array parameter: the caller's storage (the
    parameter) is laid out, not allocated.
    `vla`: an automatic variable-length array (`int n = 8; double a[n];` in a
    function): its extents are those its declaration evaluated (the
    `sizes` of its xmp.dist_array).
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive, UnitAttr:$expose, UnitAttr:$parameter, UnitAttr:$vla,
      OptionalAttr<I64Attr>:$init_at);
  let assemblyFormat = "$array attr-dict";
  let hasVerifier = 1;
}

def XMP_DistArrayOp : XMP_Op<"dist_array", [Symbol]> {
  let summary = "a distributed array: a C array whose storage the runtime lays out";
  let description = [{
    `name` is the array's C name (symbols of local arrays carry their
    function's name too), `elem_type` the C type of its elements and `rank`
    its number of dimensions. Accesses (`xmp.access`) and the mapping and
    communication directives refer to it by symbol.

    What it declares in place of the user's declaration (`decl_at`, one
    declarator of a declaration: `static` when `is_static`): the typed
    pointer to its local storage, its runtime descriptor and its layout,
    and, for an automatic variable-length array, its extents as the
    declaration evaluates them (`sizes`, C expressions). An aligned array
    parameter declares the three at the start of its function's body
    (`param_at`). A local array's storage is released where its block ends
    (`free_at`). The other declarations of a file-scope array in this file
    (`extern` in a header or before its definition) declare its storage
    `extern` (`extern_at`); with `external` (no definition in this file:
    another file defines it) so does `decl_at`, and this file's mapping
    directives neither create nor lay out the array.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$name, StrAttr:$elem_type,
      I64Attr:$rank, UnitAttr:$is_static, OptionalAttr<StrArrayAttr>:$sizes,
      OptionalAttr<I64Attr>:$decl_at, OptionalAttr<I64Attr>:$param_at,
      OptionalAttr<I64Attr>:$free_at, OptionalAttr<DenseI64ArrayAttr>:$extern_at,
      UnitAttr:$external);
  let assemblyFormat = "$sym_name `:` $elem_type `rank` $rank attr-dict";
  let hasVerifier = 1;
}

def XMP_AllocOp : XMP_Op<"alloc"> {
  let summary = "`a = xmp_malloc(xmp_desc_of(a), n0, ...)` of a distributed array";
  let description = [{
    The assignment at `at` allocates the array (of pointer type: extents
    known at run time only) with the extents `sizes` (C expressions) and
    lays it out; `expose`: it is the remote side of a one-sided gmove, which
    reaches it through an MPI window made now.
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, StrArrayAttr:$sizes, I64Attr:$at,
      UnitAttr:$expose);
  let assemblyFormat = "$array `sizes` $sizes attr-dict";
}

def XMP_DeallocOp : XMP_Op<"dealloc"> {
  let summary = "`free(a)` of a distributed array allocated by xmp_malloc";
  let arguments = (ins FlatSymbolRefAttr:$array, I64Attr:$at);
  let assemblyFormat = "$array attr-dict";
}

def XMP_DescOfOp : XMP_Op<"desc_of"> {
  let summary = "`xmp_desc_of(x)`: the descriptor of a distributed array, template or node array";
  let arguments = (ins FlatSymbolRefAttr:$of, I64Attr:$at);
  let assemblyFormat = "$of attr-dict";
  let hasVerifier = 1;
}

def XMP_StorageOp : XMP_Op<"storage"> {
  let summary = "a distributed array passed whole to a function: this node's local storage";
  let arguments = (ins FlatSymbolRefAttr:$array, I64Attr:$at);
  let assemblyFormat = "$array attr-dict";
}

def XMP_EntryOp : XMP_Op<"entry"> {
  let summary = "what a translated file needs besides its directives";
  let description = [{
    `head_at`, the start of the file: the runtime's header and, with
    `device`, the device layer's and the device loops' declarations (the
    virtual anchor `decls_at`); then a `#line` back to `file`. `tail_at`, its
    end: the file's initialisation function, registered to run at start-up,
    whose body is the virtual anchor `init_at` (the file-scope directives);
    then the device loops' functions
    (`funcs_at`). `cuda_at`, the CUDA file of the device loops: the device
    layer's CUDA header, the user's macros (`macros_at`, which the loop
    bodies may use) and the kernels (`kernels_at`). The user's `main` keeps
    its name (a debugger's `break main` stops in it): `main_start_at`, just
    inside its body, starts the runtime (with the addresses of `main_params`,
    its argc and argv, when it has them); each of its returns ends it: at
    `main_returns` (pairs: after the `return` keyword, after the value), the
    value goes through the runtime's end, or, where `main_return_values` says
    the return has none (a `void main`), the end runs before it, in a
    block; `main_end_at`, before its closing brace, ends it when control
    reaches the end.
  }];
  let arguments = (ins StrAttr:$file, I64Attr:$head_at, I64Attr:$tail_at,
      OptionalAttr<I64Attr>:$init_at, OptionalAttr<I64Attr>:$main_start_at,
      OptionalAttr<I64Attr>:$main_end_at, OptionalAttr<StrArrayAttr>:$main_params,
      OptionalAttr<DenseI64ArrayAttr>:$main_returns,
      OptionalAttr<DenseBoolArrayAttr>:$main_return_values, UnitAttr:$main_void,
      UnitAttr:$device, OptionalAttr<I64Attr>:$decls_at, OptionalAttr<I64Attr>:$funcs_at,
      OptionalAttr<I64Attr>:$cuda_at, OptionalAttr<I64Attr>:$macros_at,
      OptionalAttr<I64Attr>:$kernels_at);
  let assemblyFormat = "$file attr-dict";
}

def XMP_AccessOp : XMP_Op<"access"> {
  let summary = "an element of a distributed array in user code (`a[i][j+1]`)";
  let description = [{
    The subscript chain at anchor `at` reads or writes one element of
    `array` at global indices: `subs` are the holes of the subscripts, in C
    order (C expressions of the user's, spliced as written, themselves with
    any access inside them replaced). `nest`: the site of the work-shared
    loop nest (xmp.loop) whose locals reach the array's storage (a base
    pointer, strides and an offset declared before the nest), or, with
    `device`, of the device loop whose body it is in: its kernels read it
    through the task's layout, its CPU function ("cpu") through locals as a
    nest's; without `nest` the access goes through the array's global
    layout. `tile`: in a device loop's tiled kernel this
    access reads the stencil tile, at these offsets from the iteration's own
    point (one per loop). `checked_file` and `checked_line` (checked mode,
    host code only): the element's address comes from the runtime, which
    stops the program, naming that place, the array, the global index and
    the node, when this node holds no such element (not in its block or
    shadow).
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, DenseI64ArrayAttr:$subs, I64Attr:$at,
      OptionalAttr<I64Attr>:$nest, UnitAttr:$device, OptionalAttr<DenseI64ArrayAttr>:$tile,
      OptionalAttr<StrAttr>:$checked_file, OptionalAttr<I64Attr>:$checked_line);
  let assemblyFormat = "$array $subs attr-dict";
  let hasVerifier = 1;
}

def XMP_LoopOp : XMP_Op<"loop"> {
  let summary = "a work-shared loop nest (`loop (i,j) on t(i,j)`)";
  let description = [{
    One entry per distributed loop of the nest, outermost first: the index
    variable, the template dimension it addresses, the template subscript
    offset, and the loop's normalised bounds (inclusive upper bound, signed
    step) as C expressions. `cyclic`, when present, marks the loops whose
    template dimension is distributed cyclic(w): their local iterations are
    one progression per owned block.
    `extent` (`expand`, `margin` or `peel_and_wait`) changes each node's
    local range: grown by `extend_lo` / `extend_hi` per loop (C expressions,
    negative ones shrink it), kept within the loop's global bounds unless
    `unbound`. expand runs the changed range, margin the iterations in one of
    the two ranges but not in both, peel_and_wait the changed range, then
    `wait_async(async)`, then the margin.

    What makes the generated nest a canonical one that C compilers optimise:
    `const_step`, per loop, the step's value where it is an integer constant
    (0 where it is known at run time only); `same_step`, per loop, whether
    the node's local step is the loop's own (every format but cyclic, and
    loops on node arrays); `hoist`, per loop, whether its bounds depend on
    nothing the nest changes, so that they are computed once before it;
    `index_decl`, per loop, the type its `for` declares the index with
    ("" where the index is declared before).
    `arrays` are the distributed arrays the nest accesses through locals
    declared before it (a base pointer, the strides and the folded offset),
    `restrict` flags per array whether that pointer may be `restrict` (no
    other way to the array's storage inside the nest).

    Anchors: `at` the directive's line (the nest's block opens there),
    `header_at` each loop's header, `before_at` and `after_at` the places
    just before each loop's `for` and just after its statement, `end_at` the
    place after the whole nest (where the block closes). Virtual ones, which
    the loop's fragments take in: `begin_at` runs first in the block, before
    any bound is computed (location reductions keep their variables there),
    `step_at` after each iteration of the innermost loop (location
    reductions note the iteration), `reduce_at` after the nest, inside the
    block (the reduction clauses). With `prologue_at` and `prologue_end_at`
    (around an enclosing loop that changes none of their inputs), the
    bounds, strides and offsets are computed in a block there instead, once
    for all runs of the nest; the base pointers stay at the nest.
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, StrArrayAttr:$indices,
      DenseI64ArrayAttr:$tdims, StrArrayAttr:$offsets, StrArrayAttr:$lower,
      StrArrayAttr:$upper, StrArrayAttr:$step, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive, DenseI64ArrayAttr:$const_step, DenseBoolArrayAttr:$same_step,
      DenseBoolArrayAttr:$hoist, StrArrayAttr:$index_decl, FlatSymbolRefArrayAttr:$arrays,
      DenseBoolArrayAttr:$restrict, DenseI64ArrayAttr:$header_at,
      DenseI64ArrayAttr:$before_at, DenseI64ArrayAttr:$after_at, I64Attr:$end_at,
      I64Attr:$begin_at, I64Attr:$step_at, I64Attr:$reduce_at, OptionalAttr<DenseI64ArrayAttr>:$cyclic,
      OptionalAttr<XMP_LoopExtentAttr>:$extent, OptionalAttr<StrArrayAttr>:$extend_lo,
      OptionalAttr<StrArrayAttr>:$extend_hi, OptionalAttr<DenseI64ArrayAttr>:$unbound,
      OptionalAttr<StrAttr>:$async, OptionalAttr<I64Attr>:$prologue_at,
      OptionalAttr<I64Attr>:$prologue_end_at);
  let assemblyFormat = [{
    `on` $tmpl $indices `dims` $tdims `offsets` $offsets
    `lower` $lower `upper` $upper `step` $step attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_ReductionOp : XMP_Op<"reduction"> {
  let summary = "allreduce of scalars (`reduction(+:s)`, or a loop's clause)";
  let description = [{
    `kind` is the XMP reduction operator; `types` the scalar type of each
    variable. Without `on`, over all executing nodes; `on` names a template
    (its distribution's nodes) or a node array. firstmax, firstmin, lastmax
    and lastmin take one variable and its location variables (`locs`).
    `async` (a C expression) is the id of `reduction ... async(id)`: the
    reduction completes at once and the id is recorded for `xmp.wait_async`.
    `counts`, when present, gives per variable the number of elements of a C
    array reduced element by element (0: a scalar; -1: a distributed array,
    the part each node owns, over nodes that all own the same part; not with
    `acc`, `loop` or `locs`). `loop`: the reduction
    clause of a loop (XMP 1.4: the reduction construct on the same variables
    right after the loop); with location variables it ends the
    `xmp.reduction_begin` at the loop's start. `acc` (XACC, `reduction ...
    acc`): the variables are `device replicate` arrays whose current copies
    (in a GPU's memory, else the host's) are reduced; not with `locs`.
    `loop_tdims` (a loop's, on a template): the template dimensions its
    indices run over; the reduction combines the nodes they span, this
    node's row of the grid along the others (xmp_rt_template_span).
  }];
  let arguments = (ins XMP_ReductionKindAttr:$kind, StrArrayAttr:$vars, XMP_ScalarTypeArrayAttr:$types,
      OptionalAttr<FlatSymbolRefAttr>:$on, I64Attr:$site, I64Attr:$at, StrAttr:$directive,
      OptionalAttr<StrArrayAttr>:$locs, OptionalAttr<StrAttr>:$async,
      OptionalAttr<DenseI64ArrayAttr>:$counts, UnitAttr:$loop, UnitAttr:$acc,
      OptionalAttr<DenseI64ArrayAttr>:$loop_tdims);
  let assemblyFormat = "$kind $vars `:` $types (`on` $on^)? (`locs` $locs^)? (`async` $async^)? (`loop` $loop^)? (`acc` $acc^)? attr-dict";
  let hasVerifier = 1;
}

def XMP_ReductionBeginOp : XMP_Op<"reduction_begin"> {
  let summary = "start of a loop's location reduction (firstmax ...)";
  let description = [{
    Before the loop of a `loop ... reduction(firstmax:v/loc/)` (and firstmin,
    lastmax, lastmin): the runtime keeps the variable and its location
    variables as they were before the loop; the matching `xmp.reduction`
    with `loop` ends it. Operands as for `xmp.reduction`.
    `order`: C expressions of the iteration's position in the nest's
    sequential order (one per loop, outermost first: the index, negated where
    the loop counts down; compared lexicographically). With it, each node
    records the position of the last iteration that changed the variable or a
    location variable (the "step" part, at the end of every iteration of the
    innermost distributed loop), and ties between nodes go by it (first*: the
    earliest, last*: the latest), not by node order; `step_at` is the loop's
    anchor where that record is made.
  }];
  let arguments = (ins XMP_ReductionKindAttr:$kind, StrArrayAttr:$vars, XMP_ScalarTypeArrayAttr:$types,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive, OptionalAttr<StrArrayAttr>:$locs,
      OptionalAttr<DenseI64ArrayAttr>:$counts, OptionalAttr<StrArrayAttr>:$order,
      OptionalAttr<I64Attr>:$step_at);
  let assemblyFormat =
      "$kind $vars `:` $types (`locs` $locs^)? (`order` $order^)? attr-dict";
  let hasVerifier = 1;
}

def XMP_BarrierOp : XMP_Op<"barrier"> {
  let summary = "barrier over all executing nodes or a node array";
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$on, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive);
  let assemblyFormat = "(`on` $on^)? attr-dict";
}

def XMP_ShadowOp : XMP_Op<"shadow"> {
  let summary = "shadow (halo) widths of a distributed array";
  let description = [{
    Per array dimension, the lower and upper widths as C expressions, and
    whether the dimension has a full shadow ('*': stored whole on every node).
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, StrArrayAttr:$lower, StrArrayAttr:$upper,
      DenseI64ArrayAttr:$full, I64Attr:$site, I64Attr:$at, StrAttr:$directive,
      OptionalAttr<I64Attr>:$init_at);
  let assemblyFormat = "$array `lower` $lower `upper` $upper `full` $full attr-dict";
  let hasVerifier = 1;
}

def XMP_ReflectOp : XMP_Op<"reflect"> {
  let summary = "update of an array's shadow areas from their owners";
  let description = [{
    Widths per array dimension as C expressions ("-1": the declared width),
    or empty lists for the declared widths everywhere; `periodic` per
    dimension. With `async`, completion is left to `xmp.wait_async`. `acc`:
    the exchange is on the array's device copy (`device replicate`), through
    a plan built at the first execution and kept, as `reflect_init` builds.
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, StrArrayAttr:$lower, StrArrayAttr:$upper,
      DenseI64ArrayAttr:$periodic, OptionalAttr<StrAttr>:$async, UnitAttr:$acc,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = [{
    $array `lower` $lower `upper` $upper `periodic` $periodic (`async` $async^)?
    (`acc` $acc^)? attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_ReduceShadowOp : XMP_Op<"reduce_shadow"> {
  let summary = "addition of an array's shadow values into their owners' elements";
  let description = [{
    The reverse of `xmp.reflect`: each face shadow's values are added into
    the elements they stand for (obliquely neighbouring shadows are not).
    Widths and `periodic` as for `xmp.reflect`; `type` is the runtime's name
    of the elements' arithmetic type (XMP_RT_DOUBLE, ...).
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, XMP_ScalarTypeAttr:$type, StrArrayAttr:$lower,
      StrArrayAttr:$upper, DenseI64ArrayAttr:$periodic, OptionalAttr<StrAttr>:$async,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = [{
    $array `:` $type `lower` $lower `upper` $upper `periodic` $periodic
    (`async` $async^)? attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_ReflectInitOp : XMP_Op<"reflect_init"> {
  let summary = "builds the persistent halo plan of an array that reflect_do runs";
  let description = [{
    XACC's `reflect_init`: widths as for `xmp.reflect` (empty lists: the
    declared widths). Each face's path (MPI or a direct link) is chosen by
    measurement during the plan's first executions. `acc`: the exchange is on
    the array's device copy (`device replicate`).
  }];
  let arguments = (ins FlatSymbolRefAttr:$array, StrArrayAttr:$lower, StrArrayAttr:$upper,
      DenseI64ArrayAttr:$periodic, UnitAttr:$acc, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = [{
    $array `lower` $lower `upper` $upper `periodic` $periodic (`acc` $acc^)? attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_ReflectDoOp : XMP_Op<"reflect_do"> {
  let summary = "runs the halo plan of the array's latest reflect_init";
  let arguments = (ins FlatSymbolRefAttr:$array, UnitAttr:$acc, OptionalAttr<StrAttr>:$async,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$array (`acc` $acc^)? (`async` $async^)? attr-dict";
  let hasVerifier = 1;
}

def XMP_WaitAsyncOp : XMP_Op<"wait_async"> {
  let summary = "completion of asynchronous communications by id";
  let arguments = (ins StrArrayAttr:$ids, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$ids attr-dict";
}

def XMP_BcastOp : XMP_Op<"bcast"> {
  let summary = "broadcast of variables from one node";
  let description = [{
    `root` holds the 0-based C-order coordinates of the source node in the
    node array `on` (empty: its first node); without `on`, all executing
    nodes, and `root` has at most one entry (the node's rank among them).
    `sections`, when present, has one dictionary per variable: empty for the
    whole variable, or an array section (`extents`, `elem`, and C
    expressions `lb`, `len`, `st` per dimension). `async`: as for
    `xmp.reduction` (the broadcast completes at once, the id is recorded).
    `acc`: as for `xmp.reduction` (whole variables only, no `sections`).
    `from`: the bcast runs on some nodes only (a task around it) and `root`
    are coordinates in node array `from`: the root is that node's rank among
    the executing nodes, or, with `from_lower` / `from_upper` / `from_step`
    (the task's triplets of `from`), its position among those.
  }];
  let arguments = (ins StrArrayAttr:$vars, OptionalAttr<FlatSymbolRefAttr>:$on,
      StrArrayAttr:$root, I64Attr:$site, I64Attr:$at, StrAttr:$directive,
      OptionalAttr<ArrayAttr>:$sections, OptionalAttr<StrAttr>:$async, UnitAttr:$acc,
      OptionalAttr<FlatSymbolRefAttr>:$from, OptionalAttr<ArrayAttr>:$from_lower,
      OptionalAttr<ArrayAttr>:$from_upper, OptionalAttr<StrArrayAttr>:$from_step);
  let assemblyFormat = "$vars (`on` $on^)? `from` $root (`sections` $sections^)? (`async` $async^)? (`acc` $acc^)? attr-dict";
  let hasVerifier = 1;
}

def XMP_TaskOp : XMP_Op<"task"> {
  let summary = "a block executed by a subset of the nodes";
  let description = [{
    The nodes selected by triplets (0-based, inclusive, C order; a bound of a
    node array is a C expression, #xmp.coord or #xmp.last) of the node
    array, or the owners of the selected elements of the template, `on`
    names execute the block that follows, as the executing node set.
    The block opens at `at` and closes at `end_at` (after the task's
    statement). A directive run on some nodes only (`reduction ... on
    p(1:2)`) is a task of its own whose statement is that directive: then
    `end_at` is `at`, and `inner` is the virtual anchor of the directive's
    code, which goes in between.
  }];
  let arguments = (ins FlatSymbolRefAttr:$on, ArrayAttr:$lower,
      ArrayAttr:$upper, StrArrayAttr:$step, I64Attr:$site, I64Attr:$at, StrAttr:$directive,
      I64Attr:$end_at, OptionalAttr<I64Attr>:$inner);
  let assemblyFormat = "`on` $on `lower` $lower `upper` $upper `step` $step attr-dict";
  let hasVerifier = 1;
}

def XMP_ArrayOp : XMP_Op<"array"> {
  let summary = "an array assignment work-shared on a template section (`array on t(...)`)";
  let description = [{
    Template dimension d of `tmpl` is iterated from `lower[d]` to `upper[d]`
    (inclusive) by `step[d]`, over the indices this node owns (`cyclic`
    marks dimensions distributed cyclic(w), walked block by block); inside,
    one local loop per length of `local_lengths` (a dimension of the
    assigned array aligned with no template dimension, held whole), then the
    statement. `body` is the statement as pieces: C text (a string), or a
    reference to an array (a dictionary: `var`, its C name; `array`, its
    symbol when it is distributed; `subs`, one dictionary per subscript:
    `index`, an index as written, or `base` and `step` with `dim` (a template
    dimension) or `local` (a local loop): the element base + pos * step at
    that loop's position).
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, StrArrayAttr:$lower, StrArrayAttr:$upper,
      StrArrayAttr:$step, DenseI64ArrayAttr:$cyclic, StrArrayAttr:$local_lengths,
      ArrayAttr:$body, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = [{
    `on` $tmpl `lower` $lower `upper` $upper `step` $step `cyclic` $cyclic
    `local` $local_lengths `body` $body attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_ArrayAssignOp : XMP_Op<"array_assign"> {
  let summary = "an array assignment statement (`a[0:n] = b[1:n] * 2;`), no directive";
  let description = [{
    Nested loops over the assigned section's shape, in C order, every base,
    step, length and index evaluated once before them. `refs`, the assigned
    reference first: dictionaries with `var` (the C name), `array` (its symbol
    when it is distributed: an element along collapsed dimensions), `lb`,
    `len`, `st` (C expressions per dimension) and `scalar` (1 where a
    dimension is a single index), or `element` with its indices in `lb` (a
    single element, written as it is). `op` is the assignment operator, `rhs`
    what follows it: C text (strings) and references by number (integers,
    1 and up). `overlap`: the right-hand side may read what the statement
    writes, so its values are computed into a temporary first, then stored
    (XMP 1.4, 3.2: every element of the right-hand side is evaluated before
    any is assigned).
  }];
  let arguments = (ins ArrayAttr:$refs, StrAttr:$op, ArrayAttr:$rhs, StrAttr:$elem_type,
      UnitAttr:$overlap, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$refs $op $rhs `:` $elem_type attr-dict";
  let hasVerifier = 1;
}

def XMP_GmoveOp : XMP_Op<"gmove"> {
  let summary = "copy of one array section into another";
  let description = [{
    `dst = src` over the executing node set: collectively, or with `mode`
    `in` (the executing nodes get the source from its owners) or `out` (they
    put the destination into its owners); with `async`, completed at
    `xmp.wait_async`. Each side is a variable (a
    distributed array when `*_distributed` is 1, else a C variable every
    node holds) with its extents and, per dimension, the section's first
    index, length and step, all as C expressions; `*_scalar` marks
    single-index subscripts, which do not count in the section's shape; a
    source of no shape dimension (one element) goes to every destination
    element. An
    extent of "-1" is known at run time only: a distributed array's from its
    descriptor, a pointer's leading one not at all. A length of "-1" runs to
    the end of the dimension.
  }];
  let arguments = (ins
      StrAttr:$dst_var, StrAttr:$dst_elem, I64Attr:$dst_distributed,
      StrArrayAttr:$dst_extents, StrArrayAttr:$dst_lower,
      StrArrayAttr:$dst_length, StrArrayAttr:$dst_step,
      DenseI64ArrayAttr:$dst_scalar,
      StrAttr:$src_var, StrAttr:$src_elem, I64Attr:$src_distributed,
      StrArrayAttr:$src_extents, StrArrayAttr:$src_lower,
      StrArrayAttr:$src_length, StrArrayAttr:$src_step,
      DenseI64ArrayAttr:$src_scalar, I64Attr:$site, I64Attr:$at, StrAttr:$directive,
      OptionalAttr<XMP_DirectionAttr>:$mode, OptionalAttr<StrAttr>:$async);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}


//===----------------------------------------------------------------------===//
// XMP-dev: device loops shared between CPU cores and GPUs (StarPU).
//===----------------------------------------------------------------------===//

def XMP_DeviceReplicateOp : XMP_Op<"device_replicate"> {
  let summary = "arrays managed by the device layer for a block (`device replicate`)";
  let description = [{
    Registers each array with StarPU until the block ends. A distributed array registers its local
    storage (shadows included); a plain C array, all of it. The block opens
    at `at` and ends at `end_at`, after the directive's block. An OpenACC
    data region (`acc data copy(a) copyout(b)`) is one too, with transfers:
    `copy_in` arrays are copied to the device when the block opens,
    `copy_out` ones back to the host when it ends (one flag per array); the
    others' device values are dropped there (a `device replicate` brings
    every array back).
    `unscoped` (`acc enter data` ... `exit data`): no block of its own, its
    handles declared where it opens, in the enclosing block.
  }];
  let arguments = (ins StrArrayAttr:$arrays,
      DenseI64ArrayAttr:$distributed, StrArrayAttr:$elem_types, I64Attr:$site, I64Attr:$at,
      StrAttr:$directive, I64Attr:$end_at, OptionalAttr<DenseBoolArrayAttr>:$copy_in,
      OptionalAttr<DenseBoolArrayAttr>:$copy_out, UnitAttr:$unscoped);
  let assemblyFormat = [{
    $arrays `distributed` $distributed `elem` $elem_types attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_DeviceSyncOp : XMP_Op<"device_sync"> {
  let summary = "host and device copies made consistent (`replicate_sync in|out`)";
  let description = [{
    `in`: the host arrays hold the current values; `out`: the latest values
    are brought to the host arrays. `replicas`: the site of each array's
    `device replicate`, whose registration it names. `only_if` (OpenACC's
    `update ... if (cond)`): a C condition; nothing is done when it is false.
    An update both ways is two ops that evaluate the condition once: the
    first (`keep_if`) keeps its value, opening a block, the second
    (`reuse_if`, no `only_if`) tests the kept value and closes the block.
  }];
  let arguments = (ins XMP_DirectionAttr:$direction, StrArrayAttr:$arrays, DenseI64ArrayAttr:$replicas,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive, OptionalAttr<StrAttr>:$only_if,
      UnitAttr:$keep_if, UnitAttr:$reuse_if);
  let assemblyFormat = "$direction $arrays `of` $replicas attr-dict";
  let hasVerifier = 1;
}

def XMP_DeviceAddressOp : XMP_Op<"device_address"> {
  let summary = "the device copies' addresses in a block (`acc host_data use_device`)";
  let description = [{
    A block, from `at` to `end_at`, in which each use of an array (`refs`,
    anchors; `ref_arrays`, the index in `arrays` of each one's array) is the
    address of the array's device copy, for a CUDA library or a CUDA-aware
    MPI: at the block's start the device layer makes that copy current and
    holds it (`replicas`, the sites of the arrays' device regions). A plain
    array keeps its C type there (`array_types`, that of a pointer to it,
    e.g. `double (*)[8][4]`); a distributed one is its local storage's
    address (`void *`, as when it is passed whole to a function), its type
    "".
  }];
  let arguments = (ins StrArrayAttr:$arrays, DenseI64ArrayAttr:$replicas,
      StrArrayAttr:$array_types, DenseI64ArrayAttr:$refs, DenseI64ArrayAttr:$ref_arrays,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive, I64Attr:$end_at);
  let assemblyFormat = "$arrays `of` $replicas `uses` $refs `:` $ref_arrays attr-dict";
  let hasVerifier = 1;
}

def XMP_DeviceResetWeightOp : XMP_Op<"device_reset_weight"> {
  let summary = "CPU weight of the following device loops (`reset_weight`)";
  let arguments = (ins StrAttr:$weight, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$weight attr-dict";
}

def XMP_DeviceLoopOp : XMP_Op<"device_loop"> {
  let summary = "a loop nest shared between CPU workers and GPUs (`device loop`)";
  let description = [{
    The nest's distributed loops as for xmp.loop (at most 3; `index_types`,
    the indices' C types; `const_step`, each step where it is an integer
    constant that the distribution keeps (every format but cyclic), else 0).
    Without `tmpl` (an OpenACC loop construct without `xmp loop`), every
    node runs every iteration of the loops as written (`tdims` -1,
    `node_local`). `only_if` (OpenACC's `if`): a C condition; when it is
    false the nest runs on the host, on the calling thread.
    The body (`body`, the hole of its source, at
    `body_file`:`body_line`) is outlined into a CPU function and CUDA kernels
    that see:
    - the arrays: `replicas`, the sites of their `device replicate`;
      `modes` `read` (whole array to every task) or `readwrite`
      (partitioned by rows of dimension 0, `row_elems` elements each for
      plain arrays); `elem_types`; `ranks` (of distributed arrays, 0 for
      the others); for a plain array (not `distributed`), its
      declaration as a pointer parameter (`param_decls`, `param_types`);
    - the scalars, with their C types and `scalar_uses`: 0 read only (passed
      by value), 1 assigned (private to each iteration, starting from the
      value passed), 2 set before anything reads them (private, not passed);
    - the reductions (`red_kinds`, `red_vars`, `red_types`): the tasks'
      results are combined into the variables, in task order, after the
      tasks end; then, by XMP's rule for a loop's reduction clause, each
      variable is reduced across the nodes of the template that the loop's
      dimensions (`tdims`) span (xmp_rt_reduce with xmp_rt_template_span, as
      after an xmp.loop). `node_local`: the reductions
      stop at this node's tasks, the variables are not reduced across nodes
      (OpenACC's rule, where each node's value is its own). `lazy`: the
      program reads the variables only at statements marked by
      xmp.reduction_mark, so the loop returns without its results
      (xmp_dev_loop_run_lazy), which reach the variables at the first mark
      that waits (xmp_dev_reduce_later).
    `labels`: the body defines a label (its CPU loop is written once).
    `own_rows`: every access addresses the iteration's own row of the
    outermost loop. `tile_array` (an index into `arrays`) and `tile_planes`
    (the lowest and highest offset of the outermost index it is read at):
    the stencil array a tiled kernel keeps in shared memory. `reach`, four
    numbers per array: 1, a dimension (0 for a plain array) and the lowest
    and the highest constant that subscript adds to the outermost index,
    where every access is such; 0 0 0 0 (or no `reach`): any row. An
    out-of-core execution loads each chunk's rows of that dimension and those
    around them.

    Anchors: `at` the directive (the tasks' submission), `nest_at` the nest
    (it goes; `unused`, names the body no longer uses there, are voided),
    and the virtual places of the outlined code: `decls_at` (declarations
    shared by the C and CUDA files), `funcs_at` (the CPU function),
    `kernels_at` (the kernels and their codelet).
  }];
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$tmpl, StrArrayAttr:$indices,
      DenseI64ArrayAttr:$tdims, StrArrayAttr:$offsets, StrArrayAttr:$lower,
      StrArrayAttr:$upper, StrArrayAttr:$step, StrArrayAttr:$index_types,
      DenseI64ArrayAttr:$const_step, StrArrayAttr:$arrays,
      DenseI64ArrayAttr:$replicas, XMP_AccessModeArrayAttr:$modes, DenseI64ArrayAttr:$distributed,
      DenseI64ArrayAttr:$row_elems, StrArrayAttr:$elem_types, DenseI64ArrayAttr:$ranks,
      StrArrayAttr:$param_decls, StrArrayAttr:$param_types, StrArrayAttr:$scalars, StrArrayAttr:$scalar_types,
      DenseI64ArrayAttr:$scalar_uses, XMP_ReductionKindArrayAttr:$red_kinds,
      StrArrayAttr:$red_vars, XMP_ScalarTypeArrayAttr:$red_types, UnitAttr:$node_local,
      I64Attr:$site, I64Attr:$at,
      StrAttr:$directive, I64Attr:$body, StrAttr:$body_file, I64Attr:$body_line,
      I64Attr:$nest_at, StrArrayAttr:$unused, I64Attr:$decls_at, I64Attr:$funcs_at,
      I64Attr:$kernels_at, UnitAttr:$labels, UnitAttr:$own_rows,
      OptionalAttr<I64Attr>:$tile_array, OptionalAttr<DenseI64ArrayAttr>:$tile_planes,
      OptionalAttr<StrAttr>:$only_if, UnitAttr:$lazy, OptionalAttr<DenseI64ArrayAttr>:$reach);
  let assemblyFormat = [{
    (`on` $tmpl^)? $indices `dims` $tdims `offsets` $offsets
    `lower` $lower `upper` $upper `step` $step
    `arrays` $arrays `of` $replicas `modes` $modes `distributed` $distributed
    `row_elems` $row_elems `scalars` $scalars
    `reductions` $red_kinds $red_vars `:` $red_types attr-dict
  }];
  let hasVerifier = 1;
}


//===----------------------------------------------------------------------===//
// What lowering leaves besides emitc ops.
//===----------------------------------------------------------------------===//

def XMP_ReductionMarkOp : XMP_Op<"reduction_mark"> {
  let summary = "a statement that reads or assigns a lazy reduction's variables";
  let description = [{
    Before the statement at anchor `at` (an insertion point), for the
    variables of lazy device loops' reductions (`vars`): the statement reads
    them, so their pending values are completed first (xmp_dev_reduce_wait,
    collective like the reduction), or, with `forget`, it assigns them
    before any read, so pending values are dropped (xmp_dev_reduce_forget).
  }];
  let arguments = (ins StrArrayAttr:$vars, UnitAttr:$forget, I64Attr:$at);
  let assemblyFormat = "$vars attr-dict";
}

def XMP_HoleOp : XMP_Op<"hole"> {
  let summary = "a place in a C fragment filled by the frontend";
  let description = [{
    Lowering produces C fragments as sequences of emitc ops, each tagged with
    the anchor (`xmp.anchor`) it belongs to; an xmp.hole in such a sequence
    stands for text the frontend owns: `source` is the id of a piece of the
    user's source (a subscript, a loop body, spliced with the anchors inside
    it), `anchor` a virtual anchor whose fragments go here. `variant` picks,
    for the anchors inside a piece of source, which of their fragments to use
    (a device loop's accesses read differently in its CPU function and its
    kernels).
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$source, OptionalAttr<I64Attr>:$anchor,
      OptionalAttr<StrAttr>:$variant);
  let assemblyFormat =
      "(`source` $source^)? (`anchor` $anchor^)? (`variant` $variant^)? attr-dict";
  let hasVerifier = 1;
}


//===----------------------------------------------------------------------===//
// The local view (XMP 1.4 chapter 4): coarrays and image control.
//===----------------------------------------------------------------------===//

def XMP_CoarrayOp : XMP_Op<"coarray"> {
  let summary = "a file-scope C object every image holds, reached by one-sided access";
  let description = [{
    `name` is the C object, `handle` the runtime object's C name, declared at
    `at` (`extern` when another file registers it, `static` for a `static`
    object, which is its file's own); `coshape` the
    codimensions' extents as C expressions, the last "*". The module's
    initialisation (`init_at`) registers it with the runtime, collectively.
  }];
  let arguments = (ins StrAttr:$name, StrAttr:$handle, StrArrayAttr:$coshape, UnitAttr:$external,
      UnitAttr:$internal, I64Attr:$site, I64Attr:$at, StrAttr:$directive, OptionalAttr<I64Attr>:$init_at);
  let assemblyFormat = "$name `handle` $handle `coshape` $coshape attr-dict";
  let hasVerifier = 1;
}

def XMP_CoarrayReadOp : XMP_Op<"coarray_read"> {
  let summary = "one element of a coarray on another image, read in an expression";
  let description = [{
    Replaces the reference at `at` by the element's value, of C type `elem`,
    fetched from the image whose cosubscripts are `cosubs`; `designator` is
    the hole of the reference without its image selector (the element's
    place in this image's copy, the same offset as on the image).
  }];
  let arguments = (ins StrAttr:$handle, StrArrayAttr:$cosubs, StrAttr:$elem, I64Attr:$designator,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$handle `image` $cosubs `elem` $elem attr-dict";
}

def XMP_CoarrayWriteOp : XMP_Op<"coarray_write"> {
  let summary = "an assignment statement to one element of a coarray on another image";
  let description = [{
    `op` is the assignment operator ("=", "+=", ...; one other than "=" reads
    the element first), `rhs` the hole of its right-hand side.
  }];
  let arguments = (ins StrAttr:$handle, StrArrayAttr:$cosubs, StrAttr:$elem, StrAttr:$op,
      I64Attr:$designator, I64Attr:$rhs, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$handle `image` $cosubs $op `elem` $elem attr-dict";
}

def XMP_CoarrayAtomicOp : XMP_Op<"coarray_atomic"> {
  let summary = "a call of XMP's atomic subroutines on an integer element of a coarray";
  let description = [{
    Replaces the call at `at`: `define` stores the value (the hole `operand`, converted to
    `elem`) into the element, else it fetches it through the pointer `operand`. `designator`
    is the element on this image (the hole of the atom without its image selector), `cosubs`
    the image's cosubscripts (none: this image).
  }];
  let arguments = (ins StrAttr:$handle, StrArrayAttr:$cosubs, StrAttr:$elem, UnitAttr:$define,
      I64Attr:$designator, I64Attr:$operand, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$handle `image` $cosubs `elem` $elem attr-dict";
}

def XMP_CoarrayCopyOp : XMP_Op<"coarray_copy"> {
  let summary = "an assignment statement of array sections with a coindexed side";
  let description = [{
    Each side: the coarray's handle and cosubscripts (none: this image's own
    variable), the C address of the section's first element and, per
    dimension that is not a single index, its count and its stride in bytes
    (C expressions). Without a source section, every element gets `value`.
  }];
  let arguments = (ins StrAttr:$elem, StrAttr:$dst_handle, StrArrayAttr:$dst_cosubs,
      StrAttr:$dst_first, StrArrayAttr:$dst_counts, StrArrayAttr:$dst_strides,
      StrAttr:$src_handle, StrArrayAttr:$src_cosubs, StrAttr:$src_first,
      StrArrayAttr:$src_counts, StrArrayAttr:$src_strides, OptionalAttr<StrAttr>:$value,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$dst_first `=` $src_first `elem` $elem attr-dict";
  let hasVerifier = 1;
}

def XMP_PostOp : XMP_Op<"post"> {
  let summary = "notifies one node that this image's earlier accesses are complete";
  let arguments = (ins FlatSymbolRefAttr:$nodes, StrArrayAttr:$coords, StrAttr:$tag,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$nodes `node` $coords `tag` $tag attr-dict";
}

def XMP_WaitOp : XMP_Op<"wait"> {
  let summary = "waits for one post from a node (any node without `nodes`), of a tag or any";
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$nodes, StrArrayAttr:$coords,
      OptionalAttr<StrAttr>:$tag, I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "($nodes^)? `node` $coords (`tag` $tag^)? attr-dict";
}

def XMP_LockOp : XMP_Op<"lock"> {
  let summary = "acquires (or with `unlock`, releases) an xmp_lock_t of a coarray on an image";
  let arguments = (ins StrAttr:$handle, StrArrayAttr:$cosubs, StrAttr:$lock, UnitAttr:$unlock,
      I64Attr:$site, I64Attr:$at, StrAttr:$directive);
  let assemblyFormat = "$handle `image` $cosubs `at` $lock attr-dict";
}

#endif // XMP_DIALECT_TD
