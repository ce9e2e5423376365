//===- SemaExpr.h - C expressions written in directives ----------*- C++ -*-===//
//
// Directives keep their C expressions as source text, which the generated
// program evaluates. Before that text reaches a C compiler, Clang's Sema
// checks it where the directive stands: names declared there, operands of the
// right types, a number where one is needed.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_FRONTEND_SEMAEXPR_H
#define XMP_FRONTEND_SEMAEXPR_H

#include "Directive.h"
#include "SourceIndex.h"

#include "clang/Sema/Sema.h"

namespace xmp::frontend {

/// Checks every expression of `directives` (their ExprTrees) with `sema`;
/// false when an error was reported.
bool checkDirectiveExpressions(const std::vector<Directive> &directives, const SourceIndex &index,
                               clang::Sema &sema);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_SEMAEXPR_H
