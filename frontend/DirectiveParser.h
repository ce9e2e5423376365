//===- DirectiveParser.h - `#pragma xmp` line parser ------------*- C++ -*-===//
#ifndef XMP_FRONTEND_DIRECTIVEPARSER_H
#define XMP_FRONTEND_DIRECTIVEPARSER_H

#include "Directive.h"

#include "clang/Lex/Preprocessor.h"
#include <optional>

namespace xmp::frontend {

/// Parses the tokens of one pragma line (after `xmp`, up to the end of the
/// directive): one directive, or several for the combined form
/// (`align [i] with t(i), shadow [1] :: a, b`). Reports malformed input as
/// Clang errors at the offending token and returns nothing.
std::vector<Directive> parseDirective(clang::Preprocessor &pp,
                                        llvm::ArrayRef<clang::Token> tokens,
                                        clang::SourceRange range);

/// Parses the tokens of one `#pragma acc` line (after `acc`): the OpenACC
/// directives and clauses XcalableACC programs use. A directive or clause
/// outside that set is a Clang error naming it, and nothing is returned.
std::optional<Directive> parseAccDirective(clang::Preprocessor &pp,
                                           llvm::ArrayRef<clang::Token> tokens,
                                           clang::SourceRange range);

/// Whether an OpenACC clause is a data clause (copy, copyin, copyout, create,
/// present, and OpenACC 2's pcopy / present_or_copy forms).
bool isAccDataClause(llvm::StringRef clause);

/// Parses the assignment statement that follows a gmove directive
/// (`dst = src;`, with array sections) or an array directive (`a[0:n] =
/// b[0:n] + 1;`) into `d`, whose range is extended to cover it. Returns false after reporting malformed input.
bool parseGmoveStatement(clang::Preprocessor &pp,
                         llvm::ArrayRef<clang::Token> statement, Directive &d);

/// Parses the image selector `[k]...` of a coindexed reference, or the
/// codimensions `[n]...[*]` of a coarray declarator (`declaration`), which
/// Coarrays.cpp took from the parser, into `out`; their expressions join
/// `d.exprs`.
bool parseImageSelectorTokens(clang::Preprocessor &pp, llvm::ArrayRef<clang::Token> toks,
                              bool declaration, Directive &d, std::vector<CExpr> &out);

/// Parses an assignment statement of array sections with a coindexed side
/// (`a[0:3]:[1] = b[3:3];`) into d.coarrayAssign; d.range is extended to
/// cover it.
bool parseCoarrayStatement(clang::Preprocessor &pp, llvm::ArrayRef<clang::Token> statement,
                           Directive &d);

/// Reports `message` as an error at `loc` through Clang's diagnostics, so it
/// is printed as file:line:col with a caret.
void reportError(clang::DiagnosticsEngine &diags, clang::SourceLocation loc,
                 llvm::StringRef message);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_DIRECTIVEPARSER_H
