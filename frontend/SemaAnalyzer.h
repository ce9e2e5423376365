//===- SemaAnalyzer.h - the analyzer behind analyze() ------------*- C++ -*-===//
//
// Private to the frontend's semantic analysis, whose checks are split by
// concern: Sema.cpp (the driver: directive order, placement, the program's
// last checks), SemaMapping.cpp (the symbol table: nodes, templates,
// distribute, align, shadow), SemaLoop.cpp (loop normalisation, bound
// hoisting, nest locals), SemaComm.cpp (reflect, reductions, bcast, gmove,
// task, node references), SemaDevice.cpp (XMP-dev directives) and
// SemaArray.cpp (array assignments, allocations, accesses).
//
//===----------------------------------------------------------------------===//
#ifndef XMP_FRONTEND_SEMAANALYZER_H
#define XMP_FRONTEND_SEMAANALYZER_H

#include "Sema.h"
#include "ConstantText.h"
#include "DeviceSema.h"
#include "DirectiveParser.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <optional>
#include <set>

namespace xmp::frontend::sema {

using namespace clang;


/// A node array or template known at some scope.
struct Symbol {
  enum Kind { Nodes, Template } kind;
  std::string sym;
  size_t rank;
  bool distributed = false;
  std::vector<std::string> formats; // template: per dimension, once distributed
  std::vector<std::string> lower, upper; // template: declared bounds (C expressions)
  // template: the bounds' values where they are constants (macros expanded)
  std::vector<std::optional<long long>> lowerValue = {}, upperValue = {};
  bool deferred = false;             // template: `t(:)`, shaped by template_fix
  std::vector<std::string> params = {}; // template: format parameters ("*": gblock(*))
  // Visible from its directive to the '}' of its block (a function's) or the
  // end of the file (offsets).
  unsigned visibleBegin = 0, visibleEnd = ~0u;
};

/// The runtime's scalar type of a C type (XMP_RT_*), if it is an arithmetic one.
std::optional<xmp::ScalarType> runtimeType(QualType type);

class Analyzer {
public:
  Analyzer(const SourceIndex &index, DiagnosticsEngine &diags)
      : index(index), ctx(index.context()), sm(ctx.getSourceManager()),
        diags(diags) {}

  Program run(const std::vector<Directive> &directives);

private:
  bool error(SourceLocation loc, const std::string &message) {
    reportError(diags, loc, message);
    return false;
  }
  void warning(SourceLocation loc, const std::string &message) {
    diags.Report(loc, diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0")) << message;
  }

  // Symbols are scoped by function (null: file scope). One declared later,
  // or in a block that has ended, is not visible: its C declaration is out
  // of scope there.
  Symbol *lookup(const Name &name, const FunctionDecl *fn) {
    unsigned at = index.offset(name.loc);
    auto visible = [&](auto it) {
      return it != symbols.end() && it->second.visibleBegin <= at && at <= it->second.visibleEnd;
    };
    auto it = symbols.find({fn, name.text});
    if (fn && !visible(it))
      it = symbols.find({nullptr, name.text});
    return visible(it) ? &it->second : nullptr;
  }
  Symbol *lookupKind(const Name &name, const FunctionDecl *fn, Symbol::Kind kind,
                     const char *what) {
    Symbol *s = lookup(name, fn);
    if (!s || s->kind != kind) {
      error(name.loc, std::string(what) + " '" + name.text +
                          "' is not declared");
      return nullptr;
    }
    return s;
  }
  bool declare(const Name &name, const FunctionDecl *fn, Symbol symbol) {
    if (symbols.count({fn, name.text}))
      return error(name.loc, "'" + name.text +
                                 "' is already declared as a node array or "
                                 "template in this scope");
    symbol.sym = fn ? (fn->getName() + "_" + name.text).str() : name.text;
    symbol.visibleBegin = index.offset(name.loc);
    if (fn)
      symbol.visibleEnd = index.blockEnd(name.loc);
    symbols.emplace(std::make_pair(fn, name.text), symbol);
    return true;
  }
  std::string text(SourceRange range) const {
    return Lexer::getSourceText(
               sm.getExpansionRange(range), sm,
               ctx.getLangOpts())
        .str();
  }

  bool checkNodes(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkTemplate(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkDistribute(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkTemplateFix(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkGblockSizes(const DistFormat &f, SourceLocation at);
  bool checkAlign(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkLoop(const Directive &d, Site &site, const FunctionDecl *fn,
                 bool device = false);
  bool checkLoopExtent(const Directive &d, Site &site, bool onNodes, bool device);
  bool checkDeviceNest(const Directive &d, Site &site);
  bool checkReplicate(const Directive &d, const std::vector<Name> &names, Site &site,
                      const FunctionDecl *fn, const char *directive,
                      std::optional<std::pair<unsigned, unsigned>> span = std::nullopt);
  bool accDataArrays(const Directive &d, std::vector<Name> &arrays,
                     std::vector<std::pair<bool, bool>> &moves);
  bool wholeSection(const AccClause &c, size_t k, const VarDecl *var);
  const SourceIndex::Var *clauseVar(const AccClause &c, size_t k);
  void accImplicitCopies(const Directive &d, std::vector<Name> &arrays,
                         std::vector<std::pair<bool, bool>> &moves);
  bool checkAccData(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkAccHostData(const Directive &d, Site &site);
  bool checkStaticDesc(const Directive &d, const FunctionDecl *fn);
  bool checkAccEnter(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkAccExit(const Directive &d);
  const std::vector<Directive> *allDirectives = nullptr;
  bool checkAccUpdate(const Directive &d, Site &site);
  bool checkAccLoop(const Directive &d);
  bool replicated(const VarDecl *var, SourceLocation at, DeviceArray &out,
                  const char *use);
  bool checkDeviceSync(const Directive &d, Site &site);
  bool checkResetWeight(const Directive &d, Site &site);
  bool checkReduction(const ReductionClause &c, SourceLocation at,
                      CheckedReduction &out);
  bool checkOn(const std::optional<NodeRef> &on, const FunctionDecl *fn, Site &site,
               std::string &sym, bool nodesOnly, bool allowSubset);
  bool analyzeFor(const ForStmt *f, LoopDim &dim);
  DistArray *distributedArray(const Name &name, const char *directive);
  bool checkShadow(const Directive &d, Site &site);
  bool checkReflect(const Directive &d, Site &site);
  bool checkReflectPlan(const Directive &d, Site &site);
  bool checkReduceShadow(const Directive &d, Site &site);
  bool checkBcast(const Directive &d, Site &site, const FunctionDecl *fn);
  bool selection(const NodeRef &ref, const Symbol &target, Site &site);
  bool checkTask(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkSection(const GmoveSide &side, SourceLocation at, Section &out,
                    QualType &elem);
  bool checkGmove(const Directive &d, Site &site);
  // Coarrays (SemaCoarray.cpp).
  const Coarray *coarrayOf(const Name &name, SourceLocation at, bool report);
  bool checkCosubscripts(const Coarray &co, const std::vector<CExpr> &cosubs, SourceLocation at);
  bool checkCoarray(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkCoindexed(const Directive &d, Site &site, const FunctionDecl *fn);
  bool coSide(const GmoveSide &side, SourceLocation at, CoSide &out, QualType &elem);
  bool checkCoarrayAssign(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkPostWait(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkLock(const Directive &d, Site &site);
  void checkCoarrayUses();
  bool atomicSite(const CallExpr *call, bool define, const Expr *atom, Site &site);
  void checkAtomicCalls();
  std::set<const CallExpr *> atomicCalls; // replaced by the sites of their atoms
  bool checkArray(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkArrayStatement(const Directive &d, Site &site);
  const CompoundStmt *blockAfter(const Directive &d, const char *directive);
  const Stmt *statementAfter(const Directive &d, const char *directive);
  SourceLocation tokenAfter(const Directive &d);
  void checkAllocations(std::set<const DeclRefExpr *> &allowed);
  void checkUsesBeforeAlign(const std::set<const DeclRefExpr *> &allocations);
  unsigned alignOffset(const DistArray &array) const;
  void checkAccesses();
  void checkLoopAccesses();
  void checkShadowReach(const DistArray &array, const Site &align, size_t k, const LoopDim &dim,
                        const Expr *sub);
  void markHoistable(Site &site);
  void planNestLocals();
  void planPrologues();
  void planLazyReductions();
  /// False (with an error at `loc`) when `text`, a constant written in a
  /// directive, cannot be right: a division by zero, a fractional number.
  bool checkConstant(const std::string &text, SourceLocation loc, const std::string &what);
  void checkDescOfs();
  void checkTasksBlocks();
  void collectReturns(const clang::Stmt *s);
  void checkPassedMapping(const DistArray &array, const CallExpr *call, const Expr *arg);
  void warnBeyondTemplate(const Site &site, const Symbol &t);

  const SourceIndex &index;
  ASTContext &ctx;
  SourceManager &sm;
  DiagnosticsEngine &diags;
  std::map<std::pair<const FunctionDecl *, std::string>, Symbol> symbols;
  /// `device replicate` blocks seen so far: their extent and arrays.
  struct ReplicateScope {
    unsigned begin, end;
    std::vector<DeviceArray> arrays;
  };
  std::vector<ReplicateScope> replicates;
  /// The uses of arrays inside `acc host_data` blocks: device addresses, not
  /// accesses of the arrays.
  std::set<const DeclRefExpr *> hostDataRefs;
  /// The arrays some device region of the file names (device replicate,
  /// acc data), by declaration.
  std::set<const VarDecl *> replicatedInFile;
  bool deviceCopyMayExist(const Directive &d, const DistArray &array, const Name &n);
  /// Source ranges of device loop nests, where no directive may stand.
  std::vector<std::pair<unsigned, unsigned>> deviceNests;
  // Array assignment statements with no directive: the offset where each
  // begins, and its ';'.
  std::map<unsigned, SourceLocation> arrayStatementEnds;
  Program program;
  int64_t nextSite = 0;
};

// Helpers several checks share.

/// The extents of a C array type whose sizes are constants, also those C
/// calls variable-length but that fold to one (`const int n = 16; int a[n];`,
/// as other XMP compilers accept); `type` becomes the element type. False
/// when a size is not constant.
bool constantExtents(const ASTContext &ctx, QualType &type, std::vector<int64_t> &extents);
/// A shadow or extent width written as a non-negative integer literal.
std::optional<long long> literalWidth(const std::string &text);
/// The integer a literal length is, if it is one.
std::optional<int64_t> literal(const std::string &text);
/// The length of a triplet `base::step` with its length omitted: the rest of
/// a dimension of extent `ext`, up to its end for a positive step, down to 0
/// for a negative one.
std::string restLength(const std::string &ext, const std::string &base, const std::string &step);
/// Whether `var` stands for storage some other name may also reach: a
/// pointer, an array parameter (a pointer too) among them.
bool mayAlias(const VarDecl *var);

} // namespace xmp::frontend::sema

#endif // XMP_FRONTEND_SEMAANALYZER_H
