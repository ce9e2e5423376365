//===- SourceIndex.cpp - what the directives need to know of the AST ------===//

#include "SourceIndex.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend {
class IndexBuilder : public RecursiveASTVisitor<IndexBuilder> {
public:
  IndexBuilder(SourceIndex &index) : index(index), sm(index.ctx.getSourceManager()) {}

  bool TraverseDecl(Decl *d) {
    // Only the main file is translated; headers are left alone.
    // (An OpenMP region's body is in a CapturedDecl, which has no location.)
    if (d && !isa<TranslationUnitDecl, CapturedDecl>(d) && !sm.isInMainFile(d->getLocation())) {
      // A user's header: its file-scope variables (a shared data mapping,
      // a flag that directives name).
      if (auto *v = dyn_cast<VarDecl>(d); v && v->getDeclContext()->isFileContext() &&
                                          v->getLocation().isValid() &&
                                          !sm.isInSystemHeader(v->getLocation()))
        VisitVarDecl(v);
      return true;
    }
    return RecursiveASTVisitor::TraverseDecl(d);
  }
  bool VisitFunctionDecl(FunctionDecl *f) {
    if (!f->doesThisDeclarationHaveABody())
      return true;
    index.functions_.push_back(f);
    if (f->isMain())
      index.main_ = f;
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (isa<ParmVarDecl>(v) && !v->getDeclContext()->isFunctionOrMethod())
      return true;
    unsigned begin = index.offset(v->getLocation());
    unsigned end = sm.getFileIDSize(sm.getMainFileID());
    const FunctionDecl *fn = nullptr;
    SourceLocation close;
    if (v->isLocalVarDeclOrParm()) {
      fn = dyn_cast<FunctionDecl>(v->getDeclContext());
      close = scopeClose(v);
      end = index.offset(close);
    }
    index.vars_.push_back({v, begin, end, fn, close});
    return true;
  }
  bool VisitCompoundStmt(CompoundStmt *c) {
    index.compounds_.push_back(c);
    return true;
  }
  bool VisitForStmt(ForStmt *f) {
    index.fors_.push_back(f);
    return true;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *d) {
    if (!d->hasAssociatedStmt())
      return true;
    if (const Stmt *s = d->getRawStmt(); s && isa<ForStmt>(s))
      index.openMP_[s] = d;
    if (isOpenMPParallelDirective(d->getDirectiveKind()))
      index.parallels_.push_back(d);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) {
    index.subscripts_.push_back(e);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    index.declRefs_.push_back(e);
    return true;
  }
  bool VisitCallExpr(CallExpr *e) {
    if (const FunctionDecl *f = e->getDirectCallee();
        f && f->getIdentifier() && f->getName() == "xmpc_desc_of_name")
      index.descOfs_.push_back(e);
    index.calls_.push_back(e);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *e) {
    if (e->getOpcode() == BO_Assign)
      index.assignments_.push_back(e);
    return true;
  }

private:
  /// End of the innermost block (or for statement) that declares v.
  SourceLocation scopeClose(const VarDecl *v) {
    if (isa<ParmVarDecl>(v))
      return cast<FunctionDecl>(v->getDeclContext())->getEndLoc();
    DynTypedNodeList parents = index.ctx.getParents(*v);
    while (!parents.empty()) {
      const DynTypedNode &p = parents[0];
      if (const auto *s = p.get<CompoundStmt>())
        return s->getRBracLoc();
      if (const auto *s = p.get<ForStmt>())
        return s->getEndLoc();
      parents = index.ctx.getParents(p);
    }
    return sm.getLocForEndOfFile(sm.getMainFileID());
  }
  SourceIndex &index;
  SourceManager &sm;
};
} // namespace xmp::frontend

SourceIndex::SourceIndex(ASTContext &ctx) : ctx(ctx) {
  IndexBuilder(*this).TraverseDecl(ctx.getTranslationUnitDecl());
  auto byBegin = [this](const ForStmt *a, const ForStmt *b) {
    return offset(a->getBeginLoc()) < offset(b->getBeginLoc());
  };
  std::sort(fors_.begin(), fors_.end(), byBegin);
}

unsigned SourceIndex::offset(SourceLocation loc) const {
  const SourceManager &sm = ctx.getSourceManager();
  SourceLocation at = sm.getExpansionLoc(loc);
  // In an included file: where the main file includes it.
  for (FileID fid; at.isValid() && (fid = sm.getFileID(at)) != sm.getMainFileID();) {
    SourceLocation include = sm.getIncludeLoc(fid);
    if (include.isInvalid())
      break;
    at = sm.getExpansionLoc(include);
  }
  return sm.getFileOffset(at);
}

const SourceIndex::Var *SourceIndex::lookupVar(llvm::StringRef name,
                                               SourceLocation loc) const {
  unsigned at = offset(loc);
  const Var *best = nullptr;
  const SourceManager &sm = ctx.getSourceManager();
  for (const Var &v : vars_) {
    if (v.decl->getName() != name || v.begin > at || at >= v.scopeEnd ||
        !sm.isBeforeInTranslationUnit(v.decl->getLocation(), loc))
      continue;
    if (!best || v.begin > best->begin)
      best = &v;
  }
  return best;
}

const FunctionDecl *SourceIndex::enclosingFunction(SourceLocation loc) const {
  unsigned at = offset(loc);
  for (const FunctionDecl *f : functions_) {
    const Stmt *body = f->getBody();
    if (offset(body->getBeginLoc()) < at && at < offset(body->getEndLoc()))
      return f;
  }
  return nullptr;
}

const ForStmt *SourceIndex::forAfter(SourceLocation loc) const {
  unsigned at = offset(loc);
  for (const ForStmt *f : fors_)
    if (offset(f->getBeginLoc()) > at)
      return f;
  return nullptr;
}

const OMPExecutableDirective *SourceIndex::parallelRegionAt(SourceLocation loc) const {
  unsigned at = offset(loc);
  const OMPExecutableDirective *best = nullptr;
  for (const OMPExecutableDirective *d : parallels_) {
    const Stmt *body = d->getAssociatedStmt();
    if (offset(body->getBeginLoc()) <= at && at <= offset(body->getEndLoc()) &&
        (!best || offset(d->getBeginLoc()) > offset(best->getBeginLoc())))
      best = d;
  }
  return best;
}

const Stmt *SourceIndex::throughOpenMP(const Stmt *s) {
  while (const auto *d = dyn_cast_or_null<OMPExecutableDirective>(s)) {
    if (!d->hasAssociatedStmt())
      break;
    s = d->getRawStmt();
  }
  return s;
}

std::vector<const VarDecl *> SourceIndex::declarationGroup(const VarDecl *v) const {
  std::vector<const VarDecl *> group;
  for (const Var &other : vars_)
    if (other.decl->getBeginLoc() == v->getBeginLoc())
      group.push_back(other.decl);
  llvm::sort(group, [this](const VarDecl *a, const VarDecl *b) {
    return offset(a->getLocation()) < offset(b->getLocation());
  });
  return group;
}

unsigned SourceIndex::blockEnd(SourceLocation loc) const {
  unsigned at = offset(loc), end = ~0u, begin = 0;
  for (const CompoundStmt *c : compounds_) {
    unsigned b = offset(c->getLBracLoc()), e = offset(c->getRBracLoc());
    if (b < at && at < e && b >= begin) {
      begin = b;
      end = e;
    }
  }
  return end;
}

const CompoundStmt *SourceIndex::compoundAt(SourceLocation loc) const {
  for (const CompoundStmt *c : compounds_)
    if (c->getLBracLoc() == loc)
      return c;
  return nullptr;
}

const Stmt *SourceIndex::stmtAt(SourceLocation loc) const {
  for (const CompoundStmt *c : compounds_)
    for (const Stmt *s : c->body())
      if (s->getBeginLoc() == loc)
        return s;
  return nullptr;
}

SourceLocation SourceIndex::afterStmt(const Stmt *s) const {
  const SourceManager &sm = ctx.getSourceManager();
  const LangOptions &lo = ctx.getLangOpts();
  if (const auto *c = dyn_cast<CompoundStmt>(s))
    return Lexer::getLocForEndOfToken(c->getRBracLoc(), 0, sm, lo);
  if (const auto *f = dyn_cast<ForStmt>(s))
    return afterStmt(f->getBody());
  // An OpenMP directive ends with its statement, not with its pragma line.
  if (const auto *d = dyn_cast<OMPExecutableDirective>(s); d && d->hasAssociatedStmt())
    return afterStmt(d->getRawStmt());
  if (const auto *w = dyn_cast<WhileStmt>(s))
    return afterStmt(w->getBody());
  if (const auto *i = dyn_cast<IfStmt>(s))
    return afterStmt(i->getElse() ? i->getElse() : i->getThen());
  SourceLocation semi = Lexer::findLocationAfterToken(s->getEndLoc(), tok::semi, sm, lo, false);
  return semi.isValid() ? semi : Lexer::getLocForEndOfToken(s->getEndLoc(), 0, sm, lo);
}
