//===- DeviceSema.cpp - what a device loop body may use ------------------===//
//
// A `device loop` body is compiled twice, as a CPU function and as a CUDA
// kernel, and its iterations run in StarPU tasks that each hold only some
// rows of the arrays they write. So the body may use: its own locals, the
// loop indices, scalars from outside (copied into every task; private to
// each iteration where the body assigns them), reduction variables, arrays named in an enclosing `device replicate`
// (written ones only at the iteration's own row), and functions of the C
// library's headers (available on the GPU too). Anything else is an error
// here rather than a wrong answer or a link failure later.
//
//===----------------------------------------------------------------------===//

#include "DeviceSema.h"
#include "DirectiveParser.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

using namespace clang;
using namespace xmp::frontend;

namespace {

/// The first reference to `name` in the body, in evaluation order of the
/// simple statements this looks into.
const DeclRefExpr *firstRef(const Stmt *s, llvm::StringRef name) {
  if (const auto *ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl()->getName() == name)
    return ref;
  // An assignment evaluates its right side before it stores.
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) {
    if (const DeclRefExpr *r = firstRef(bo->getRHS(), name))
      return r;
    return firstRef(bo->getLHS(), name);
  }
  for (const Stmt *child : s->children())
    if (child)
      if (const DeclRefExpr *r = firstRef(child, name))
        return r;
  return nullptr;
}

class BodyScanner {
public:
  BodyScanner(const SourceIndex &index, DiagnosticsEngine &diags, Site &site,
              const std::set<std::string> &reductionVars,
              llvm::function_ref<bool(const VarDecl *, SourceLocation, DeviceArray &)>
                  replicated)
      : index(index), ctx(index.context()), sm(ctx.getSourceManager()), diags(diags),
        site(site), reductionVars(reductionVars), replicated(replicated) {
    for (const LoopDim &dim : site.loop)
      indexVars.insert(dim.var);
    outer = site.loop.front().var;
  }

  bool run(const Stmt *nest) {
    nestBegin = index.offset(nest->getBeginLoc());
    nestEnd = index.offset(nest->getEndLoc());
    scan(site.devBody);
    if (const BreakStmt *b = nestBreak(site.devBody))
      error(b->getBreakLoc(), "a device loop body cannot leave the loop with 'break': its "
                              "iterations run in parallel; 'continue' skips one");
    if (!ok)
      return false;
    for (auto &[decl, array] : arrays)
      if (writtenArrays.count(decl))
        checkRows(array);
    ownRowsOnly = std::all_of(chains.begin(), chains.end(),
                              [&](const ArraySubscriptExpr *c) { return ownRow(c); });
    findReach();
    if (site.loop.size() == 3)
      findTile();
    return ok;
  }

private:
  bool error(SourceLocation loc, const std::string &message) {
    reportError(diags, loc, message);
    ok = false;
    return false;
  }
  bool declaredInside(const Decl *d) const {
    if (sm.getFileID(sm.getExpansionLoc(d->getLocation())) != sm.getMainFileID())
      return false;
    unsigned o = index.offset(d->getLocation());
    return o >= nestBegin && o <= nestEnd;
  }

  /// The variable a written lvalue names: `x`, `a[i][j]`, `(x)`.
  static const VarDecl *root(const Expr *e, bool &subscripted) {
    e = e->IgnoreParenImpCasts();
    subscripted = false;
    while (const auto *s = dyn_cast<ArraySubscriptExpr>(e)) {
      subscripted = true;
      e = s->getBase()->IgnoreParenImpCasts();
    }
    const auto *ref = dyn_cast<DeclRefExpr>(e);
    return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  }

  void written(const Expr *lhs) {
    bool subscripted;
    const VarDecl *var = root(lhs, subscripted);
    if (!var || declaredInside(var))
      return;
    std::string name = var->getName().str();
    if (indexVars.count(name) && !subscripted) {
      error(lhs->getBeginLoc(),
            "the device loop index '" + name + "' cannot be assigned in the loop body");
      return;
    }
    if (subscripted) {
      writtenArrays.insert(var);
      return;
    }
    if (!reductionVars.count(name))
      assignedScalars.insert(name);
  }

  void scan(const Stmt *s) {
    if (!s || !ok)
      return;
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
      written(bo->getLHS());
    if (const auto *uo = dyn_cast<UnaryOperator>(s)) {
      if (uo->isIncrementDecrementOp())
        written(uo->getSubExpr());
      if (uo->getOpcode() == UO_AddrOf)
        error(uo->getOperatorLoc(), "taking an address is not supported in a device "
                                    "loop body");
    }
    if (isa<LabelStmt>(s))
      hasLabels = true;
    if (isa<ReturnStmt>(s) || isa<GotoStmt>(s))
      error(s->getBeginLoc(), "a device loop body cannot leave the loop with "
                              "'return' or 'goto'");
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(s)) {
      if (!innerBases.count(ase))
        chains.push_back(ase);
      innerBases.insert(ase->getBase()->IgnoreParenImpCasts());
    }
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && v->isStaticLocal())
          error(v->getLocation(), "a device loop body cannot declare static variables");
    if (const auto *ref = dyn_cast<DeclRefExpr>(s)) {
      use(ref);
      if (const auto *v = dyn_cast<VarDecl>(ref->getDecl()); v && v->getType()->isArrayType())
        ++arrayRefs[v];
    }
    for (const Stmt *child : s->children())
      scan(child);
  }

  /// Which rows of one dimension each array is accessed at, relative to the
  /// outermost index: where every reference is an access whose subscript of
  /// that dimension (the first that is such, the same in every access; the
  /// first of a plain array, whose layout is C's) is that index plus a
  /// constant.
  void findReach() {
    std::map<const VarDecl *, unsigned> accesses;
    std::vector<const Expr *> subs;
    for (const ArraySubscriptExpr *chain : chains) {
      const VarDecl *var = unchain(chain, subs);
      if (!var || !arrays.count(var))
        continue;
      ++accesses[var];
      Reach &r = reach[var];
      std::optional<int64_t> o;
      size_t dim = 0;
      size_t dims = arrays.at(var).dist ? subs.size() : 1;
      for (; dim < dims && !o; ++dim)
        o = indexOffset(subs[dim], outer, int64_t{1} << 30);
      --dim;
      if (!o || (r.known && r.dim != static_cast<int64_t>(dim))) {
        r.known = false;
        r.unknown = true;
        continue;
      }
      if (r.unknown)
        continue;
      r.lo = r.known ? std::min(r.lo, *o) : *o;
      r.hi = r.known ? std::max(r.hi, *o) : *o;
      r.dim = static_cast<int64_t>(dim);
      r.known = true;
    }
    for (auto &[var, r] : reach)
      if (arrayRefs[var] != accesses[var]) // named without a subscript
        r.known = false;
  }

  void use(const DeclRefExpr *ref) {
    const ValueDecl *d = ref->getDecl();
    SourceLocation at = ref->getLocation();
    if (const auto *fn = dyn_cast<FunctionDecl>(d)) {
      if (!sm.isInSystemHeader(fn->getLocation()) && !fn->getBuiltinID())
        error(at, "function '" + fn->getName().str() +
                      "' cannot be called in a device loop: the body also runs on "
                      "the GPU, where only the C library's functions are available");
      return;
    }
    if (isa<EnumConstantDecl>(d)) {
      error(at, "enumeration constant '" + d->getName().str() +
                    "' in a device loop is not supported; use a macro or a variable");
      return;
    }
    const auto *var = dyn_cast<VarDecl>(d);
    if (!var || declaredInside(var))
      return;
    std::string name = var->getName().str();
    if (indexVars.count(name) || reductionVars.count(name))
      return;
    QualType type = var->getType();
    if (type->isArrayType()) {
      if (arrays.count(var))
        return;
      DeviceArray array;
      if (!replicated(var, at, array)) {
        ok = false;
        return;
      }
      arrays.emplace(var, array);
      order.push_back(var);
      return;
    }
    if (type->isPointerType()) {
      error(at, "pointer '" + name + "' cannot be used in a device loop; use an "
                "array named in 'device replicate'");
      return;
    }
    QualType canon = type.getCanonicalType().getUnqualifiedType();
    const auto *builtin = dyn_cast<BuiltinType>(canon);
    if (!builtin || !builtin->isArithmeticType() || builtin->getKind() == BuiltinType::Bool ||
        builtin->getKind() == BuiltinType::LongDouble) {
      error(at, "'" + name + "' has type '" + type.getAsString() +
                    "'; a device loop can use scalars of the C arithmetic types "
                    "(not _Bool or long double), arrays and its own variables");
      return;
    }
    if (scalars.insert(name).second)
      site.devScalars.push_back({name, canon.getAsString()});
  }

  /// A `break` that would end the nest itself (not an inner loop or switch of
  /// the body).
  static const BreakStmt *nestBreak(const Stmt *s) {
    if (const auto *b = dyn_cast<BreakStmt>(s))
      return b;
    if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<SwitchStmt>(s))
      return nullptr;
    for (const Stmt *child : s->children())
      if (child)
        if (const BreakStmt *b = nestBreak(child))
          return b;
    return nullptr;
  }

  bool isOuter(const Expr *e) const {
    const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl()->getName() == outer;
  }
  /// Whether an access reads only the iteration's own row: one subscript is
  /// the outermost index itself and no other mentions it.
  bool ownRow(const ArraySubscriptExpr *chain) const {
    int whole = 0;
    const Expr *e = chain;
    while (const auto *s = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts())) {
      if (isOuter(s->getIdx()))
        ++whole;
      else if (firstRef(s->getIdx(), outer))
        return false;
      e = s->getBase();
    }
    return whole == 1;
  }

  /// The subscripts of an access, outermost first, and the variable it indexes.
  static const VarDecl *unchain(const ArraySubscriptExpr *chain,
                                std::vector<const Expr *> &subs) {
    subs.clear();
    const Expr *e = chain;
    while (const auto *s = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts())) {
      subs.insert(subs.begin(), s->getIdx());
      e = s->getBase();
    }
    const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  }

  /// The constant a subscript adds to loop index `var` (`var`, `var + 2`,
  /// `2 + var`, `var - 1`), where its magnitude is at most `limit`.
  static std::optional<int64_t> indexOffset(const Expr *e, llvm::StringRef var, int64_t limit) {
    auto isVar = [&](const Expr *x) {
      const auto *ref = dyn_cast<DeclRefExpr>(x->IgnoreParenImpCasts());
      return ref && ref->getDecl()->getName() == var;
    };
    auto literal = [&](const Expr *x) -> std::optional<int64_t> {
      const auto *lit = dyn_cast<IntegerLiteral>(x->IgnoreParenImpCasts());
      if (!lit || lit->getValue().ugt(static_cast<uint64_t>(limit)))
        return std::nullopt;
      return static_cast<int64_t>(lit->getValue().getZExtValue());
    };
    e = e->IgnoreParenImpCasts();
    if (isVar(e))
      return 0;
    const auto *bo = dyn_cast<BinaryOperator>(e);
    if (!bo || (bo->getOpcode() != BO_Add && bo->getOpcode() != BO_Sub))
      return std::nullopt;
    bool add = bo->getOpcode() == BO_Add;
    if (isVar(bo->getLHS()))
      if (std::optional<int64_t> c = literal(bo->getRHS()))
        return add ? *c : -*c;
    if (add && isVar(bo->getRHS()))
      return literal(bo->getLHS());
    return std::nullopt;
  }

  /// The stencil array of a 3-D nest, if one is worth a shared-memory tile in
  /// the kernel (DeviceTile): of the arrays the body only reads, always at
  /// offsets -1..1 from the three indices in nest order, the one read at the
  /// most distinct offsets, at least three.
  void findTile() {
    std::map<const VarDecl *, DeviceTile> fit;
    std::set<const VarDecl *> unfit;
    std::vector<const Expr *> subs;
    for (const ArraySubscriptExpr *chain : chains) {
      const VarDecl *var = unchain(chain, subs);
      if (!var || !arrays.count(var) || unfit.count(var))
        continue;
      std::array<int, 3> offset{};
      bool ok = arrays.at(var).dist && !writtenArrays.count(var) && subs.size() == 3 &&
                !chain->getType()->isArrayType();
      for (size_t d = 0; ok && d < 3; ++d) {
        std::optional<int64_t> o = indexOffset(subs[d], site.loop[d].var, 1);
        ok = o.has_value();
        offset[d] = static_cast<int>(o.value_or(0));
      }
      if (!ok) {
        unfit.insert(var);
        fit.erase(var);
        continue;
      }
      DeviceTile &t = fit[var];
      t.array = arrays.at(var).name;
      t.offsets[chain] = offset;
    }
    size_t best = 2;
    for (auto &[var, t] : fit) {
      std::set<std::array<int, 3>> distinct;
      for (const auto &[chain, o] : t.offsets)
        distinct.insert(o);
      if (distinct.size() <= best)
        continue;
      best = distinct.size();
      t.lo = t.hi = *distinct.begin();
      for (const std::array<int, 3> &o : distinct)
        for (size_t d = 0; d < 3; ++d) {
          t.lo[d] = std::min(t.lo[d], o[d]);
          t.hi[d] = std::max(t.hi[d], o[d]);
        }
      tile = t;
    }
  }

  /// A task holds only the rows of a written array that its iterations
  /// write, so every access must address the iteration's own row.
  void checkRows(DeviceArray &array) {
    std::vector<const Expr *> subs;
    for (const ArraySubscriptExpr *chain : chains) {
      if (unchain(chain, subs) != array.decl)
        continue;
      const auto *first = dyn_cast<DeclRefExpr>(subs.front()->IgnoreParenImpCasts());
      const auto *firstVar = first ? dyn_cast<VarDecl>(first->getDecl()) : nullptr;
      if (!firstVar || firstVar->getName() != outer) {
        error(subs.front()->getBeginLoc(),
              "array '" + array.name + "' is written in this device loop, so each "
              "iteration may access only its own row of it: its first subscript must "
              "be the outermost loop index '" + outer + "'");
        return;
      }
    }
  }

public:
  std::map<const VarDecl *, DeviceArray> arrays;
  std::vector<const VarDecl *> order;
  std::set<const VarDecl *> writtenArrays;

private:
  const SourceIndex &index;
  ASTContext &ctx;
  SourceManager &sm;
  DiagnosticsEngine &diags;
  Site &site;
  const std::set<std::string> &reductionVars;
  llvm::function_ref<bool(const VarDecl *, SourceLocation, DeviceArray &)> replicated;
  std::set<std::string> indexVars, scalars;

public:
  struct Reach {
    bool known = false, unknown = false;
    int64_t dim = 0, lo = 0, hi = 0;
  };
  std::map<const VarDecl *, Reach> reach;
  std::set<std::string> assignedScalars;
  std::optional<DeviceTile> tile;
  bool ownRowsOnly = false;
  bool hasLabels = false;

private:
  std::string outer;
  std::vector<const ArraySubscriptExpr *> chains;
  std::set<const Expr *> innerBases;
  std::map<const VarDecl *, unsigned> arrayRefs;
  unsigned nestBegin = 0, nestEnd = 0;
  bool ok = true;
};

/// Whether the body assigns scalar `name` (a plain `=`) before anything reads
/// it: its first reference is the target of an assignment that is a statement
/// of the block, or the init of a `for` statement there (`for (j = 0; ...)`),
/// which run whenever the block does; or every reference is inside the body of
/// one loop or block of it, and the same holds there (a temporary set at the
/// top of an inner loop's body).
bool setBeforeRead(const Stmt *body, llvm::StringRef name) {
  const auto *block = dyn_cast<CompoundStmt>(body);
  llvm::ArrayRef<const Stmt *> stmts;
  if (block)
    stmts = llvm::ArrayRef<const Stmt *>(block->body_begin(), block->body_end());
  else
    stmts = llvm::ArrayRef<const Stmt *>(&body, 1);
  auto refers = [&](const Stmt *s) { return s && firstRef(s, name) != nullptr; };
  for (size_t k = 0; k < stmts.size(); ++k) {
    const Stmt *s = stmts[k];
    const Stmt *top = s;
    if (const auto *f = dyn_cast<ForStmt>(s))
      top = f->getInit();
    if (const DeclRefExpr *ref = top ? firstRef(top, name) : nullptr) {
      const auto *e = dyn_cast<Expr>(top);
      const auto *bo = e ? dyn_cast<BinaryOperator>(e->IgnoreParens()) : nullptr;
      return bo && bo->getOpcode() == BO_Assign && bo->getLHS()->IgnoreParenImpCasts() == ref;
    }
    if (!refers(s))
      continue;
    if (std::any_of(stmts.begin() + k + 1, stmts.end(), refers))
      return false;
    if (const auto *f = dyn_cast<ForStmt>(s))
      return !refers(f->getCond()) && !refers(f->getInc()) && setBeforeRead(f->getBody(), name);
    if (const auto *w = dyn_cast<WhileStmt>(s))
      return !refers(w->getCond()) && setBeforeRead(w->getBody(), name);
    if (isa<CompoundStmt>(s))
      return setBeforeRead(s, name);
    return false; // read or set first where it may not run
  }
  return false;
}

} // namespace

bool xmp::frontend::analyzeDeviceBody(
    const SourceIndex &index, DiagnosticsEngine &diags, Site &site,
    llvm::function_ref<bool(const VarDecl *, SourceLocation, DeviceArray &)> replicated) {
  std::set<std::string> reductionVars;
  for (const CheckedReduction &r : site.reductions)
    reductionVars.insert(r.vars.begin(), r.vars.end());
  BodyScanner scanner(index, diags, site, reductionVars, replicated);
  if (!scanner.run(site.loop.front().stmt))
    return false;
  for (DeviceScalar &s : site.devScalars) {
    s.assigned = scanner.assignedScalars.count(s.name) != 0;
    s.setFirst = s.assigned && setBeforeRead(site.devBody, s.name);
  }
  site.devOwnRowsOnly = scanner.ownRowsOnly;
  site.devTile = scanner.tile;
  site.devHasLabels = scanner.hasLabels;
  for (const VarDecl *var : scanner.order) {
    DeviceArray array = scanner.arrays.at(var);
    array.written = scanner.writtenArrays.count(var) != 0;
    if (auto r = scanner.reach.find(var); r != scanner.reach.end() && r->second.known) {
      array.rows = true;
      array.rowDim = r->second.dim;
      array.reachLo = r->second.lo;
      array.reachHi = r->second.hi;
    }
    site.devArrays.push_back(array);
  }
  return true;
}
