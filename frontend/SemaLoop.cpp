//===- SemaLoop.cpp - loop normalisation, hoisting, nest locals -------------===//

#include "SemaAnalyzer.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

/// Normalises `for (init; cond; inc)` to lower, inclusive upper, step.
/// A loop whose constant range reaches past its template dimension's
/// constant bounds: no node owns those template elements, so no node runs
/// their iterations (a sum over them is silently short).
void Analyzer::warnBeyondTemplate(const Site &site, const Symbol &t) {
  for (const LoopDim &dim : site.loop) {
    if (dim.tdim < 0 || static_cast<size_t>(dim.tdim) >= t.lowerValue.size())
      continue;
    std::optional<long long> tlo = t.lowerValue[dim.tdim], thi = t.upperValue[dim.tdim];
    std::optional<int64_t> offset = literal(dim.offset);
    Expr::EvalResult first, bound;
    const auto *cond = dyn_cast<BinaryOperator>(dim.stmt->getCond());
    if (!tlo || !thi || !offset || !cond || !dim.lowerExpr->EvaluateAsInt(first, ctx) ||
        !dim.upperExpr->EvaluateAsInt(bound, ctx))
      continue;
    long long a = first.Val.getInt().getExtValue(), z = bound.Val.getInt().getExtValue();
    switch (cond->getOpcode()) {
    case BO_LT: z -= 1; break;
    case BO_GT: z += 1; break;
    default: break;
    }
    long long lo = std::min(a, z) + *offset, hi = std::max(a, z) + *offset;
    if ((dim.ascending ? a > z : a < z) || (lo >= *tlo && hi <= *thi))
      continue;
    warning(dim.stmt->getCond()->getBeginLoc(),
            "the range of loop index '" + dim.var + "' reaches template elements " +
                std::to_string(lo) + " to " + std::to_string(hi) + ", beyond template '" +
                site.dir->loop.templ.text + "'" +
                (t.rank > 1 ? " (dimension " + std::to_string(dim.tdim) + " in C order)" : "") +
                " bounds " + std::to_string(*tlo) + ":" + std::to_string(*thi) +
                ": no node owns the elements outside them, so no node runs those iterations");
  }
}

bool Analyzer::analyzeFor(const ForStmt *f, LoopDim &dim) {
  const VarDecl *var = nullptr;
  const Expr *initExpr = nullptr;
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit())) {
    if (ds->isSingleDecl())
      if ((var = dyn_cast<VarDecl>(ds->getSingleDecl())))
        initExpr = var->getInit();
    if (var)
      dim.declPrefix = var->getType().getAsString() + " ";
  } else if (const auto *bo = dyn_cast_or_null<BinaryOperator>(f->getInit())) {
    if (bo->getOpcode() == BO_Assign)
      if (const auto *ref = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())) {
        var = dyn_cast<VarDecl>(ref->getDecl());
        initExpr = bo->getRHS();
      }
  }
  if (!var || !initExpr)
    return error(f->getForLoc(), "a work-shared loop must initialise its "
                                 "index: 'for (i = lb; ...)'");
  dim.var = var->getName().str();
  dim.type = var->getType().getCanonicalType().getUnqualifiedType().getAsString();
  auto isVar = [&](const Expr *e) {
    const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl() == var;
  };
  const auto *cond = dyn_cast_or_null<BinaryOperator>(f->getCond());
  if (!cond || !isVar(cond->getLHS()))
    return error(f->getCond() ? f->getCond()->getBeginLoc() : f->getForLoc(),
                 "a work-shared loop's condition must compare its index: "
                 "'" + dim.var + " < ub', '<=', '>' or '>='");
  std::string bound = text(cond->getRHS()->getSourceRange());
  dim.upperExpr = cond->getRHS();
  dim.lowerExpr = initExpr;
  switch (cond->getOpcode()) {
  case BO_LT: dim.upper = "(" + bound + ") - 1"; break;
  case BO_LE: dim.upper = bound; break;
  case BO_GT: dim.upper = "(" + bound + ") + 1"; break;
  case BO_GE: dim.upper = bound; break;
  default:
    return error(cond->getOperatorLoc(), "a work-shared loop's condition "
                                         "must use <, <=, > or >=");
  }
  dim.lower = text(initExpr->getSourceRange());
  const Expr *inc = f->getInc();
  if (const auto *u = dyn_cast_or_null<UnaryOperator>(inc); u && isVar(u->getSubExpr())) {
    if (u->isIncrementOp())
      dim.step = "1", dim.constStep = 1;
    else if (u->isDecrementOp())
      dim.step = "-1", dim.constStep = -1;
  } else if (const auto *c = dyn_cast_or_null<CompoundAssignOperator>(inc);
             c && isVar(c->getLHS())) {
    std::string s = text(c->getRHS()->getSourceRange());
    dim.stepExpr = c->getRHS();
    Expr::EvalResult value;
    int64_t constant = 0;
    if (!c->getRHS()->isValueDependent() && c->getRHS()->EvaluateAsInt(value, ctx) &&
        value.Val.getInt().getSignificantBits() <= 32)
      constant = value.Val.getInt().getSExtValue();
    if (c->getOpcode() == BO_AddAssign)
      dim.step = s, dim.constStep = constant;
    else if (c->getOpcode() == BO_SubAssign)
      dim.step = "-(" + s + ")", dim.constStep = -constant;
  }
  if (dim.step.empty())
    return error(inc ? inc->getBeginLoc() : f->getForLoc(),
                 "a work-shared loop must step its index by '++', '--', "
                 "'+= s' or '-= s'");
  bool up = cond->getOpcode() == BO_LT || cond->getOpcode() == BO_LE;
  dim.ascending = up;
  bool literalStep = dim.step == "1" || dim.step == "-1";
  if (literalStep && up != (dim.step == "1"))
    return error(cond->getOperatorLoc(), "the loop's condition and step go in "
                                         "opposite directions");
  dim.stmt = f;
  return true;
}

bool Analyzer::checkLoop(const Directive &d, Site &site, const FunctionDecl *fn,
                         bool device) {
  const LoopDirective &loop = d.loop;
  const char *what = device ? "device loop" : "loop";
  // An OpenACC construct's reductions stay on each node (OpenACC's rule).
  site.reduceOnNode = device && loop.fromAcc;
  // An OpenACC loop construct alone: no template, the whole range here.
  Symbol *t = loop.wholeRange ? nullptr : lookup(loop.templ, fn);
  bool onNodes = t && t->kind == Symbol::Nodes;
  if (onNodes && device)
    return error(loop.templ.loc, "a device loop runs on a template, not on a node array");
  if (!loop.wholeRange && !onNodes &&
      !(t = lookupKind(loop.templ, fn, Symbol::Template, "template or node array")))
    return false;
  if (t && loop.subscripts.size() != t->rank)
    return error(loop.templ.loc, "'loop' gives " +
                                     std::to_string(loop.subscripts.size()) +
                                     " subscripts but " +
                                     (onNodes ? "node array '" : "template '") +
                                     loop.templ.text + "' has " +
                                     std::to_string(t->rank) + " dimensions");
  // The distributed indices: the list if given, else the subscript variables.
  std::vector<std::string> indices;
  for (const Name &n : loop.indices)
    indices.push_back(n.text);
  if (indices.empty())
    for (const Subscript &s : loop.subscripts)
      if (!s.var.empty())
        indices.push_back(s.var);
  if (indices.empty() && !loop.wholeRange)
    return error(loop.templ.loc, "'loop' distributes no loop index");
  for (const Name &n : loop.indices)
    if (llvm::none_of(loop.subscripts, [&](const Subscript &s) { return s.var == n.text; }))
      return error(n.loc, "loop index '" + n.text +
                              "' does not appear in the template subscripts");

  // The directive must be followed directly by the nest.
  const ForStmt *outer = index.forAfter(d.range.getEnd());
  unsigned pragmaEnd = index.offset(d.range.getEnd());
  FileID fid = sm.getMainFileID();
  StringRef buffer = sm.getBufferData(fid);
  Lexer raw(sm.getLocForStartOfFile(fid), ctx.getLangOpts(), buffer.begin(),
            buffer.begin() + pragmaEnd, buffer.end());
  Token next;
  raw.LexFromRawLexer(next);
  // OpenMP directives on the same nest may come between (`#pragma omp
  // parallel for`, `omp simd`), and the OpenACC loop construct that makes
  // it a device loop (`#pragma acc parallel loop`).
  while (next.is(tok::hash) && next.isAtStartOfLine()) {
    Token word;
    raw.LexFromRawLexer(word);
    if (!word.is(tok::raw_identifier) || word.getRawIdentifier() != "pragma")
      break;
    raw.LexFromRawLexer(word);
    if (!word.is(tok::raw_identifier) ||
        (word.getRawIdentifier() != "omp" && word.getRawIdentifier() != "acc"))
      break;
    do
      raw.LexFromRawLexer(next);
    while (next.isNot(tok::eof) && !next.isAtStartOfLine());
  }
  if (!outer || next.getLocation() != outer->getForLoc())
    return error(next.getLocation(), std::string("'") + what +
                                         "' directive must be followed by a for "
                                         "statement");

  site.nest = outer;
  if (const OMPExecutableDirective *omp = index.openMPOf(outer);
      omp && index.offset(omp->getBeginLoc()) < index.offset(d.range.getBegin()))
    site.openMPBefore = omp;
  std::set<std::string> pending(indices.begin(), indices.end());
  auto more = [&] {
    return loop.wholeRange ? site.loop.size() < loop.wholeRange : !pending.empty();
  };
  for (const ForStmt *f = outer; f && more();) {
    LoopDim dim;
    if (!analyzeFor(f, dim))
      return false;
    if (loop.wholeRange) { // every iteration on every node, as written
      dim.tdim = -1;
      dim.offset = "0";
      dim.sameStep = true;
      site.iterationOrder.push_back((dim.ascending ? "(long)(" : "-(long)(") + dim.var + ")");
      site.loop.push_back(dim);
    } else if (device && !pending.count(dim.var))
      return error(f->getForLoc(), "the loops of a device loop nest must be its "
                                   "indices, tightly nested: '" + dim.var +
                                       "' is not one of them");
    else
      site.iterationOrder.push_back((dim.ascending ? "(long)(" : "-(long)(") + dim.var + ")");
    if (!loop.wholeRange && pending.erase(dim.var)) {
      for (size_t td = 0; td < loop.subscripts.size(); ++td)
        if (loop.subscripts[td].var == dim.var) {
          dim.tdim = static_cast<int64_t>(td);
          dim.offset = loop.subscripts[td].offset;
          // Node references in round brackets count from 1: coordinate = index - 1.
          if (onNodes && loop.style == Bracket::Round)
            dim.offset = "(" + dim.offset + ") - 1";
          dim.cyclic = !onNodes && t->distributed && t->formats[td] == "cyclic";
          // Known at compile time: the node's local step is the loop's own on a node
          // array, along every format but cyclic (a residue's progression), and
          // in each block that a cyclic(w) loop walks when w > 1 is a literal.
          std::optional<int64_t> width =
              td < t->params.size() ? literal(t->params[td]) : std::nullopt;
          dim.sameStep = onNodes || (t->distributed && (t->formats[td] != "cyclic" ||
                                                        (width && *width > 1)));
        }
      site.loop.push_back(dim);
    }
    const Stmt *body = f->getBody();
    if (const auto *cs = dyn_cast<CompoundStmt>(body); cs && cs->size() == 1)
      body = cs->body_front();
    f = dyn_cast_or_null<ForStmt>(SourceIndex::throughOpenMP(body));
  }
  if (loop.wholeRange && site.loop.size() < loop.wholeRange)
    return error(d.acc.loc, "'collapse(" + std::to_string(loop.wholeRange) + ")' needs " +
                                std::to_string(loop.wholeRange) +
                                " tightly nested loops after the directive; there are " +
                                std::to_string(site.loop.size()));
  if (!pending.empty())
    return error(loop.templ.loc, "loop index '" + *pending.begin() +
                                     "' is not the control variable of a "
                                     "tightly nested loop that follows");
  for (const LoopDim &dim : site.loop) {
    const ForStmt *f = dim.stmt;
    if (f->getForLoc().isMacroID() || f->getRParenLoc().isMacroID())
      return error(f->getForLoc(), std::string("a ") +
                                       (device ? "device loop" : "work-shared loop") +
                                       " cannot come from a macro");
  }
  if (t && !onNodes)
    warnBeyondTemplate(site, *t);
  markHoistable(site);
  // The one-per-node bounds of a nest on a template laid out once and for
  // all, by constant steps, may be computed before loops around the nest.
  site.prologueMovable = !device && !onNodes && !t->deferred && loop.extent == LoopExtent::None &&
                         llvm::all_of(site.loop, [](const LoopDim &dim) {
                           return dim.hoist && !dim.cyclic && dim.constStep != 0;
                         });
  if (loop.extent != LoopExtent::None && !checkLoopExtent(d, site, onNodes, device))
    return false;
  for (const ReductionClause &c : loop.reductions) {
    CheckedReduction r;
    if (!checkReduction(c, d.range.getBegin(), r))
      return false;
    for (size_t k = 0; k < r.counts.size(); ++k)
      if (r.counts[k] < 0)
        return error(c.vars[k].loc, std::string("a ") + what +
                                        "'s reduction takes scalars and C arrays, not the "
                                        "distributed array '" + r.vars[k] +
                                        "'; write '#pragma xmp reduction' after the loop");
    if (device && (StringRef(r.kind).starts_with("first") ||
                   StringRef(r.kind).starts_with("last")))
      return error(c.loc, "reduction '" + r.kind + "' is not supported in a device "
                          "loop; use max or min");
    for (size_t k = 0; device && k < r.counts.size(); ++k)
      if (r.counts[k] > 0)
        return error(c.vars[k].loc, "a device loop reduces scalars, not the array '" +
                                        r.vars[k] + "'");
    for (size_t k = 0; device && k < r.types.size(); ++k)
      if (!llvm::is_contained({xmp::ScalarType::Int, xmp::ScalarType::Uint, xmp::ScalarType::Long,
                               xmp::ScalarType::Ulong, xmp::ScalarType::Llong,
                               xmp::ScalarType::Ullong, xmp::ScalarType::Float,
                               xmp::ScalarType::Double},
                              r.types[k]))
        return error(c.vars[k].loc, "a device loop reduces int, long, long long (signed "
                                    "or unsigned), float or double variables");
    r.on = t ? t->sym : "";
    site.reductions.push_back(r);
  }
  site.tmplSym = t ? t->sym : "";
  if (device)
    return checkDeviceNest(d, site);
  if (!site.reductions.empty())
    site.postSite = nextSite++;
  return true;
}

/// expand / margin / peel_and_wait: one width per `on` subscript, given to
/// the loop dimension of that subscript; a subscript that distributes no loop
/// takes width 0.
bool Analyzer::checkLoopExtent(const Directive &d, Site &site, bool onNodes, bool device) {
  const LoopDirective &loop = d.loop;
  const char *clause = loop.extent == LoopExtent::Expand   ? "expand"
                       : loop.extent == LoopExtent::Margin ? "margin"
                                                           : "peel_and_wait";
  if (device || onNodes)
    return error(loop.extentLoc, std::string("'") + clause + "' applies to a loop on a "
                                     "template, not to " +
                                     (device ? "a device loop" : "a loop on a node array"));
  if (loop.extentWidths.size() != loop.subscripts.size())
    return error(loop.extentLoc, std::string("'") + clause + "' gives " +
                                     std::to_string(loop.extentWidths.size()) +
                                     " widths but the template reference has " +
                                     std::to_string(loop.subscripts.size()) + " subscripts");
  for (size_t td = 0; td < loop.subscripts.size(); ++td) {
    const Width &w = loop.extentWidths[td];
    LoopDim *dim = nullptr;
    for (LoopDim &ld : site.loop)
      if (ld.tdim == static_cast<int64_t>(td))
        dim = &ld;
    if (!dim) {
      if (literalWidth(w.lo) != 0 || literalWidth(w.hi) != 0)
        return error(w.loc, std::string("'") + clause + "' gives a width to a template "
                                "subscript that distributes no loop; it must be 0");
      continue;
    }
    if (dim->cyclic)
      return error(w.loc, std::string("'") + clause + "' on loop '" + dim->var +
                              "', whose template dimension is distributed cyclic: its "
                              "local iterations are not one range");
    dim->extendLo = w.lo;
    dim->extendHi = w.hi;
    dim->unbound = w.unbound;
  }
  site.extent = loop.extent;
  if (loop.peelAsync)
    site.async = loop.peelAsync->text;
  return true;
}

/// The variable an array subscript is, maybe plus or minus a constant; "" if
/// it is something else.
static std::string subscriptVar(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *b = dyn_cast<BinaryOperator>(e)) {
    const Expr *l = b->getLHS()->IgnoreParenImpCasts(), *r = b->getRHS()->IgnoreParenImpCasts();
    if (b->getOpcode() == BO_Add && isa<IntegerLiteral>(l))
      e = r;
    else if ((b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub) && isa<IntegerLiteral>(r))
      e = l;
  }
  const auto *ref = dyn_cast<DeclRefExpr>(e);
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return var ? var->getName().str() : "";
}

/// The constant c of a subscript `v`, `v + c`, `c + v` or `v - c` (0, c, c,
/// -c), or nullopt for any other form.
static std::optional<int64_t> subscriptOffset(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(e))
    return 0;
  const auto *b = dyn_cast<BinaryOperator>(e);
  if (!b)
    return std::nullopt;
  const Expr *l = b->getLHS()->IgnoreParenImpCasts(), *r = b->getRHS()->IgnoreParenImpCasts();
  auto value = [](const Expr *x) -> std::optional<int64_t> {
    const auto *lit = dyn_cast<IntegerLiteral>(x);
    if (!lit || lit->getValue().getActiveBits() > 62)
      return std::nullopt;
    return static_cast<int64_t>(lit->getValue().getZExtValue());
  };
  if (b->getOpcode() == BO_Add && isa<DeclRefExpr>(r))
    return value(l);
  if (b->getOpcode() == BO_Add && isa<DeclRefExpr>(l))
    return value(r);
  if (b->getOpcode() == BO_Sub && isa<DeclRefExpr>(l))
    if (std::optional<int64_t> c = value(r))
      return -*c;
  return std::nullopt;
}

/// Variables a statement may change: assigned, incremented or decremented,
/// whose address it takes, or declared in it.
static void collectChanged(const Stmt *s, std::set<const VarDecl *> &out) {
  if (!s)
    return;
  auto refVar = [](const Expr *e) -> const VarDecl * {
    const auto *r = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
  };
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) {
    if (const VarDecl *v = refVar(bo->getLHS()))
      out.insert(v);
  } else if (const auto *uo = dyn_cast<UnaryOperator>(s)) {
    if (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf)
      if (const VarDecl *v = refVar(uo->getSubExpr()))
        out.insert(v);
  } else if (const auto *ds = dyn_cast<DeclStmt>(s)) {
    for (const Decl *d : ds->decls())
      if (const auto *v = dyn_cast<VarDecl>(d))
        out.insert(v);
  }
  for (const Stmt *child : s->children())
    collectChanged(child, out);
}

/// Whether a statement calls a function that is neither a builtin nor
/// declared in a system header (which may then reach any global, or storage
/// it was given), or calls through a pointer.
static bool callsUserCode(const Stmt *s, const SourceManager &sm) {
  if (!s)
    return false;
  if (const auto *call = dyn_cast<CallExpr>(s)) {
    const FunctionDecl *f = call->getDirectCallee();
    if (!f || (!f->getBuiltinID() && !sm.isInSystemHeader(f->getLocation())))
      return true;
  }
  for (const Stmt *child : s->children())
    if (callsUserCode(child, sm))
      return true;
  return false;
}

/// Whether an expression has the same value wherever the nest evaluates it:
/// it reads no variable the nest changes, no memory through a pointer or a
/// subscript, calls nothing, and, where the nest calls user code, reads no
/// variable that code could change.
static bool invariantIn(const Stmt *e, const std::set<const VarDecl *> &changed,
                        bool userCalls) {
  if (!e)
    return true;
  if (isa<CallExpr, ArraySubscriptExpr, MemberExpr>(e))
    return false;
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
    return false;
  if (const auto *ref = dyn_cast<DeclRefExpr>(e))
    if (const auto *v = dyn_cast<VarDecl>(ref->getDecl()))
      if (changed.count(v) || (userCalls && !v->hasLocalStorage()))
        return false;
  for (const Stmt *child : e->children())
    if (!invariantIn(child, changed, userCalls))
      return false;
  return true;
}

/// Whether evaluating `e` where C would not (before a loop that may run no
/// iteration) is harmless: it divides by nonzero constants only.
static bool speculatable(const Stmt *e) {
  if (!e)
    return true;
  if (const auto *bo = dyn_cast<BinaryOperator>(e);
      bo && (bo->getOpcode() == BO_Div || bo->getOpcode() == BO_Rem)) {
    const auto *lit = dyn_cast<IntegerLiteral>(bo->getRHS()->IgnoreParenImpCasts());
    if (!lit || lit->getValue() == 0)
      return false;
  }
  for (const Stmt *child : e->children())
    if (!speculatable(child))
      return false;
  return true;
}

/// A loop's bounds are computed once, before the nest, where they stay the
/// same throughout it; otherwise before each run of their loop, as C
/// evaluates them.
void Analyzer::markHoistable(Site &site) {
  std::set<const VarDecl *> changed;
  collectChanged(site.nest, changed);
  bool userCalls = callsUserCode(site.nest, sm);
  for (LoopDim &dim : site.loop)
    dim.hoist = invariantIn(dim.lowerExpr, changed, userCalls) &&
                invariantIn(dim.upperExpr, changed, userCalls) &&
                invariantIn(dim.stepExpr, changed, userCalls);
}

/// Accesses inside a work-shared nest reach their array through locals the
/// nest declares before it (the outermost nest around them, so that one
/// pointer reaches each array there): a base pointer, its strides and the
/// folded offset. Not for an array declared or allocated inside the nest.
/// The pointer is `restrict` where nothing else inside the nest may reach
/// the storage: no user function is called (it may access the array), no
/// directive runs, and the array is not a parameter (two of which may be one
/// array of the caller).
void Analyzer::planNestLocals() {
  struct Nest {
    Site *site;
    unsigned begin, end;
  };
  std::vector<Nest> nests;
  std::vector<std::pair<unsigned, unsigned>> deviceNests;
  for (Site &site : program.sites) {
    if (!site.nest)
      continue;
    unsigned b = index.offset(site.nest->getBeginLoc()), e = index.offset(index.afterStmt(site.nest));
    if (site.dir->kind == DirectiveKind::Loop)
      nests.push_back({&site, b, e});
    else if (site.dir->kind == DirectiveKind::DeviceLoop)
      deviceNests.push_back({b, e});
  }
  auto inside = [](unsigned at, unsigned b, unsigned e) { return at >= b && at <= e; };
  // A loop header becomes the node's local bounds.
  for (const Nest &n : nests)
    for (const LoopDim &dim : n.site->loop) {
      unsigned hb = index.offset(dim.stmt->getForLoc()), he = index.offset(dim.stmt->getRParenLoc());
      for (const ArraySubscriptExpr *chain : program.accesses)
        if (inside(index.offset(chain->getBeginLoc()), hb, he))
          error(chain->getBeginLoc(), "distributed array accesses in the header of a "
                                      "work-shared loop are not supported");
    }
  for (const ArraySubscriptExpr *chain : program.accesses) {
    unsigned at = index.offset(chain->getBeginLoc());
    if (llvm::any_of(deviceNests, [&](auto r) { return inside(at, r.first, r.second); }))
      continue;
    const Nest *outer = nullptr;
    for (const Nest &n : nests)
      if (inside(at, n.begin, n.end) && (!outer || n.begin < outer->begin))
        outer = &n;
    const DistArray *array = distributedRoot(program, chain);
    if (!outer || !array)
      continue;
    if (inside(index.offset(array->decl->getLocation()), outer->begin, outer->end) ||
        llvm::any_of(program.allocations, [&](const Allocation &a) {
          return a.array == array &&
                 inside(index.offset(a.expr->getBeginLoc()), outer->begin, outer->end);
        }))
      continue;
    program.accessNest[chain] = outer->site->id;
    if (!llvm::is_contained(outer->site->nestArrays, array))
      outer->site->nestArrays.push_back(array);
  }
  for (const Nest &n : nests) {
    bool others = callsUserCode(n.site->nest, sm) ||
                  llvm::any_of(program.sites, [&](const Site &s) {
                    return &s != n.site &&
                           inside(index.offset(s.dir->range.getBegin()), n.begin, n.end);
                  });
    for (const DistArray *array : n.site->nestArrays)
      n.site->nestRestrict.push_back(!others && !array->parameter);
  }
}

/// A nest inside other loops (the time steps of a solver) computes its
/// bounds, strides and offsets before the outermost of them that changes
/// none of their inputs: nothing the bound expressions read (nor, where it
/// calls user code, any variable but its own locals), no declaration,
/// allocation or mapping directive of the template or of the nest's arrays,
/// nor a call of user code where an array is allocatable.
/// It does not move out of a task, a tasks block or another work-shared or
/// device loop, whose bodies run on other nodes or elsewhere; its bound
/// expressions must be safe to evaluate before a loop that runs no
/// iteration.
void Analyzer::planPrologues() {
  std::set<const Stmt *> barriers;
  for (const Site &s : program.sites) {
    if (s.body)
      barriers.insert(s.body);
    for (const LoopDim &dim : s.loop)
      barriers.insert(dim.stmt);
  }
  auto inside = [&](SourceLocation at, const Stmt *s) {
    unsigned o = index.offset(at);
    return o >= index.offset(s->getBeginLoc()) && o <= index.offset(index.afterStmt(s));
  };
  for (Site &site : program.sites) {
    if (!site.prologueMovable)
      continue;
    std::vector<const Expr *> exprs;
    for (const LoopDim &dim : site.loop)
      exprs.insert(exprs.end(), {dim.lowerExpr, dim.upperExpr, dim.stepExpr});
    if (!llvm::all_of(exprs, [](const Expr *e) { return speculatable(e); }))
      continue;
    // From the OpenMP directive whose loop the nest is, if any.
    const Stmt *start = site.nest;
    if (const OMPExecutableDirective *omp = index.openMPOf(site.nest))
      start = omp;
    for (const Stmt *cur = start; !barriers.count(cur) || cur == start;) {
      DynTypedNodeList parents = ctx.getParents(*cur);
      const Stmt *p = parents.empty() ? nullptr : parents[0].get<Stmt>();
      if (!p || barriers.count(p))
        break;
      cur = p;
      if (!isa<ForStmt, WhileStmt, DoStmt>(p))
        continue;
      std::set<const VarDecl *> changed;
      collectChanged(p, changed);
      bool userCalls = callsUserCode(p, sm);
      if (!llvm::all_of(exprs, [&](const Expr *e) { return invariantIn(e, changed, userCalls); }))
        break;
      // (An allocatable array may also be allocated by a function the loop
      // calls.)
      bool arraysChange = llvm::any_of(site.nestArrays, [&](const DistArray *a) {
        return inside(a->decl->getLocation(), p) || (a->allocatable && userCalls) ||
               llvm::any_of(program.allocations, [&](const Allocation &al) {
                 return al.array == a && inside(al.expr->getBeginLoc(), p);
               });
      });
      bool mapping = llvm::any_of(program.sites, [&](const Site &s) {
        switch (s.dir->kind) {
        case DirectiveKind::Nodes:
        case DirectiveKind::Template:
        case DirectiveKind::Distribute:
        case DirectiveKind::TemplateFix:
        case DirectiveKind::Align:
        case DirectiveKind::Shadow: return inside(s.dir->range.getBegin(), p);
        default: return false;
        }
      });
      if (arraysChange || mapping)
        break;
      site.prologueLoop = p;
    }
  }
}

/// A loop distributes its indices along the template dimensions whose
/// subscripts name them (spec 4.4.3, by name, not by position). An index that
/// subscripts a dimension of an array aligned with another, distributed,
/// dimension of that template reaches, on some iterations, an element another
/// node owns: this node has no storage for it (the loop's `on` subscripts or
/// its index list are likely swapped).
/// An element `a[i + c]` that the iteration of index i reads or writes lies
/// c (plus the difference of the align and loop offsets) template indices
/// from the iteration's own: on a block or gblock dimension, beyond the
/// shadow on that side it belongs to another node on some iterations, which
/// this node cannot reach (where every width and offset is a number).
void Analyzer::checkShadowReach(const DistArray &array, const Site &align, size_t k,
                                const LoopDim &dim, const Expr *sub) {
  // An offset as the directives keep it: "0", "(1)", "(-2)".
  auto offset = [](std::string text) -> std::optional<int64_t> {
    llvm::erase_if(text, [](char ch) { return ch == ' '; });
    while (text.size() >= 2 && text.front() == '(' && text.back() == ')')
      text = text.substr(1, text.size() - 2);
    if (!text.empty() && text.front() == '+')
      text.erase(0, 1);
    return literal(text);
  };
  std::optional<int64_t> c = subscriptOffset(sub);
  std::optional<int64_t> alignOff =
      k < align.offsets.size() ? offset(align.offsets[k]) : std::optional<int64_t>(0);
  std::optional<int64_t> loopOff = offset(dim.offset);
  if (!c || !alignOff || !loopOff)
    return;
  int64_t reach = *c + *alignOff - *loopOff;
  if (reach == 0)
    return;
  const Width *w = k < array.shadow.size() ? &array.shadow[k] : nullptr;
  if (w && w->full)
    return;
  std::optional<long long> have =
      w ? literalWidth(reach > 0 ? w->hi : w->lo) : std::optional<long long>(0);
  if (!have || std::abs(reach) <= *have)
    return;
  warning(sub->getBeginLoc(),
          "'" + array.name + "' is reached " + std::to_string(std::abs(reach)) +
              (reach > 0 ? " above" : " below") + " the iteration's own index along dimension " +
              std::to_string(k) + ", but its " + (reach > 0 ? "upper" : "lower") + " shadow is " +
              std::to_string(*have) +
              ": on the iterations at the edge of a node's block the element belongs to "
              "another node, and this node holds no copy of it");
}

void Analyzer::checkLoopAccesses() {
  for (const Site &site : program.sites) {
    if (site.dir->kind != DirectiveKind::Loop || site.loop.empty())
      continue;
    const Symbol *t = nullptr;
    for (const auto &entry : symbols)
      if (entry.second.kind == Symbol::Template && entry.second.sym == site.tmplSym)
        t = &entry.second;
    if (!t || !t->distributed)
      continue;
    const ForStmt *outer = site.loop.front().stmt;
    for (const LoopDim &dim : site.loop)
      if (index.offset(dim.stmt->getBeginLoc()) < index.offset(outer->getBeginLoc()))
        outer = dim.stmt;
    unsigned begin = index.offset(outer->getBeginLoc());
    unsigned end = index.offset(index.afterStmt(outer));
    for (const ArraySubscriptExpr *s : program.accesses) {
      unsigned at = index.offset(s->getBeginLoc());
      const DistArray *array = distributedRoot(program, s);
      if (at < begin || at > end || !array)
        continue;
      const Site *align = nullptr;
      for (const Site &other : program.sites)
        if (other.dir->kind == DirectiveKind::Align && other.array == array)
          align = &other;
      if (!align || align->tmplSym != site.tmplSym)
        continue;
      std::vector<const Expr *> subs;
      for (const Expr *e = s; const auto *a = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts());
           e = a->getBase())
        subs.insert(subs.begin(), a->getIdx());
      for (size_t k = 0; k < subs.size() && k < align->tdims.size(); ++k) {
        int64_t atd = align->tdims[k];
        if (atd < 0 || static_cast<size_t>(atd) >= t->formats.size() || t->formats[atd] == "*")
          continue;
        std::string var = subscriptVar(subs[k]);
        for (const LoopDim &dim : site.loop)
          if (!var.empty() && dim.var == var && dim.tdim == atd &&
              (t->formats[atd] == "block" || t->formats[atd] == "gblock"))
            checkShadowReach(*array, *align, k, dim, subs[k]);
        for (const LoopDim &dim : site.loop)
          if (!var.empty() && dim.var == var && dim.tdim != atd)
            warning(subs[k]->getBeginLoc(),
                    "loop index '" + var + "' is distributed along dimension " +
                        std::to_string(dim.tdim) + " of template '" +
                        site.dir->loop.templ.text +
                        "', but it subscripts dimension " + std::to_string(k) +
                        " of '" + array->name + "', aligned with dimension " +
                        std::to_string(atd) + " (C order): on some iterations the element "
                        "belongs to another node, and this node has no storage for it");
      }
    }
  }
}

} // namespace xmp::frontend::sema
