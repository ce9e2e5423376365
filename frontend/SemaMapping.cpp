//===- SemaMapping.cpp - nodes, templates, distribution, align, shadow ------===//

#include "SemaAnalyzer.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

/// The extents of a C array type whose sizes are constants, also those C
/// calls variable-length but that fold to one (`const int n = 16; int a[n];`,
/// as other XMP compilers accept); `type` becomes the element type. False
/// when a size is not constant.
bool constantExtents(const ASTContext &ctx, QualType &type, std::vector<int64_t> &extents) {
  while (const ArrayType *at = ctx.getAsArrayType(type)) {
    if (const auto *ct = dyn_cast<ConstantArrayType>(at)) {
      extents.push_back(ct->getSize().getSExtValue());
    } else {
      const auto *vt = dyn_cast<VariableArrayType>(at);
      Expr::EvalResult size;
      if (!vt || !vt->getSizeExpr() || !vt->getSizeExpr()->EvaluateAsInt(size, ctx))
        return false;
      extents.push_back(size.Val.getInt().getSExtValue());
    }
    type = at->getElementType();
  }
  return true;
}

/// The value of a constant written with literals only ("-2", "(8) - 1");
/// expressions with names are left to the runtime's checks.
static std::optional<long long> literalInt(llvm::StringRef text) {
  return evaluateConstant(text).value;
}

bool Analyzer::checkNodes(const Directive &d, Site &site, const FunctionDecl *fn) {
  if (d.nodes.parent) {
    Symbol *parent = lookupKind(d.nodes.parent->name, fn, Symbol::Nodes, "node array");
    if (!parent || !selection(*d.nodes.parent, *parent, site))
      return false;
    site.subset = true;
  } else if (d.nodes.ofExecutingSet) {
    site.subset = true;
    site.lb = {"0"};
    site.ub = {"xmp_num_nodes() - 1"};
    site.st = {"1"};
  }
  if (!declare(d.nodes.name, fn, {Symbol::Nodes, "", d.nodes.shape.size(), false, {}, {}, {}}))
    return false;
  if (d.nodes.shape.size() > 7)
    return error(d.nodes.name.loc, "node arrays have at most 7 dimensions");
  // Several '*' share out the processes as MPI_Dims_create does; a subset
  // takes the rest of its selection in one.
  if (site.subset &&
      llvm::count_if(d.nodes.shape, [](const CExpr &e) { return e.isStar(); }) > 1)
    return error(d.nodes.name.loc, "only one dimension of a subset node array may be '*'");
  for (const CExpr &e : d.nodes.shape) {
    if (!e.isStar() && !checkConstant(e.text, e.loc, "the extent"))
      return false;
    if (auto v = literalInt(e.text); v && *v < 1)
      return error(e.loc, "node array '" + d.nodes.name.text + "' has extent " +
                              std::to_string(*v) + "; extents are positive (or '*')");
  }
  site.sym = lookup(d.nodes.name, fn)->sym;
  return true;
}

bool Analyzer::checkTemplate(const Directive &d, Site &site, const FunctionDecl *fn) {
  if (!declare(d.templ.name, fn, {Symbol::Template, "", d.templ.rank, false, {}, {}, {}}))
    return false;
  Symbol *t = lookup(d.templ.name, fn);
  site.sym = t->sym;
  t->deferred = d.templ.deferred;
  // Every bound, also after an error below: later directives may still use it.
  for (size_t k = 0; k < d.templ.lower.size(); ++k) {
    t->lower.push_back(d.templ.lower[k].text);
    t->upper.push_back(d.templ.upper[k].text);
    t->lowerValue.push_back(literalInt(d.templ.lower[k].expanded));
    t->upperValue.push_back(literalInt(d.templ.upper[k].expanded));
  }
  if (d.templ.rank > 7)
    return error(d.templ.name.loc, "templates have at most 7 dimensions");
  for (size_t k = 0; k < d.templ.lower.size(); ++k) {
    for (const CExpr *e : {&d.templ.lower[k], &d.templ.upper[k]})
      if (!checkConstant(e->text, e->loc.isValid() ? e->loc : d.templ.name.loc, "the bound"))
        return false;
    auto lo = literalInt(d.templ.lower[k].text), hi = literalInt(d.templ.upper[k].text);
    // t[n] (square brackets) reads as t(0 : (n) - 1).
    llvm::StringRef up = d.templ.upper[k].text;
    if (lo && hi && *hi < *lo && *lo == 0 && up.starts_with("(") && up.ends_with(") - 1"))
      return error(d.templ.upper[k].loc.isValid() ? d.templ.upper[k].loc : d.templ.name.loc,
                   "template '" + d.templ.name.text + "' has extent " + std::to_string(*hi + 1) +
                       "; extents are positive");
    if (lo && hi && *hi < *lo)
      return error(d.templ.upper[k].loc.isValid() ? d.templ.upper[k].loc : d.templ.name.loc,
                   "template '" + d.templ.name.text + "' has upper bound " +
                       std::to_string(*hi) + " below its lower bound " + std::to_string(*lo));
  }
  return true;
}

bool Analyzer::checkDistribute(const Directive &d, Site &site,
                               const FunctionDecl *fn) {
  const DistributeDirective &dist = d.distribute;
  Symbol *t = lookupKind(dist.templ, fn, Symbol::Template, "template");
  Symbol *n = lookupKind(dist.nodes, fn, Symbol::Nodes, "node array");
  if (!t || !n)
    return false;
  if (t->distributed)
    return error(dist.templ.loc, "template '" + dist.templ.text +
                                     "' is already distributed");
  if (dist.formats.size() != t->rank)
    return error(dist.templ.loc,
                 "'distribute' gives " + std::to_string(dist.formats.size()) +
                     " formats but template '" + dist.templ.text + "' has " +
                     std::to_string(t->rank) + " dimensions");
  size_t distributed = llvm::count_if(
      dist.formats, [](const DistFormat &f) { return f.kind != "*"; });
  if (distributed != n->rank)
    return error(dist.nodes.loc,
                 "'distribute' distributes " + std::to_string(distributed) +
                     " dimensions of '" + dist.templ.text +
                     "' onto node array '" + dist.nodes.text + "' of " +
                     std::to_string(n->rank) + " dimensions");
  for (const DistFormat &f : dist.formats) {
    if (!checkGblockSizes(f, d.range.getBegin()))
      return false;
    if (auto w = literalInt(f.param); f.kind == "cyclic" && w && *w < 1)
      return error(f.loc, "'cyclic(" + std::to_string(*w) + ")': the block width of "
                          "'cyclic(w)' is at least 1");
  }
  t->distributed = true;
  for (const DistFormat &f : dist.formats) {
    t->formats.push_back(f.kind);
    t->params.push_back(f.param);
  }
  site.tmplSym = t->sym;
  site.nodesSym = n->sym;
  return true;
}

/// `gblock(m)`: the runtime reads m as the address of one int block size per
/// node, so a number or a variable that is not an array of (or pointer to)
/// int is an error here. Other expressions (`&m[0]`, a macro's name) are
/// left to the C compiler.
bool Analyzer::checkGblockSizes(const DistFormat &f, SourceLocation at) {
  if (f.kind != "gblock" || f.param.empty() || f.param == "*")
    return true;
  StringRef param = StringRef(f.param).trim();
  auto isIdent = [](StringRef s) {
    return !s.empty() && (isalpha((unsigned char)s[0]) || s[0] == '_') &&
           llvm::all_of(s, [](char c) { return isalnum((unsigned char)c) || c == '_'; });
  };
  if (isdigit((unsigned char)param[0]))
    return error(f.loc, "'gblock(" + param.str() + ")' takes an array of block sizes, one "
                        "int per node ('int m[] = {...}; gblock(m)'), not a number");
  if (!isIdent(param))
    return true;
  const SourceIndex::Var *var = index.lookupVar(param, at);
  if (!var)
    return true; // a macro, or undeclared: the C compiler says which
  QualType type = var->decl->getType();
  QualType elem;
  if (const ArrayType *arr = type->getAsArrayTypeUnsafe())
    elem = arr->getElementType();
  else if (type->isPointerType())
    elem = type->getPointeeType();
  QualType base = elem.isNull() ? elem : elem.getCanonicalType().getUnqualifiedType();
  if (base.isNull() || (!base->isSpecificBuiltinType(BuiltinType::Int) &&
                        !base->isSpecificBuiltinType(BuiltinType::UInt)))
    return error(f.loc, "'gblock(" + param.str() + ")' takes an array of block sizes, one "
                        "int per node; '" + param.str() + "' is '" + type.getAsString() +
                        "'");
  return true;
}

/// `template_fix [formats] t[(bounds)]`: the shape of a deferred template,
/// and its formats again (the block sizes of gblock(*), also on a template
/// declared with its shape, which template_fix then does not repeat).
bool Analyzer::checkTemplateFix(const Directive &d, Site &site, const FunctionDecl *fn) {
  const TemplateFixDirective &fix = d.templateFix;
  const Name &name = fix.templ.name;
  Symbol *t = lookupKind(name, fn, Symbol::Template, "template");
  if (!t)
    return false;
  if (!t->distributed)
    return error(name.loc, "template '" + name.text +
                               "' must be distributed before template_fix");
  if (!t->deferred && !llvm::is_contained(t->params, "*"))
    return error(name.loc, "template '" + name.text + "' has its shape and no 'gblock(*)': "
                           "template_fix applies to a template declared with ':' or "
                           "distributed 'gblock(*)'");
  if (!t->deferred && fix.templ.rank != 0)
    return error(name.loc, "template '" + name.text + "' has its shape already: "
                           "template_fix gives only its formats");
  if (t->deferred && fix.templ.rank == 0)
    return error(name.loc, "template '" + name.text + "' is declared with ':': "
                           "template_fix must give its shape");
  if (t->deferred && fix.templ.rank != t->rank)
    return error(name.loc, "template_fix gives " + std::to_string(fix.templ.rank) +
                               " bounds but template '" + name.text + "' has " +
                               std::to_string(t->rank) + " dimensions");
  if (!fix.formats.empty() && fix.formats.size() != t->rank)
    return error(fix.formats.front().loc,
                 "template_fix gives " + std::to_string(fix.formats.size()) +
                     " formats but template '" + name.text + "' has " +
                     std::to_string(t->rank) + " dimensions");
  for (size_t k = 0; k < fix.formats.size(); ++k) {
    const DistFormat &f = fix.formats[k];
    if (f.kind != t->formats[k])
      return error(f.loc, "template_fix gives format '" + f.kind + "' where template '" +
                              name.text + "' is distributed '" + t->formats[k] + "'");
    if (f.param == "*")
      return error(f.loc, "template_fix must give the block sizes of 'gblock': "
                          "'gblock(m)'");
    if (!checkGblockSizes(f, d.range.getBegin()))
      return false;
  }
  if (fix.formats.empty() && llvm::is_contained(t->params, "*"))
    return error(name.loc, "template '" + name.text + "' is distributed 'gblock(*)': "
                           "template_fix must give the block sizes, "
                           "'template_fix [gblock(m)] " + name.text + "[n]'");
  site.tmplSym = t->sym;
  return true;
}

bool Analyzer::checkAlign(const Directive &d, Site &site, const FunctionDecl *fn) {
  const AlignDirective &al = d.align;
  const SourceIndex::Var *var = index.lookupVar(al.array.text, al.array.loc);
  if (!var)
    return error(al.array.loc, "array '" + al.array.text + "' is not declared");
  const VarDecl *decl = var->decl;
  if (var->function && decl->isStaticLocal())
    return error(al.array.loc, "the static local array '" + al.array.text +
                                   "' cannot be distributed; declare it at file "
                                   "scope or without 'static'");
  // A file-scope array may also be aligned in main, which runs once: its
  // mapping is made there (Omni's tests do so).
  bool inMain = fn && fn == index.mainFunction() && !var->function;
  if (var->function != fn && !inMain)
    return error(al.array.loc, "'align' must stand in the scope that declares '" +
                                   al.array.text + "' (or in main for a file-scope array)");
  if (decl->hasInit())
    return error(al.array.loc, "a distributed array cannot have an initializer");
  if (decl->hasExternalStorage() && var->function)
    return error(al.array.loc, "a distributed array cannot be a block-scope 'extern' "
                               "declaration; align it at file scope");
  if (program.arrays.count(decl))
    return error(al.array.loc, "array '" + al.array.text + "' is already aligned");
  // A parameter declared as an array (`int b[N]`) is aligned as declared: it
  // receives the local storage of a caller's array of the same mapping.
  const auto *parm = dyn_cast<ParmVarDecl>(decl);
  std::vector<int64_t> extents;
  QualType type = parm ? parm->getOriginalType() : decl->getType();
  // A pointer (`int *a`, `double (*a)[n]`) is allocated by xmp_malloc, which
  // gives every extent: -1 until then.
  bool allocatable = !parm && type->isPointerType();
  if (parm && type->isPointerType()) {
    // `int *b`, `double (*b)[M]`: the first extent comes from the template
    // when the caller's storage is attached.
    extents.push_back(-1);
    type = type->getPointeeType();
  }
  if (allocatable) {
    extents.push_back(-1);
    type = type->getPointeeType();
    while (const ArrayType *at = ctx.getAsArrayType(type)) {
      extents.push_back(-1);
      type = at->getElementType();
    }
    if (type->isPointerType() || type->isVoidType() || type->isIncompleteType())
      return error(al.array.loc, "'" + al.array.text + "' must point to elements of a "
                                 "complete, non-pointer type to be distributed");
  }
  std::vector<std::string> autoSizes;
  if (!constantExtents(ctx, type, extents)) {
    extents.clear();
    // An automatic variable-length array (`int n = 8; double a[n][n];`): laid
    // out at its last mapping directive with the extents its sizes have then.
    if (!parm && !allocatable && decl->hasLocalStorage()) {
      type = decl->getType();
      while (const ArrayType *at = ctx.getAsArrayType(type)) {
        extents.push_back(-1);
        if (const auto *ct = dyn_cast<ConstantArrayType>(at))
          autoSizes.push_back(std::to_string(ct->getSize().getSExtValue()));
        else if (const auto *vt = dyn_cast<VariableArrayType>(at);
                 vt && vt->getSizeExpr())
          autoSizes.push_back(text(vt->getSizeExpr()->getSourceRange()));
        else
          return error(al.array.loc, "'" + al.array.text +
                                         "' must give every extent to be distributed");
        type = at->getElementType();
      }
    }
  }
  if (extents.empty() && parm)
    return error(al.array.loc, "parameter '" + al.array.text +
                                   "' is aligned, so it must be declared with its extents "
                                   "after the first: 'type " + al.array.text +
                                   "[N]...' or 'type *" + al.array.text + "'");
  if (extents.empty())
    return error(al.array.loc, "'" + al.array.text +
                                   "' is not an array of constant size or a "
                                   "pointer to allocate with xmp_malloc");
  if (parm && (type->isPointerType() || type->isVoidType() || type->isIncompleteType()))
    return error(al.array.loc, "parameter '" + al.array.text + "' must point to elements of "
                               "a complete, non-pointer type to be aligned");
  if (al.source.size() != extents.size())
    return error(al.array.loc, "'align' lists " +
                                   std::to_string(al.source.size()) +
                                   " subscripts but array '" + al.array.text +
                                   "' has " + std::to_string(extents.size()) +
                                   " dimensions");
  Symbol *t = lookupKind(al.templ, fn, Symbol::Template, "template");
  if (!t)
    return false;
  if (!t->distributed)
    return error(al.templ.loc, "template '" + al.templ.text +
                                   "' must be distributed before arrays are "
                                   "aligned with it");
  if (al.target.size() != t->rank)
    return error(al.templ.loc, "'align' gives " +
                                   std::to_string(al.target.size()) +
                                   " subscripts but template '" +
                                   al.templ.text + "' has " +
                                   std::to_string(t->rank) + " dimensions");
  site.tdims.assign(extents.size(), -1);
  site.offsets.assign(extents.size(), "0");
  for (size_t a = 0; a < al.source.size(); ++a) {
    const Subscript &src = al.source[a];
    if (src.var.empty())
      continue;
    bool found = false;
    for (size_t td = 0; td < al.target.size(); ++td) {
      if (al.target[td].var != src.var)
        continue;
      if (found)
        return error(al.target[td].loc, "'" + src.var +
                                            "' appears twice in the template "
                                            "subscripts");
      found = true;
      site.tdims[a] = static_cast<int64_t>(td);
      site.offsets[a] = al.target[td].offset;
    }
    if (!found)
      return error(src.loc, "'" + src.var + "' of array '" + al.array.text +
                                "' does not appear in the template subscripts");
  }
  for (const Subscript &tgt : al.target)
    if (!tgt.var.empty() &&
        llvm::none_of(al.source, [&](const Subscript &s) { return s.var == tgt.var; }))
      return error(tgt.loc, "'" + tgt.var +
                                "' is not a subscript variable of array '" +
                                al.array.text + "'");
  DistArray array{decl, al.array.text, type.getAsString(), extents, site.tdims,
                  site.id, var->scopeClose, {}};
  array.allocatable = allocatable;
  array.declaredSizes = autoSizes;
  array.scalarType = runtimeType(type);
  for (size_t a = 0; a < site.tdims.size(); ++a)
    if (site.tdims[a] >= 0 && t->formats[site.tdims[a]] == "cyclic")
      array.cyclicDims.insert(a);
  array.parameter = parm != nullptr;
  // (A tentative definition, `double u[N];`, is this file's definition.)
  array.external = !parm && !var->function &&
                   llvm::all_of(decl->redecls(), [](const VarDecl *r) {
                     return r->isThisDeclarationADefinition() == VarDecl::DeclarationOnly;
                   });
  site.array = &program.arrays.emplace(decl, array).first->second;
  site.tmplSym = t->sym;
  return true;
}

DistArray *Analyzer::distributedArray(const Name &name, const char *directive) {
  const SourceIndex::Var *var = index.lookupVar(name.text, name.loc);
  if (!var) {
    error(name.loc, "array '" + name.text + "' is not declared");
    return nullptr;
  }
  auto it = program.arrays.find(var->decl);
  if (it == program.arrays.end()) {
    error(name.loc, "'" + name.text + "' is not a distributed array; '" +
                        directive + "' needs an 'align' directive for it first");
    return nullptr;
  }
  return &it->second;
}

bool Analyzer::checkShadow(const Directive &d, Site &site) {
  const ShadowDirective &sh = d.shadow;
  DistArray *array = distributedArray(sh.array, "shadow");
  if (!array)
    return false;
  for (const Site &other : program.sites)
    if (other.dir->kind == DirectiveKind::Shadow && other.array == array)
      return error(sh.array.loc, "array '" + sh.array.text +
                                     "' already has a 'shadow' directive");
  if (sh.widths.size() != array->extents.size())
    return error(sh.array.loc, "'shadow' gives " +
                                   std::to_string(sh.widths.size()) +
                                   " widths but array '" + sh.array.text +
                                   "' has " +
                                   std::to_string(array->extents.size()) +
                                   " dimensions");
  for (size_t dim = 0; dim < sh.widths.size(); ++dim) {
    const Width &w = sh.widths[dim];
    for (const std::string &side : {w.lo, w.hi})
      if (!w.full && !checkConstant(side, w.loc, "the shadow width"))
        return false;
    for (const std::string &side : {w.lo, w.hi})
      if (auto v = literalInt(side); !w.full && v && *v < 0)
        return error(w.loc, "shadow width " + std::to_string(*v) + " of dimension " +
                                std::to_string(dim) + " of '" + sh.array.text +
                                "' is negative");
    bool none = !w.full && w.lo == "0" && w.hi == "0";
    if (array->tdims[dim] < 0 && !none)
      return error(w.loc, "dimension " + std::to_string(dim) + " of '" +
                              sh.array.text +
                              "' is not distributed and can have no shadow");
    if (!none && !w.full && array->cyclicDims.count(dim))
      return error(w.loc, "dimension " + std::to_string(dim) + " of '" +
                              sh.array.text +
                              "' is distributed cyclic and can have only a full shadow ('*')");
  }
  site.array = array;
  site.widths = sh.widths;
  array->lastMappingSite = site.id;
  array->shadow = sh.widths;
  return true;
}

/// Every use of a distributed array must be a full subscript chain: its
/// storage is now the node's local part, reached through the layout.
/// Where the align directive of `array` stands in the file.
unsigned Analyzer::alignOffset(const DistArray &array) const {
  for (const Site &site : program.sites)
    if (site.array == &array && site.dir->kind == DirectiveKind::Align)
      return index.offset(site.dir->range.getBegin());
  return 0;
}

/// `static_desc [::] names`: the spec lets the descriptors of a function's
/// node arrays, templates and distributed arrays (its own, and the dummy
/// arguments it aligns) be kept from one call to the next. xmpcc builds them
/// at each call, which gives the same mapping; the names are checked.
bool Analyzer::checkStaticDesc(const Directive &d, const FunctionDecl *fn) {
  if (!fn)
    return error(d.range.getBegin(), "'static_desc' stands in a function: it names the "
                                     "function's node arrays, templates and arrays");
  for (const Name &n : d.reflect.arrays) {
    auto own = symbols.find({fn, n.text});
    if (own != symbols.end() && own->second.visibleBegin <= index.offset(n.loc) &&
        index.offset(n.loc) <= own->second.visibleEnd)
      continue;
    const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
    if (var && var->function == fn && program.arrays.count(var->decl->getCanonicalDecl()))
      continue;
    return error(n.loc, "'" + n.text + "' in 'static_desc' is not a node array, template or "
                                       "aligned array declared in this function");
  }
  return true;
}

} // namespace xmp::frontend::sema
