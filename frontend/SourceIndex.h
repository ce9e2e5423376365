//===- SourceIndex.h - what the directives need to know of the AST -*- C++ -*-===//
#ifndef XMP_FRONTEND_SOURCEINDEX_H
#define XMP_FRONTEND_SOURCEINDEX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include <map>
#include <vector>

namespace xmp::frontend {

/// Declarations and statements of the main file, in source order, with the
/// scope each variable is visible in (file offsets).
class SourceIndex {
public:
  struct Var {
    const clang::VarDecl *decl;
    unsigned begin, scopeEnd; // visible in (begin, scopeEnd)
    const clang::FunctionDecl *function; // null at file scope
    clang::SourceLocation scopeClose;    // the '}' ending its block (locals)
  };

  explicit SourceIndex(clang::ASTContext &ctx);

  /// The variable `name` visible at `loc`, innermost first; null if none.
  const Var *lookupVar(llvm::StringRef name, clang::SourceLocation loc) const;
  /// The function whose body contains `loc`; null at file scope.
  const clang::FunctionDecl *enclosingFunction(clang::SourceLocation loc) const;
  /// The variables declared together with v ("double a[N], b;"), in order.
  std::vector<const clang::VarDecl *> declarationGroup(const clang::VarDecl *v) const;
  /// The offset of the '}' of the innermost block that contains `loc`, or
  /// past the end of the file at file scope.
  unsigned blockEnd(clang::SourceLocation loc) const;
  /// The compound statement whose '{' is at `loc`, if any.
  const clang::CompoundStmt *compoundAt(clang::SourceLocation loc) const;
  /// The statement of a block that begins at `loc`, if any.
  const clang::Stmt *stmtAt(clang::SourceLocation loc) const;
  /// The first `for` statement starting after `loc`.
  const clang::ForStmt *forAfter(clang::SourceLocation loc) const;
  /// The OpenMP directive (`omp parallel for`, `omp simd`, ...) whose loop
  /// is `f`, if any.
  const clang::OMPExecutableDirective *openMPOf(const clang::ForStmt *f) const {
    auto it = openMP_.find(f);
    return it == openMP_.end() ? nullptr : it->second;
  }
  /// The innermost OpenMP parallel region whose body contains `loc`.
  const clang::OMPExecutableDirective *parallelRegionAt(clang::SourceLocation loc) const;
  /// The statement under any OpenMP loop directives that `s` is (the loop
  /// of `#pragma omp simd` before an inner loop of a nest).
  static const clang::Stmt *throughOpenMP(const clang::Stmt *s);

  const std::vector<const clang::ArraySubscriptExpr *> &subscripts() const {
    return subscripts_;
  }
  const std::vector<const clang::DeclRefExpr *> &declRefs() const {
    return declRefs_;
  }
  /// Calls `xmpc_desc_of_name("x")`, what xmp.h's `xmp_desc_of(x)` expands to.
  const std::vector<const clang::CallExpr *> &descOfs() const { return descOfs_; }
  const std::vector<const clang::CallExpr *> &calls() const { return calls_; }
  /// Simple assignments (`x = e`).
  const std::vector<const clang::BinaryOperator *> &assignments() const {
    return assignments_;
  }
  const clang::FunctionDecl *mainFunction() const { return main_; }
  unsigned offset(clang::SourceLocation loc) const;
  /// The location just past a statement, its ';' included (Clang's end
  /// location of `x = 1;` is the last token of the expression).
  clang::SourceLocation afterStmt(const clang::Stmt *s) const;
  clang::ASTContext &context() const { return ctx; }

private:
  friend class IndexBuilder;
  clang::ASTContext &ctx;
  std::vector<Var> vars_;
  std::vector<const clang::FunctionDecl *> functions_;
  std::vector<const clang::ForStmt *> fors_;
  std::vector<const clang::CompoundStmt *> compounds_;
  std::vector<const clang::ArraySubscriptExpr *> subscripts_;
  std::vector<const clang::DeclRefExpr *> declRefs_;
  std::vector<const clang::CallExpr *> descOfs_;
  std::vector<const clang::CallExpr *> calls_;
  std::vector<const clang::BinaryOperator *> assignments_;
  std::map<const clang::Stmt *, const clang::OMPExecutableDirective *> openMP_;
  std::vector<const clang::OMPExecutableDirective *> parallels_;
  const clang::FunctionDecl *main_ = nullptr;
};

} // namespace xmp::frontend

#endif // XMP_FRONTEND_SOURCEINDEX_H
