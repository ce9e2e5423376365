//===- FileScopeExtents.h - 'int n = 8; int a[n];' at file scope -*- C++ -*-===//
//
// Omni XMP accepts file-scope arrays whose extent is a file-scope integer
// variable (`int n = 8; int a[n];`, `int N = 4, a[N];`), which ISO C does
// not: Clang rejects them (err_vla_decl_in_file_scope) while parsing, before
// the plugin sees the directives, and errors cannot be downgraded.
//
// What xmpcc does instead: a raw-lexer scan of the main file notes the
// identifiers written inside the brackets of file-scope declarations. When
// the parser reaches one of them (a preprocessor token watcher, which the
// plugin shares with ArrayAssignments), the
// variable it names, if it is a file-scope integer declared once with a
// constant initializer, is const-qualified until the declaration being
// parsed ends (ASTConsumer::HandleTopLevelDecl). Clang then folds the array
// to a constant one, its GNU extension for `const int n = 8; int a[n];`
// (whose warning is silenced). Everywhere else the variable keeps its type,
// and in the translated C, which gcc must accept, the folded extents are
// written as numbers. A program that modifies such a variable gets an error:
// its arrays were sized by the initial value.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_FILESCOPEEXTENTS_H
#define XMP_FRONTEND_FILESCOPEEXTENTS_H

#include "Program.h"
#include "RawTokens.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include <map>
#include <set>
#include <vector>

namespace xmp::frontend {

class FileScopeExtents {
public:
  /// Scans the main file; call before parsing (ASTConsumer::Initialize).
  /// Returns whether the tokens the parser reads must be passed to onToken.
  bool begin(clang::CompilerInstance &ci);
  /// A token the parser read.
  void onToken(const clang::Token &tok);
  /// A top-level declaration was parsed: the variables const-qualified for
  /// its extents get their own type back.
  void endDeclaration();
  /// Parsing ended.
  void end();
  /// Errors where the program modifies a variable an extent was folded from.
  void checkUnmodified(clang::ASTContext &ctx, clang::DiagnosticsEngine &diags) const;
  /// The variables named in folded array extents of the main file (its own
  /// `const int n = 8; int a[n];` included), each with its value, for the
  /// translated C. Reports those it cannot write there.
  std::vector<ConstantExtent> values(clang::ASTContext &ctx,
                                     clang::DiagnosticsEngine &diags) const;

private:

  clang::CompilerInstance *ci = nullptr;
  TokenMarks candidates; // identifiers in file-scope brackets
  std::vector<std::pair<clang::VarDecl *, clang::QualType>> pending;
  // Variables an extent was folded from, with their first use as one.
  std::map<const clang::VarDecl *, clang::SourceLocation> folded;
};

} // namespace xmp::frontend

#endif // XMP_FRONTEND_FILESCOPEEXTENTS_H
