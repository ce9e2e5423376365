//===- Directive.h - parsed XMP directives ----------------------*- C++ -*-===//
//
// What the pragma handler understood of one `#pragma xmp` line, before any
// name is resolved. Lists are already in C order (dimension 0 outermost):
// round-bracket (Fortran-order) lists are reversed while parsing, and round
// template bounds are made explicit (`t(N)` is 1..N, `t[N]` is 0..N-1).
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_DIRECTIVE_H
#define XMP_FRONTEND_DIRECTIVE_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include <optional>
#include <string>
#include <vector>

namespace xmp::frontend {

/// A name as written, with where it was written.
struct Name {
  std::string text;
  clang::SourceLocation loc;
};

/// A C expression kept as source text; evaluated by the generated program.
struct CExpr {
  std::string text;
  clang::SourceLocation loc;
  /// The tokens after macro expansion, a space apart ("8 - 1" for `N-1`):
  /// what compile-time checks evaluate.
  std::string expanded = {};
  bool isStar() const { return text == "*"; }
};

enum class Bracket { Round, Square };

/// One node of a C expression written in a directive, as the directive
/// parser read it; its names and types are checked against the AST later
/// (SemaExpr.cpp). Operands are indices of earlier nodes.
struct ExprNode {
  enum Kind {
    Name,        // tok: the identifier
    Number,      // tok: the numeric constant
    Char,        // tok: the character constant
    String,      // toks: the string literals
    Paren,       // tok: '(', close: ')'
    Unary,       // tok: the operator
    Binary,      // tok: the operator
    Conditional, // tok: '?', close: ':'
    Subscript,   // tok: '[', close: ']'; operands: the base and the index
    Call,        // tok: '(', close: ')'; operands: the callee and the arguments
    Member,      // tok: '.' or '->'; toks: the member name
    Cast,        // tok: '(', close: ')'; toks: the type name
    Sizeof,      // tok: the keyword; toks: the type name, or an operand
  } kind;
  clang::Token tok;
  clang::SourceLocation close;
  std::vector<unsigned> operands;
  std::vector<clang::Token> toks;
};

/// A C expression written in a directive: its nodes, the root last.
struct ExprTree {
  std::vector<ExprNode> nodes;
  /// What the directive needs: an integer, any number (reset_weight), an
  /// array (gblock's block sizes).
  enum Need { Integer, Number, Array } need = Integer;
};

/// One subscript of an align target or a loop's `on` reference: a variable
/// with an optional offset (`i`, `i+1`), or '*' / ':' (no variable).
struct Subscript {
  std::string var; // empty for '*' and ':'
  std::string offset = "0";
  clang::SourceLocation loc;
};

/// One subscript of a node or template reference, as written: an index,
/// a triplet (round `lb:ub:step`, square `base:length:step`, parts may be
/// omitted), ':' (the whole dimension) or '*' (this node's own coordinate).
struct RefSubscript {
  enum Kind { Index, Triplet, All, Own } kind = Index;
  std::string first, second, step; // empty when omitted
  clang::SourceLocation loc;
};

/// A reference to nodes or template elements: `p`, `p(2)`, `p(1:2, *)`,
/// `t[0:10]`. Subscripts are in C order; what they mean depends on whether
/// the name is a node array (1-based in round brackets) or a template.
struct NodeRef {
  Name name;
  Bracket style = Bracket::Round;
  bool subscripted = false;
  std::vector<RefSubscript> subscripts;
};

struct NodesDirective {
  Name name;
  std::vector<CExpr> shape; // "*" allowed
  std::optional<NodeRef> parent; // `= p(...)`: a subset of p
  bool ofExecutingSet = false;   // `= *`
};

struct TemplateDirective {
  Name name;
  std::vector<CExpr> lower, upper; // empty when deferred
  size_t rank = 0;
  bool deferred = false; // `t(:)`, `t[:]`: the shape comes with template_fix
};

struct DistFormat {
  std::string kind; // "*", "block", "cyclic", "gblock"
  std::string param; // gblock(*): "*"
  clang::SourceLocation loc;
};

/// `template_fix [(formats)] t(bounds)`: the shape of a deferred template
/// and, optionally, its formats again (supplying gblock(*)'s sizes).
struct TemplateFixDirective {
  std::vector<DistFormat> formats; // empty: those of the distribute directive
  TemplateDirective templ;         // the name and the bounds
};

struct DistributeDirective {
  Name templ;
  std::vector<DistFormat> formats;
  Name nodes;
};

struct AlignDirective {
  Name array;
  std::vector<Subscript> source; // one per array dimension
  Name templ;
  std::vector<Subscript> target; // one per template dimension
};

/// One dimension of a `shadow` (w, lo:hi or '*'), of a reflect `width`
/// (['/periodic/'] w or lo:hi) or of a loop's expand / margin / peel_and_wait
/// (['/unbound/'] w or lo:hi).
struct Width {
  std::string lo, hi;
  bool full = false;     // shadow '*'
  bool periodic = false; // reflect '/periodic/'
  bool unbound = false;  // loop expand / margin / peel_and_wait '/unbound/'
  clang::SourceLocation loc;
};

struct ReductionClause {
  std::string kind;
  clang::SourceLocation loc;
  std::vector<Name> vars;
  std::vector<std::vector<Name>> locs; // per variable: `v/i, j/` location variables
};

/// How a loop's local iteration range is changed (XMP 1.4): `expand(w...)`
/// runs it grown by the widths (shrunk by negative ones), `margin(w...)` only
/// the iterations between the two, `peel_and_wait(id, w...)` the expanded
/// range, then `wait_async(id)`, then the margin.
enum class LoopExtent { None, Expand, Margin, PeelAndWait };

struct LoopDirective {
  std::vector<Name> indices; // empty: the variables of the `on` subscripts
  /// A device loop made of `xmp loop` and an OpenACC loop construct: its
  /// reductions (the construct's) stay on each node, as OpenACC's do.
  bool fromAcc = false;
  /// Made a device loop by the OpenACC loop construct after it.
  bool viaAcc = false;
  /// An OpenACC loop construct without `#pragma xmp loop`: a device loop
  /// over the whole range on every node, of this many loops (`collapse(n)`).
  unsigned wholeRange = 0;
  /// An OpenACC `if (cond)`: when it is false the loop runs on the host.
  std::optional<CExpr> onlyIf;
  Name templ;                // a template or a node array
  Bracket style = Bracket::Round;
  std::vector<Subscript> subscripts;
  std::vector<ReductionClause> reductions;
  LoopExtent extent = LoopExtent::None;
  clang::SourceLocation extentLoc;
  std::vector<Width> extentWidths; // one per `on` subscript, C order
  std::optional<CExpr> peelAsync;  // peel_and_wait's async id
};

struct ReductionDirective {
  ReductionClause clause;
  std::optional<NodeRef> on;
  std::optional<CExpr> async;
  bool acc = false; // XACC: on the variables' device copies
  clang::SourceLocation accLoc;
};

struct BarrierDirective {
  std::optional<NodeRef> on;
};

struct ShadowDirective {
  Name array;
  std::vector<Width> widths; // C order
};

struct ReflectDirective {
  std::vector<Name> arrays;
  std::vector<Width> widths; // empty: the declared widths
  bool acc = false;          // reflect, reflect_init, reflect_do: on the device copies
  std::optional<CExpr> async;
};

struct WaitAsyncDirective {
  std::vector<CExpr> ids;
  std::optional<NodeRef> on;
};

/// One side of a gmove assignment, or a bcast variable: a variable with
/// section subscripts in C order (`a[i][0:n:2]`), none for the whole variable.
struct GmoveSide {
  Name name;
  bool subscripted = false;
  std::vector<RefSubscript> subscripts; // square style: base:length:step
  /// A coarray's image selector (`a[0:3]:[k]`, `a:[i][j]`): its
  /// cosubscripts; empty on this image's own data.
  std::vector<CExpr> cosubscripts = {};
  clang::SourceLocation end = {}; // the last token of the reference
};

/// A coarray (XMP 1.4 chapter 4, the local view): a declarator with
/// codimensions `T a[10]:[*];` (the parser never sees `:[*]`: Coarrays.cpp)
/// or the `coarray` directive `#pragma xmp coarray a, b : [*]`. `coshape`:
/// the codimensions' extents, the last "*".
struct CoarrayDirective {
  std::vector<Name> names;
  std::vector<CExpr> coshape;
  bool declarator = false;
  clang::SourceLocation coBegin, coEnd; // declarator: ':' and the last ']'
};

/// A coindexed reference the parser reads as the element it names on this
/// image (`a[i]:[k]`, `s:[k]`; Coarrays.cpp took the image selector away):
/// the coarray's name, where its reference ends (the token before ':') and
/// the selector's last ']'.
struct CoindexedDirective {
  Name name;
  clang::SourceLocation refEnd, selectorEnd;
  std::vector<CExpr> cosubscripts;
};

/// An assignment statement of array sections, one side of which at least is
/// coindexed (`a[0:3]:[1] = b[3:3];`, `b[:] = a[:]:[k];`), or a coindexed
/// section assigned one value (`a[0:n]:[k] = 0;`: `value`).
struct CoarrayAssignDirective {
  GmoveSide dst, src;
  std::optional<CExpr> value;
};

/// `post (p[k], tag)`, `wait [(p[k] [, tag])]`.
struct PostWaitDirective {
  std::optional<NodeRef> node;
  std::optional<CExpr> tag;
};

/// `lock (l:[k])`, `unlock (l:[k])`: an xmp_lock_t element of a coarray
/// (`l`, `locks[i]`) on an image.
struct LockDirective {
  GmoveSide target;
  CExpr designator; // the reference without its image selector, as written
};

/// `device replicate (list)`, `device replicate_sync in|out (list)`.
struct DeviceDataDirective {
  std::vector<Name> arrays;
  bool in = false, out = false; // replicate_sync direction
};

/// `device reset_weight (expr)`.
struct ResetWeightDirective {
  CExpr weight;
};

struct BcastDirective {
  std::vector<Name> vars;
  std::vector<GmoveSide> sections; // per variable; unsubscripted: the whole variable
  std::optional<NodeRef> from;
  std::optional<NodeRef> on;
  std::optional<CExpr> async;
  bool acc = false; // XACC: on the variables' device copies
};

/// An OpenACC clause (XcalableACC): its name in lower case, and its variable
/// list (data clauses, private, firstprivate, reduction, host/device) or its
/// argument as written (`async(1)`, `vector_length(256)`, `collapse(2)`).
/// A subarray in a data clause, `a[lo:len][...]`: per dimension written, the
/// first index and the length as their tokens after macro expansion, a
/// space apart ("" where omitted: from 0, to the end).
struct AccSection {
  clang::SourceLocation loc; // the '['
  std::vector<std::pair<std::string, std::string>> dims;
};

struct AccClause {
  std::string name;
  clang::SourceLocation loc;
  std::vector<Name> vars;
  std::vector<AccSection> sections; // one per variable (no dims: the whole variable)
  std::string op;  // reduction: the operator as written ("+", "max")
  std::string arg; // empty when written without parentheses
  bool hasArg = false;
};

/// `#pragma acc ...`: the construct (`data`, `parallel loop`, `kernels loop`,
/// `loop`, `update`, `wait`) and its clauses in the order written.
struct AccDirective {
  std::string construct;
  clang::SourceLocation loc;
  std::vector<AccClause> clauses;
  std::vector<Name> waitArgs; // `wait (1, 2)` of the wait directive (unused)
  /// A compute construct (`parallel loop`, `kernels loop`) right after a
  /// `#pragma xmp loop`: that directive became a device loop and took its
  /// reductions; nothing else is left to do.
  bool merged = false;
  /// A data region the compute construct's data clauses open (`data` made
  /// from them, put before the `xmp loop`): it spans that directive, from
  /// loopBegin, and the nest after loopEnd.
  clang::SourceLocation loopBegin, loopEnd;
};

struct TaskDirective {
  NodeRef on;
};

struct GmoveDirective {
  std::string mode;          // "" (collective), "in" or "out"
  std::optional<CExpr> async;
  GmoveSide dst, src;
  clang::SourceLocation statementEnd; // just past the ';'
};

/// A piece of the array assignment statement after an `array` directive:
/// source text, or a subscripted array reference (some subscripts may be
/// triplets base:length:step).
struct ArrayPiece {
  bool ref = false;
  std::string text; // ref: empty
  GmoveSide side;   // ref: the reference
};

/// `array on template-ref` and its array assignment statement; pieces[0] is
/// the assigned reference, pieces[1] the assignment operator. An array
/// assignment statement without the directive (`y[i][:] = 0;`, spec 1.4
/// 3.2) is one with `statementOnly` set and no `on`.
struct ArrayDirective {
  NodeRef on;
  std::vector<ArrayPiece> pieces;
  bool statementOnly = false;
};

enum class DirectiveKind {
  Nodes, Template, Distribute, Align, Loop, Reduction, Barrier, Shadow, Reflect,
  WaitAsync, Bcast, Task, Tasks, Gmove, ReduceShadow, Array, TemplateFix,
  ReflectInit, ReflectDo,
  DeviceReplicate, DeviceSync, DeviceLoop, DeviceResetWeight,
  AccData, AccEnterData, AccExitData, AccCompute, AccLoop, AccUpdate, AccWait, AccHostData, StaticDesc,
  Coarray, Coindexed, CoarrayAssign, Post, Wait, Lock, Unlock
};

struct Directive {
  DirectiveKind kind;
  clang::SourceRange range; // from '#' to the end of the pragma line
  std::string text;         // "nodes p(4)", for messages
  NodesDirective nodes;
  TemplateDirective templ;
  TemplateFixDirective templateFix;
  DistributeDirective distribute;
  AlignDirective align;
  LoopDirective loop; // loop, device loop
  ReductionDirective reduction;
  BarrierDirective barrier;
  ShadowDirective shadow;
  ReflectDirective reflect; // reflect, reduce_shadow; static_desc: its names (arrays)
  WaitAsyncDirective waitAsync;
  BcastDirective bcast;
  TaskDirective task;
  GmoveDirective gmove;
  ArrayDirective array;
  DeviceDataDirective device; // device replicate, replicate_sync
  ResetWeightDirective resetWeight;
  AccDirective acc; // #pragma acc
  CoarrayDirective coarray;
  CoindexedDirective coindexed;
  CoarrayAssignDirective coarrayAssign;
  PostWaitDirective postWait;
  LockDirective lock; // lock, unlock
  std::vector<ExprTree> exprs; // every C expression written in it
};

/// Directives of the translation unit in source order. Clang constructs
/// pragma handlers itself, so they reach the AST consumer through here.
std::vector<Directive> &directiveTable();

} // namespace xmp::frontend

#endif // XMP_FRONTEND_DIRECTIVE_H
