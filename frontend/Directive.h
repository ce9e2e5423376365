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
  bool isStar() const { return text == "*"; }
};

enum class Bracket { Round, Square };

/// One subscript of an align target or a loop's `on` reference: a variable
/// with an optional offset (`i`, `i+1`), or '*' / ':' (no variable).
struct Subscript {
  std::string var; // empty for '*' and ':'
  std::string offset = "0";
  clang::SourceLocation loc;
};

struct NodesDirective {
  Name name;
  std::vector<CExpr> shape; // "*" allowed
};

struct TemplateDirective {
  Name name;
  std::vector<CExpr> lower, upper;
};

struct DistFormat {
  std::string kind; // "*", "block", "cyclic", "gblock"
  std::string param;
  clang::SourceLocation loc;
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

struct ReductionClause {
  std::string kind;
  clang::SourceLocation loc;
  std::vector<Name> vars;
  std::vector<std::vector<Name>> locs; // per variable: `v/i, j/` location variables
};

struct LoopDirective {
  std::vector<Name> indices; // empty: the variables of the `on` subscripts
  Name templ;
  std::vector<Subscript> subscripts;
  std::vector<ReductionClause> reductions;
};

struct ReductionDirective {
  ReductionClause clause;
  std::optional<Name> on;
};

struct BarrierDirective {
  std::optional<Name> on;
};

/// One dimension of a `shadow` (w, lo:hi or '*') or of a reflect `width`
/// (['/periodic/'] w or lo:hi).
struct Width {
  std::string lo, hi;
  bool full = false;     // shadow '*'
  bool periodic = false; // reflect '/periodic/'
  clang::SourceLocation loc;
};

struct ShadowDirective {
  Name array;
  std::vector<Width> widths; // C order
};

struct ReflectDirective {
  std::vector<Name> arrays;
  std::vector<Width> widths; // empty: the declared widths
  std::optional<CExpr> async;
};

struct WaitAsyncDirective {
  std::vector<CExpr> ids;
};

/// A node reference with optional subscripts: `p`, `p(2)`, `p[1][0]`.
struct NodeRef {
  Name name;
  std::vector<CExpr> subscripts; // C order, 0-based C expressions
};

struct BcastDirective {
  std::vector<Name> vars;
  std::optional<NodeRef> from;
  std::optional<Name> on;
};

enum class DirectiveKind {
  Nodes, Template, Distribute, Align, Loop, Reduction, Barrier, Shadow, Reflect,
  WaitAsync, Bcast
};

struct Directive {
  DirectiveKind kind;
  clang::SourceRange range; // from '#' to the end of the pragma line
  std::string text;         // "nodes p(4)", for messages
  NodesDirective nodes;
  TemplateDirective templ;
  DistributeDirective distribute;
  AlignDirective align;
  LoopDirective loop;
  ReductionDirective reduction;
  BarrierDirective barrier;
  ShadowDirective shadow;
  ReflectDirective reflect;
  WaitAsyncDirective waitAsync;
  BcastDirective bcast;
};

/// Directives of the translation unit in source order. Clang constructs
/// pragma handlers itself, so they reach the AST consumer through here.
std::vector<Directive> &directiveTable();

} // namespace xmp::frontend

#endif // XMP_FRONTEND_DIRECTIVE_H
