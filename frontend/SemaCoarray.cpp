//===- SemaCoarray.cpp - coarrays, coindexed references, post/wait, lock --===//
//
// XMP 1.4's local view: the coarrays a file declares, each coindexed
// reference tied to the expression the parser read for it (by where it
// ends) and classified (read, assigned, updated), the coarray assignment
// statements of sections, and the image control directives post, wait, lock
// and unlock. What the generated C passes the runtime is decided here as C
// text: the address of a section's first element and its spans.
//
//===----------------------------------------------------------------------===//

#include "SemaAnalyzer.h"

namespace xmp::frontend::sema {

namespace {

/// `e` without the parentheses and implicit conversions around it.
const Expr *bare(const Expr *e) { return e->IgnoreParenImpCasts(); }

/// The variable at the root of a subscript chain, if any.
const VarDecl *rootVar(const Expr *e) {
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(bare(e)))
    e = s->getBase();
  const auto *ref = dyn_cast<DeclRefExpr>(bare(e));
  return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
}

/// `sizeof(a[0]...[0])` with `zeros` subscripts: the bytes of one step of
/// dimension zeros - 1.
std::string stepBytes(const std::string &var, size_t zeros) {
  std::string e = var;
  for (size_t k = 0; k < zeros; ++k)
    e += "[0]";
  return "(long)sizeof(" + e + ")";
}

/// The call of XMP's atomic subroutines whose atom (xmp_atomic_define's first argument,
/// xmp_atomic_ref's second) `e` is, if it is one; *define tells which.
const CallExpr *atomicCallOf(ASTContext &ctx, const Expr *e, bool *define) {
  DynTypedNodeList parents = ctx.getParents(*e);
  while (!parents.empty() && (parents[0].get<ParenExpr>() || parents[0].get<ImplicitCastExpr>())) {
    e = parents[0].get<Expr>();
    parents = ctx.getParents(*e);
  }
  const auto *call = parents.empty() ? nullptr : parents[0].get<CallExpr>();
  const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || call->getNumArgs() != 2)
    return nullptr;
  *define = callee->getName() == "xmp_atomic_define";
  if (!*define && callee->getName() != "xmp_atomic_ref")
    return nullptr;
  return call->getArg(*define ? 0 : 1) == e ? call : nullptr;
}

} // namespace

/// An atomic subroutine's call on coarray element `atom` (its side in site.coDst): the
/// call is replaced whole; its other argument is the value or the pointer.
bool Analyzer::atomicSite(const CallExpr *call, bool define, const Expr *atom, Site &site) {
  QualType t = atom->getType();
  if (!t->isIntegerType() || (ctx.getTypeSize(t) != 32 && ctx.getTypeSize(t) != 64))
    return error(atom->getBeginLoc(), std::string(define ? "xmp_atomic_define" : "xmp_atomic_ref") +
                                          " takes a 4- or 8-byte integer element of a coarray; '" +
                                          text(atom->getSourceRange()) + "' is '" +
                                          t.getAsString() + "'");
  if (!define) {
    const Expr *out = call->getArg(0)->IgnoreParenImpCasts();
    QualType p = out->getType();
    if (!p->isPointerType() || !p->getPointeeType()->isIntegerType() ||
        ctx.getTypeSize(p->getPointeeType()) != ctx.getTypeSize(t) ||
        p->getPointeeType().isConstQualified())
      return error(out->getBeginLoc(), "xmp_atomic_ref stores the atom '" +
                                           text(atom->getSourceRange()) + "' ('" + t.getAsString() +
                                           "') through its first argument: a pointer to an "
                                           "integer of that size ('" +
                                           t.getAsString() + " *')");
  }
  site.coOp = define ? "atomic_define" : "atomic_ref";
  site.coStatement = call->getSourceRange();
  site.coRhs = call->getArg(define ? 1 : 0)->getSourceRange();
  atomicCalls.insert(call);
  return true;
}

void Analyzer::checkAtomicCalls() {
  for (const CallExpr *call : index.calls()) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || call->getNumArgs() != 2 || atomicCalls.count(call) ||
        (callee->getName() != "xmp_atomic_define" && callee->getName() != "xmp_atomic_ref"))
      continue;
    bool define = callee->getName() == "xmp_atomic_define";
    const Expr *atom = call->getArg(define ? 0 : 1)->IgnoreParenImpCasts();
    const VarDecl *var = rootVar(atom);
    auto co = var ? program.coarrays.find(var) : program.coarrays.end();
    if (co == program.coarrays.end()) {
      error(atom->getBeginLoc(), std::string("the atom of ") +
                                     (define ? "xmp_atomic_define" : "xmp_atomic_ref") +
                                     " must be an element of a coarray ('flag' or 'flag:[k]' "
                                     "for 'int flag:[*];')");
      continue;
    }
    // This image's element: a site of its own, as a coindexed reference without cosubscripts.
    Directive &d = program.synthesized.emplace_back();
    d.kind = DirectiveKind::Coindexed;
    d.range = call->getSourceRange();
    d.text = text(call->getSourceRange());
    Site site;
    site.dir = &d;
    site.id = nextSite++;
    site.fileScope = false;
    site.coDst.coarray = &co->second;
    site.coDst.first = "&(" + text(atom->getSourceRange()) + ")";
    site.coDst.elemType = atom->getType().getUnqualifiedType().getAsString();
    site.coDesignator = atom->getSourceRange();
    if (atomicSite(call, define, atom, site))
      program.sites.push_back(std::move(site));
  }
}

const Coarray *Analyzer::coarrayOf(const Name &name, SourceLocation at, bool report) {
  const SourceIndex::Var *var = index.lookupVar(name.text, at);
  auto it = var ? program.coarrays.find(var->decl) : program.coarrays.end();
  if (it != program.coarrays.end())
    return &it->second;
  if (report)
    error(name.loc, var ? "'" + name.text +
                              "' is not a coarray: declare it with codimensions "
                              "('" +
                              name.text + "[...]:[*]') or name it in a 'coarray' directive"
                        : "variable '" + name.text + "' is not declared");
  return nullptr;
}

bool Analyzer::checkCosubscripts(const Coarray &co, const std::vector<CExpr> &cosubs,
                                 SourceLocation at) {
  if (cosubs.size() != co.coshape.size())
    return error(at, "coarray '" + co.name + "' has " + std::to_string(co.coshape.size()) +
                         " codimension" + (co.coshape.size() == 1 ? "" : "s") + " but " +
                         std::to_string(cosubs.size()) + " cosubscript" +
                         (cosubs.size() == 1 ? " is" : "s are") + " given");
  for (size_t k = 0; k < cosubs.size(); ++k) {
    ConstantText c = evaluateConstant(cosubs[k].expanded);
    if (!c.problem.empty())
      return error(cosubs[k].loc, "the cosubscript '" + cosubs[k].text + "' is " + c.problem);
    if (!c.value)
      continue;
    if (*c.value < 0)
      return error(cosubs[k].loc, "the cosubscript '" + cosubs[k].text + "' of '" + co.name +
                                      "' is negative: images count from 0 in XMP/C");
    if (k + 1 < co.coshape.size()) {
      ConstantText e = evaluateConstant(co.coshape[k]);
      if (e.value && *c.value >= *e.value)
        return error(cosubs[k].loc, "the cosubscript '" + cosubs[k].text + "' of '" + co.name +
                                        "' is outside its codimension " + std::to_string(k) +
                                        " of extent " + std::to_string(*e.value) + " (0.." +
                                        std::to_string(*e.value - 1) + ")");
    }
  }
  return true;
}

bool Analyzer::checkCoarray(const Directive &d, Site &site, const FunctionDecl *fn) {
  const CoarrayDirective &c = d.coarray;
  for (size_t k = 0; k + 1 < c.coshape.size(); ++k) {
    ConstantText e = evaluateConstant(c.coshape[k].expanded);
    if (!e.problem.empty() || (e.value && *e.value <= 0))
      return error(c.coshape[k].loc,
                   "the codimension '" + c.coshape[k].text + "' must be a " + "positive integer");
  }
  for (const Name &n : c.names) {
    const SourceIndex::Var *var = index.lookupVar(n.text, c.declarator ? d.range.getEnd() : n.loc);
    if (!var)
      return error(n.loc, "variable '" + n.text + "' is not declared" +
                              (c.declarator ? "" : " before the 'coarray' directive"));
    const VarDecl *decl = var->decl;
    if (fn || decl->isLocalVarDeclOrParm())
      return error(n.loc, "coarray '" + n.text +
                              "' must be declared at file scope: every "
                              "image holds it for the whole run");
    if (program.arrays.count(decl))
      return error(n.loc, "'" + n.text +
                              "' is a distributed array; a coarray is an ordinary "
                              "variable each image holds whole");
    if (program.coarrays.count(decl)) {
      if (c.declarator)
        continue; // a redeclaration (`extern` first, then the definition)
      return error(n.loc, "'" + n.text + "' is already a coarray");
    }
    QualType type = decl->getType();
    if (type->isPointerType() || type->isIncompleteType() || decl->getType().isConstQualified())
      return error(n.loc, "coarray '" + n.text +
                              "' must be a variable or an array of known "
                              "size, not a pointer or a constant");
    while (const ArrayType *arr = ctx.getAsArrayType(type))
      type = arr->getElementType();
    Coarray co;
    co.decl = decl;
    co.name = n.text;
    co.handle = "xmp_co_" + n.text;
    co.elemType = type.getUnqualifiedType().getAsString();
    for (const CExpr &e : c.coshape)
      co.coshape.push_back(e.isStar() ? "*" : e.expanded);
    // Declared `extern` with no definition here: another file registers it.
    co.external = decl->hasDefinition() == VarDecl::DeclarationOnly;
    co.internal = decl->getStorageClass() == SC_Static;
    auto [it, added] = program.coarrays.emplace(decl, co);
    site.coarrays.push_back(&it->second);
  }
  return true;
}

bool Analyzer::checkCoindexed(const Directive &d, Site &site, const FunctionDecl *fn) {
  const CoindexedDirective &c = d.coindexed;
  if (!fn)
    return error(c.name.loc, "a coindexed reference must stand in a function; a coarray's "
                             "last codimension is '*' ('" +
                                 c.name.text + "[...]:[*]')");
  const Coarray *co = coarrayOf(c.name, c.name.loc, true);
  if (!co || !checkCosubscripts(*co, c.cosubscripts, c.name.loc))
    return false;
  // The expression the parser read for it: it ends where the reference did.
  SourceLocation end = sm.getExpansionLoc(c.refEnd);
  const Expr *ref = nullptr;
  for (const ArraySubscriptExpr *s : index.subscripts())
    if (sm.getExpansionLoc(s->getEndLoc()) == end && rootVar(s) &&
        rootVar(s)->getCanonicalDecl() == co->decl->getCanonicalDecl())
      ref = s;
  if (!ref)
    for (const DeclRefExpr *r : index.declRefs())
      if (sm.getExpansionLoc(r->getEndLoc()) == end && r->getDecl() &&
          r->getDecl()->getCanonicalDecl() == co->decl->getCanonicalDecl())
        ref = r;
  if (!ref)
    return error(c.name.loc, "the image selector must follow a reference to coarray '" + co->name +
                                 "' ('" + co->name + "[i]:[k]')");
  if (ref->getType()->isArrayType())
    return error(c.name.loc, "'" + text(ref->getSourceRange()) + "' is not one element of '" +
                                 co->name +
                                 "': a coindexed reference in an expression is an element; "
                                 "copy sections with an assignment ('b[0:n] = " +
                                 co->name + "[0:n]:[k];')");
  site.coDst.coarray = co;
  for (const CExpr &e : c.cosubscripts)
    site.coDst.cosubs.push_back(e.text);
  site.coDst.first = "&(" + text(ref->getSourceRange()) + ")";
  site.coDst.elemType = ref->getType().getUnqualifiedType().getAsString();
  site.coDesignator = ref->getSourceRange();
  site.coRef = SourceRange(ref->getBeginLoc(), c.selectorEnd);
  // What uses it: an assignment statement of its own assigns it on the image;
  // anything else reads it.
  const Expr *outer = ref;
  DynTypedNodeList parents = ctx.getParents(*outer);
  while (!parents.empty() && parents[0].get<ParenExpr>()) {
    outer = parents[0].get<ParenExpr>();
    parents = ctx.getParents(*outer);
  }
  const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
  bool define;
  if (const CallExpr *call = atomicCallOf(ctx, ref, &define))
    return atomicSite(call, define, ref, site);
  if (const auto *u = dyn_cast_or_null<UnaryOperator>(parent))
    if (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf)
      return error(u->getOperatorLoc(),
                   u->getOpcode() == UO_AddrOf
                       ? "the address of a coindexed object cannot be taken: it is on another image"
                       : "'" + UnaryOperator::getOpcodeStr(u->getOpcode()).str() +
                             "' on a coindexed object is not supported; write '" + d.text + " = " +
                             d.text + (u->isIncrementOp() ? " + 1" : " - 1") + ";'");
  const auto *assign = dyn_cast_or_null<BinaryOperator>(parent);
  if (!assign || !assign->isAssignmentOp() || bare(assign->getLHS()) != ref)
    return true; // read
  const DynTypedNodeList up = ctx.getParents(*assign);
  const Stmt *holder = up.empty() ? nullptr : up[0].get<Stmt>();
  bool statement = holder && !isa<Expr>(holder) && !isa<ForStmt>(holder);
  if (const auto *f = dyn_cast_or_null<ForStmt>(holder))
    statement = f->getBody() == assign;
  if (!statement)
    return error(assign->getOperatorLoc(),
                 "a coindexed object is assigned in an assignment statement of its own ('" +
                     d.text + " = ...;')");
  site.coOp = assign->getOpcodeStr().str();
  site.coRhs = assign->getRHS()->getSourceRange();
  site.coStatement = SourceRange(ref->getBeginLoc(), index.afterStmt(assign).getLocWithOffset(-1));
  return true;
}

bool Analyzer::coSide(const GmoveSide &side, SourceLocation at, CoSide &out, QualType &elem) {
  Section sec;
  if (!checkSection(side, at, sec, elem))
    return false;
  if (sec.distributed)
    return error(side.name.loc, "'" + side.name.text +
                                    "' is a distributed array: a coarray "
                                    "assignment copies between an image's own variables (use "
                                    "gmove for distributed arrays)");
  if (!side.cosubscripts.empty()) {
    out.coarray = coarrayOf(side.name, at, true);
    if (!out.coarray || !checkCosubscripts(*out.coarray, side.cosubscripts, side.name.loc))
      return false;
    for (const CExpr &e : side.cosubscripts)
      out.cosubs.push_back(e.text);
  }
  out.elemType = sec.elemType;
  out.first = "&" + side.name.text;
  for (size_t k = 0; k < sec.lb.size(); ++k)
    out.first += "[" + sec.lb[k] + "]";
  if (sec.lb.empty())
    out.first = "&(" + side.name.text + ")";
  for (size_t k = 0; k < sec.lb.size(); ++k) {
    if (sec.scalar[k])
      continue;
    out.counts.push_back(sec.len[k]);
    out.strides.push_back("(" + sec.st[k] + ") * " + stepBytes(side.name.text, k + 1));
  }
  return true;
}

bool Analyzer::checkCoarrayAssign(const Directive &d, Site &site, const FunctionDecl *fn) {
  const CoarrayAssignDirective &a = d.coarrayAssign;
  if (!fn)
    return error(d.range.getBegin(), "a coarray assignment must stand in a function");
  SourceLocation at = d.range.getBegin();
  QualType dstElem, srcElem;
  if (!coSide(a.dst, at, site.coDst, dstElem))
    return false;
  if (a.value) {
    site.coValue = a.value->text;
    return true;
  }
  if (!coSide(a.src, at, site.coSrc, srcElem))
    return false;
  if (dstElem != srcElem)
    return error(a.src.name.loc, "a coarray assignment copies elements of one type: '" +
                                     site.coDst.elemType + "' and '" + site.coSrc.elemType +
                                     "' differ");
  // Shapes that the compiler sees do not conform (constant lengths).
  auto lengths = [](const CoSide &s) {
    std::vector<long long> out;
    for (const std::string &c : s.counts) {
      ConstantText v = evaluateConstant(c);
      if (!v.value)
        return std::optional<std::vector<long long>>();
      if (*v.value != 1)
        out.push_back(*v.value);
    }
    return std::optional<std::vector<long long>>(out);
  };
  auto dl = lengths(site.coDst), sl = lengths(site.coSrc);
  if (dl && sl && *dl != *sl && !sl->empty()) {
    auto shape = [](const std::vector<long long> &v) {
      std::string s;
      for (long long n : v)
        s += "[" + std::to_string(n) + "]";
      return s.empty() ? std::string("one element") : s;
    };
    return error(a.src.name.loc, "the sections do not conform: " + shape(*dl) + " = " + shape(*sl));
  }
  return true;
}

bool Analyzer::checkPostWait(const Directive &d, Site &site, const FunctionDecl *fn) {
  const PostWaitDirective &p = d.postWait;
  if (p.tag)
    site.exprs.push_back(p.tag->text);
  if (!p.node)
    return true;
  Symbol *nodes = lookup(p.node->name, fn);
  if (!nodes || nodes->kind != Symbol::Nodes)
    return error(p.node->name.loc, "'" + p.node->name.text + "' is not a node array: " +
                                       (d.kind == DirectiveKind::Post ? "post" : "wait") +
                                       " names one node ('p[k]')");
  if (!p.node->subscripted)
    return error(p.node->name.loc,
                 "name one node of '" + p.node->name.text + "' ('" + p.node->name.text + "[k]')");
  for (const RefSubscript &sub : p.node->subscripts)
    if (sub.kind != RefSubscript::Index)
      return error(sub.loc, "one node: give an index in each dimension");
  Site selected;
  if (!selection(*p.node, *nodes, selected))
    return false;
  site.onSym = nodes->sym;
  site.root = selected.lb;
  return true;
}

bool Analyzer::checkLock(const Directive &d, Site &site) {
  const LockDirective &l = d.lock;
  const Coarray *co = coarrayOf(l.target.name, d.range.getBegin(), true);
  if (!co || !checkCosubscripts(*co, l.target.cosubscripts, l.target.name.loc))
    return false;
  if (co->elemType != "xmp_lock_t" && co->elemType != "struct xmp_lock")
    return error(l.target.name.loc, "'" + co->name +
                                        "' is not a coarray of xmp_lock_t: "
                                        "declare the lock as 'xmp_lock_t " +
                                        co->name + ":[*];'");
  site.coDst.coarray = co;
  for (const CExpr &e : l.target.cosubscripts)
    site.coDst.cosubs.push_back(e.text);
  site.coDst.first = "&(" + l.designator.text + ")";
  return true;
}

void Analyzer::checkCoarrayUses() {
  // A device loop runs on GPUs and CPU workers with copies of what it uses:
  // a coarray there is none of the runtime's.
  for (const Site &site : program.sites)
    for (const DeviceArray &a : site.devArrays)
      if (a.decl && program.coarrays.count(a.decl))
        error(site.dir->range.getBegin(),
              "coarray '" + a.name +
                  "' is used in a device loop: one-sided communication "
                  "reaches its host copy only; copy it to an ordinary array first");
}

} // namespace xmp::frontend::sema
