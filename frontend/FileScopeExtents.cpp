//===- FileScopeExtents.cpp - 'int n = 8; int a[n];' at file scope --------===//

#include "FileScopeExtents.h"
#include "DirectiveParser.h"
#include "RawTokens.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using namespace xmp::frontend;

bool FileScopeExtents::begin(CompilerInstance &instance) {
  ci = &instance;
  SourceManager &sm = ci->getSourceManager();
  int braces = 0, parens = 0, brackets = 0;
  bool directive = false;
  for (const Token &tok : mainFileRawTokens(*ci)) {
    if (tok.isAtStartOfLine())
      directive = tok.is(tok::hash); // #define, #pragma xmp ...: not declarations
    if (directive)
      continue;
    switch (tok.getKind()) {
    case tok::l_brace: ++braces; break;
    case tok::r_brace: --braces; break;
    case tok::l_paren: ++parens; break;
    case tok::r_paren: --parens; break;
    case tok::l_square: ++brackets; break;
    case tok::r_square: --brackets; break;
    case tok::raw_identifier:
      // Not in a function body, a struct or an initializer; not in a
      // parameter list, where a variable extent is C.
      if (braces == 0 && parens == 0 && brackets > 0)
        candidates.mark(sm, tok);
      break;
    default: break;
    }
  }
  if (candidates.empty())
    return false;
  // The folding Clang reports as a GNU extension is xmpcc's, and the
  // translated C has constant extents.
  ci->getDiagnostics().setSeverity(diag::ext_vla_folded_to_constant,
                                   diag::Severity::Ignored,
                                   sm.getLocForStartOfFile(sm.getMainFileID()));
  return true;
}

void FileScopeExtents::onToken(const Token &tok) {
  if (!ci->hasSema())
    return;
  SourceManager &sm = ci->getSourceManager();
  if (!candidates.find(sm, tok))
    return;
  SourceLocation loc = tok.getLocation();
  Sema &sema = ci->getSema();
  auto *var = dyn_cast_or_null<VarDecl>(sema.LookupSingleName(
      sema.TUScope, tok.getIdentifierInfo(), loc, Sema::LookupOrdinaryName));
  if (!var || var->isInvalidDecl() || !var->isFileVarDecl() || var->getPreviousDecl())
    return;
  QualType type = var->getType();
  ASTContext &ctx = sema.getASTContext();
  if (!type->isIntegerType() || type.isConstQualified() || type.isVolatileQualified() ||
      !var->getInit() || !var->getInit()->isIntegerConstantExpr(ctx))
    return;
  pending.push_back({var, type});
  var->setType(ctx.getConstType(type));
  folded.insert({var, loc});
}

void FileScopeExtents::endDeclaration() {
  for (auto &[var, type] : pending)
    var->setType(type);
  pending.clear();
}

void FileScopeExtents::end() { endDeclaration(); }

namespace {

struct Collector : RecursiveASTVisitor<Collector> {
  ASTContext &ctx;
  std::vector<const Expr *> modifications; // assignments, ++/--, &
  std::vector<const Expr *> foldedSizes;   // of folded array types
  explicit Collector(ASTContext &ctx) : ctx(ctx) {}

  bool inMain(SourceLocation loc) const {
    return ctx.getSourceManager().isInMainFile(ctx.getSourceManager().getExpansionLoc(loc));
  }
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp() && inMain(op->getOperatorLoc()))
      modifications.push_back(op);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    if ((op->isIncrementDecrementOp() || op->getOpcode() == UO_AddrOf) &&
        inMain(op->getOperatorLoc()))
      modifications.push_back(op);
    return true;
  }
  bool VisitConstantArrayTypeLoc(ConstantArrayTypeLoc tl) {
    const Expr *size = tl.getSizeExpr();
    // A constant extent that is no integer constant expression was folded.
    if (size && inMain(tl.getLBracketLoc()) && !size->isValueDependent() &&
        !size->isIntegerConstantExpr(ctx))
      foldedSizes.push_back(size);
    return true;
  }
};

const VarDecl *referencedVar(const Expr *e) {
  if (const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(ref->getDecl());
  return nullptr;
}

/// `&n` converted to a pointer to const cannot modify n.
bool addressOnlyRead(ASTContext &ctx, const Expr *addr) {
  DynTypedNodeList parents = ctx.getParents(*addr);
  while (parents.size() == 1 && parents[0].get<ParenExpr>())
    parents = ctx.getParents(*parents[0].get<ParenExpr>());
  if (parents.size() != 1)
    return false;
  const auto *cast = parents[0].get<ImplicitCastExpr>();
  return cast && cast->getType()->isPointerType() &&
         cast->getType()->getPointeeType().isConstQualified();
}

void collectRefs(const Stmt *s, std::vector<const DeclRefExpr *> &out) {
  if (!s)
    return;
  if (const auto *ref = dyn_cast<DeclRefExpr>(s))
    out.push_back(ref);
  for (const Stmt *child : s->children())
    collectRefs(child, out);
}

} // namespace

void FileScopeExtents::checkUnmodified(ASTContext &ctx, DiagnosticsEngine &diags) const {
  if (folded.empty())
    return;
  Collector c(ctx);
  c.TraverseDecl(ctx.getTranslationUnitDecl());
  unsigned note = diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (const Expr *e : c.modifications) {
    const auto *bin = dyn_cast<BinaryOperator>(e);
    const auto *un = dyn_cast<UnaryOperator>(e);
    const VarDecl *var = referencedVar(bin ? bin->getLHS() : un->getSubExpr());
    auto it = var ? folded.find(var) : folded.end();
    if (it == folded.end())
      continue;
    std::string what = bin ? "assigned"
                       : un->isIncrementDecrementOp() ? "incremented or decremented"
                                                      : "";
    if (what.empty()) {
      if (addressOnlyRead(ctx, e))
        continue;
      what = "modified through its address";
    }
    std::string name = var->getName().str();
    reportError(diags, bin ? bin->getOperatorLoc() : un->getOperatorLoc(),
                "'" + name + "' cannot be " + what +
                    ": it gives the extent of a file-scope array, which xmpcc fixes at "
                    "its initial value (as Omni XMP does; ISO C has no such arrays)");
    diags.Report(it->second, note) << ("'" + name + "' is used as an extent here");
  }
}

std::vector<ConstantExtent> FileScopeExtents::values(ASTContext &ctx,
                                                     DiagnosticsEngine &diags) const {
  std::vector<ConstantExtent> out;
  Collector c(ctx);
  c.TraverseDecl(ctx.getTranslationUnitDecl());
  SourceManager &sm = ctx.getSourceManager();
  std::set<unsigned> seen;
  for (const Expr *size : c.foldedSizes) {
    std::vector<const DeclRefExpr *> refs;
    collectRefs(size, refs);
    for (const DeclRefExpr *ref : refs) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      Expr::EvalResult value;
      if (!var || !var->getInit() || !var->getInit()->EvaluateAsInt(value, ctx))
        continue;
      SourceLocation loc = ref->getLocation();
      if (loc.isMacroID() && sm.isMacroArgExpansion(loc))
        loc = sm.getSpellingLoc(loc);
      if (loc.isMacroID() || !sm.isInMainFile(loc)) {
        reportError(diags, ref->getLocation(),
                    "xmpcc cannot write the extent '" + var->getName().str() +
                        "' as a constant in the translated C: it comes from a macro; "
                        "write it in the declaration");
        continue;
      }
      if (seen.insert(sm.getFileOffset(loc)).second)
        out.push_back({loc, llvm::toString(value.Val.getInt(), 10)});
    }
  }
  return out;
}
