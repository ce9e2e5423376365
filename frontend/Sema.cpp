//===- Sema.cpp - semantic analysis of XMP directives ---------------------===//

#include "Sema.h"
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

using namespace clang;
using namespace xmp::frontend;

namespace {

/// A node array or template known at some scope.
struct Symbol {
  enum Kind { Nodes, Template } kind;
  std::string sym;
  size_t rank;
  bool distributed = false;
  std::vector<std::string> formats; // template: per dimension, once distributed
  std::vector<std::string> lower, upper; // template: declared bounds (C expressions)
  bool deferred = false;             // template: `t(:)`, shaped by template_fix
  std::vector<std::string> params = {}; // template: format parameters ("*": gblock(*))
};

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

  // Symbols are scoped by function (null: file scope).
  Symbol *lookup(const Name &name, const FunctionDecl *fn) {
    auto it = symbols.find({fn, name.text});
    if (it == symbols.end() && fn)
      it = symbols.find({nullptr, name.text});
    return it == symbols.end() ? nullptr : &it->second;
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
  bool checkReplicate(const Directive &d, Site &site, const FunctionDecl *fn);
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
  bool checkArray(const Directive &d, Site &site, const FunctionDecl *fn);
  bool checkArrayStatement(const Directive &d, Site &site);
  const CompoundStmt *blockAfter(const Directive &d, const char *directive);
  const Stmt *statementAfter(const Directive &d, const char *directive);
  SourceLocation tokenAfter(const Directive &d);
  void checkAllocations(std::set<const DeclRefExpr *> &allowed);
  unsigned alignOffset(const DistArray &array) const;
  void checkAccesses();
  void checkLoopAccesses();
  void markHoistable(Site &site);
  void planNestLocals();
  void checkDescOfs();
  void checkTasksBlocks();

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
  /// Source ranges of device loop nests, where no directive may stand.
  std::vector<std::pair<unsigned, unsigned>> deviceNests;
  // Array assignment statements with no directive: the offset where each
  // begins, and its ';'.
  std::map<unsigned, SourceLocation> arrayStatementEnds;
  Program program;
  int64_t nextSite = 0;
};

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

/// The runtime's scalar type of a C type, if reductions apply to it.
std::optional<xmp::ScalarType> runtimeType(QualType type) {
  type = type.getCanonicalType().getUnqualifiedType();
  if (const auto *e = type->getAs<EnumType>())
    type = e->getDecl()->getIntegerType().getCanonicalType();
  const auto *b = type->getAs<BuiltinType>();
  if (!b)
    return std::nullopt;
  switch (b->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U: return xmp::ScalarType::Char;
  case BuiltinType::SChar: return xmp::ScalarType::Schar;
  case BuiltinType::UChar: return xmp::ScalarType::Uchar;
  case BuiltinType::Short: return xmp::ScalarType::Short;
  case BuiltinType::UShort: return xmp::ScalarType::Ushort;
  case BuiltinType::Int: return xmp::ScalarType::Int;
  case BuiltinType::UInt: return xmp::ScalarType::Uint;
  case BuiltinType::Long: return xmp::ScalarType::Long;
  case BuiltinType::ULong: return xmp::ScalarType::Ulong;
  case BuiltinType::LongLong: return xmp::ScalarType::Llong;
  case BuiltinType::ULongLong: return xmp::ScalarType::Ullong;
  case BuiltinType::Float: return xmp::ScalarType::Float;
  case BuiltinType::Double: return xmp::ScalarType::Double;
  case BuiltinType::LongDouble: return xmp::ScalarType::Ldouble;
  case BuiltinType::Bool: return xmp::ScalarType::Bool;
  default: return std::nullopt;
  }
}

/// An integer literal's value, with an optional sign ("-2", "+ 3"), if the
/// text is one; expressions are left to the runtime's checks.
static std::optional<long long> literalInt(llvm::StringRef text) {
  text = text.trim();
  bool negative = false;
  if (text.consume_front("-"))
    negative = true;
  else
    text.consume_front("+");
  text = text.ltrim();
  long long v;
  if (text.empty() || text.size() > 15 ||
      !llvm::all_of(text, [](char c) { return c >= '0' && c <= '9'; }) ||
      text.getAsInteger(10, v))
    return std::nullopt;
  return negative ? -v : v;
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
  if (llvm::count_if(d.nodes.shape, [](const CExpr &e) { return e.isStar(); }) > 1)
    return error(d.nodes.name.loc, "only one dimension of a node array may be '*'");
  for (const CExpr &e : d.nodes.shape)
    if (auto v = literalInt(e.text); v && *v < 1)
      return error(e.loc, "node array '" + d.nodes.name.text + "' has extent " +
                              std::to_string(*v) + "; extents are positive (or '*')");
  site.sym = lookup(d.nodes.name, fn)->sym;
  return true;
}

bool Analyzer::checkTemplate(const Directive &d, Site &site, const FunctionDecl *fn) {
  if (!declare(d.templ.name, fn, {Symbol::Template, "", d.templ.rank, false, {}, {}, {}}))
    return false;
  if (d.templ.rank > 7)
    return error(d.templ.name.loc, "templates have at most 7 dimensions");
  Symbol *t = lookup(d.templ.name, fn);
  site.sym = t->sym;
  t->deferred = d.templ.deferred;
  for (size_t k = 0; k < d.templ.lower.size(); ++k) {
    auto lo = literalInt(d.templ.lower[k].text), hi = literalInt(d.templ.upper[k].text);
    if (lo && hi && *hi < *lo)
      return error(d.templ.upper[k].loc.isValid() ? d.templ.upper[k].loc : d.templ.name.loc,
                   "template '" + d.templ.name.text + "' has upper bound " +
                       std::to_string(*hi) + " below its lower bound " + std::to_string(*lo));
    t->lower.push_back(d.templ.lower[k].text);
    t->upper.push_back(d.templ.upper[k].text);
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
  if (decl->hasExternalStorage() || decl->hasInit())
    return error(al.array.loc, "a distributed array cannot be 'extern' or "
                               "have an initializer");
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
  for (size_t a = 0; a < site.tdims.size(); ++a)
    if (site.tdims[a] >= 0 && t->formats[site.tdims[a]] == "cyclic")
      array.cyclicDims.insert(a);
  array.parameter = parm != nullptr;
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

/// An integer literal's value, if the width is one.
static std::optional<long long> literalWidth(const std::string &text) {
  if (text.empty() || text.size() > 15 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoll(text);
}

/// reflect_init: as reflect, widths within the declared shadow; reflect_do:
/// its array must have had a reflect_init before, in source order (the
/// runtime also reports one executed without its plan).
bool Analyzer::checkReflectPlan(const Directive &d, Site &site) {
  if (!checkReflect(d, site))
    return false;
  const ReflectDirective &r = d.reflect;
  bool init = d.kind == DirectiveKind::ReflectInit;
  for (size_t k = 0; k < site.arrays.size(); ++k) {
    DistArray *array = &program.arrays.find(site.arrays[k]->decl)->second; // to mark it
    const Name &n = r.arrays[k];
    if (!init && !array->reflectInit)
      return error(n.loc, "'reflect_do' of array '" + n.text +
                              "' without a 'reflect_init' of it before; "
                              "'reflect_init (" + n.text + ")' builds the plan it runs");
    if (init)
      array->reflectInit = true;
  }
  return true;
}

/// reflect, reduce_shadow, reflect_init, reflect_do: distributed arrays, one width per
/// dimension when widths are given.
bool Analyzer::checkReflect(const Directive &d, Site &site) {
  const ReflectDirective &r = d.reflect;
  const char *what = d.kind == DirectiveKind::ReduceShadow  ? "reduce_shadow"
                     : d.kind == DirectiveKind::ReflectInit ? "reflect_init"
                     : d.kind == DirectiveKind::ReflectDo   ? "reflect_do"
                                                            : "reflect";
  for (const Name &n : r.arrays) {
    DistArray *array = distributedArray(n, what);
    if (!array)
      return false;
    if (!r.widths.empty() && r.widths.size() != array->extents.size())
      return error(n.loc, "'width' gives " + std::to_string(r.widths.size()) +
                              " widths but array '" + n.text + "' has " +
                              std::to_string(array->extents.size()) +
                              " dimensions");
    // Widths within the declared shadow (no shadow directive: none), where
    // both are numbers; the runtime checks the others.
    for (size_t dim = 0; dim < r.widths.size(); ++dim) {
      const Width &w = r.widths[dim];
      const Width *declared = dim < array->shadow.size() ? &array->shadow[dim] : nullptr;
      if (declared && declared->full)
        continue;
      for (int side = 0; side < 2; ++side) {
        auto want = literalWidth(side == 0 ? w.lo : w.hi);
        auto have = declared ? literalWidth(side == 0 ? declared->lo : declared->hi)
                             : std::optional<long long>(0);
        if (want && have && *want > *have)
          return error(w.loc, "width " + std::to_string(*want) + " of dimension " +
                                  std::to_string(dim) + " of array '" + n.text +
                                  "' is larger than its " + (side == 0 ? "lower" : "upper") +
                                  " shadow (" + std::to_string(*have) + ")");
      }
    }
    site.arrays.push_back(array);
  }
  site.widths = r.widths;
  if (r.async)
    site.async = r.async->text;
  return true;
}

/// reduce_shadow: as reflect (one array: the sum is typed), on arithmetic elements.
bool Analyzer::checkReduceShadow(const Directive &d, Site &site) {
  if (!checkReflect(d, site))
    return false;
  for (size_t k = 0; k < site.arrays.size(); ++k) {
    const DistArray *array = site.arrays[k];
    QualType elem = array->decl->getType();
    while (const auto *at = ctx.getAsArrayType(elem))
      elem = at->getElementType();
    if (const auto *pt = elem->getAs<PointerType>())
      elem = pt->getPointeeType();
    while (const auto *at = ctx.getAsArrayType(elem))
      elem = at->getElementType();
    std::optional<xmp::ScalarType> type = runtimeType(elem);
    if (!type || *type == xmp::ScalarType::Bool)
      return error(d.reflect.arrays[k].loc,
                   "'reduce_shadow' adds elements, but those of '" + array->name +
                       "' have type '" + elem.getAsString() + "'");
    site.elemTypes.push_back(*type);
  }
  return true;
}

bool Analyzer::checkBcast(const Directive &d, Site &site, const FunctionDecl *fn) {
  const BcastDirective &b = d.bcast;
  for (size_t k = 0; k < b.vars.size(); ++k) {
    const Name &v = b.vars[k];
    const SourceIndex::Var *var = index.lookupVar(v.text, d.range.getBegin());
    if (!var)
      return error(v.loc, "variable '" + v.text + "' is not declared");
    if (program.arrays.count(var->decl))
      return error(v.loc, "'bcast' of the distributed array '" + v.text +
                              "' is not supported; distributed arrays have "
                              "one owner per element");
    if (b.acc && b.sections[k].subscripted)
      return error(v.loc, "'bcast' of a section of '" + v.text +
                              "' with 'acc' is not supported yet; broadcast "
                              "the whole array");
    site.exprs.push_back(v.text);
    Section section;
    QualType elem;
    if (b.sections[k].subscripted &&
        !checkSection(b.sections[k], d.range.getBegin(), section, elem))
      return false;
    site.sections.push_back(section);
  }
  if (b.async)
    site.async = b.async->text;
  // `on p(1:2)`: the broadcast runs inside a task on those nodes, among them.
  if (!checkOn(b.on, fn, site, site.onSym, /*nodesOnly=*/true, /*allowSubset=*/true))
    return false;
  if (b.from) {
    Symbol *from = lookup(b.from->name, fn);
    if (!from || from->kind != Symbol::Nodes)
      return error(b.from->name.loc, "'from' must name a node of a node array; '" +
                                         b.from->name.text + "' is not one");
    // On part of a template: the executing nodes are its owners, the root any of them.
    bool onTemplatePart = site.onSubset && site.targetIsTemplate;
    if ((!site.onSym.empty() && from->sym != site.onSym && !onTemplatePart) ||
        (site.onSubset && !onTemplatePart && from->sym != site.targetSym))
      return error(b.from->name.loc, "'from' must name a node of the 'on' node "
                                     "array '" + b.on->name.text + "'");
    for (const RefSubscript &sub : b.from->subscripts)
      if (sub.kind != RefSubscript::Index)
        return error(sub.loc, "'from' names one node: give an index in each "
                              "dimension");
    Site selected;
    if (!b.from->subscripted ||
        !selection(*b.from, *from, selected))
      return b.from->subscripted ? false
                                 : error(b.from->name.loc, "'from' names one node: "
                                                           "subscript the node array");
    site.root = selected.lb;
    // Inside the task the root is the from node's rank among the template part's owners,
    // or its position among the selected nodes.
    if (onTemplatePart || site.onSubset) {
      site.rootFrom = from->sym;
      site.rootInSelection = !onTemplatePart;
      return true;
    }
    site.onSym = from->sym;
  }
  return true;
}

/// Normalises `for (init; cond; inc)` to lower, inclusive upper, step.
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
  Symbol *t = lookup(loop.templ, fn);
  bool onNodes = t && t->kind == Symbol::Nodes;
  if (onNodes && device)
    return error(loop.templ.loc, "a device loop runs on a template, not on a node array");
  if (!onNodes && !(t = lookupKind(loop.templ, fn, Symbol::Template,
                                   "template or node array")))
    return false;
  if (loop.subscripts.size() != t->rank)
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
  if (indices.empty())
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
  if (!outer || next.getLocation() != outer->getForLoc())
    return error(next.getLocation(), std::string("'") + what +
                                         "' directive must be followed by a for "
                                         "statement");

  site.nest = outer;
  std::set<std::string> pending(indices.begin(), indices.end());
  for (const ForStmt *f = outer; f && !pending.empty();) {
    LoopDim dim;
    if (!analyzeFor(f, dim))
      return false;
    if (device && !pending.count(dim.var))
      return error(f->getForLoc(), "the loops of a device loop nest must be its "
                                   "indices, tightly nested: '" + dim.var +
                                       "' is not one of them");
    site.iterationOrder.push_back((dim.ascending ? "(long)(" : "-(long)(") + dim.var + ")");
    if (pending.erase(dim.var)) {
      for (size_t td = 0; td < loop.subscripts.size(); ++td)
        if (loop.subscripts[td].var == dim.var) {
          dim.tdim = static_cast<int64_t>(td);
          dim.offset = loop.subscripts[td].offset;
          // Node references in round brackets count from 1: coordinate = index - 1.
          if (onNodes && loop.style == Bracket::Round)
            dim.offset = "(" + dim.offset + ") - 1";
          dim.cyclic = !onNodes && t->distributed && t->formats[td] == "cyclic";
          // Known at compile time: the node's local step is the loop's own on a node
          // array and along every format but cyclic (a residue's progression).
          dim.sameStep = onNodes || (t->distributed && t->formats[td] != "cyclic");
        }
      site.loop.push_back(dim);
    }
    const Stmt *body = f->getBody();
    if (const auto *cs = dyn_cast<CompoundStmt>(body); cs && cs->size() == 1)
      body = cs->body_front();
    f = dyn_cast<ForStmt>(body);
  }
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
  markHoistable(site);
  if (loop.extent != LoopExtent::None && !checkLoopExtent(d, site, onNodes, device))
    return false;
  for (const ReductionClause &c : loop.reductions) {
    CheckedReduction r;
    if (!checkReduction(c, d.range.getBegin(), r))
      return false;
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
    r.on = t->sym;
    site.reductions.push_back(r);
  }
  site.tmplSym = t->sym;
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

/// The device-specific rules for a checked loop nest (see DeviceSema.cpp).
bool Analyzer::checkDeviceNest(const Directive &d, Site &site) {
  if (site.loop.size() > 3)
    return error(d.loop.templ.loc, "a device loop distributes at most 3 loops (the "
                                   "dimensions of a CUDA grid)");
  for (const LoopDim &dim : site.loop)
    if (dim.cyclic)
      return error(dim.stmt->getForLoc(),
                   "a device loop cannot run on a cyclic template dimension: each "
                   "task works on a contiguous block of rows");
  // Inner bounds are evaluated once, before any task runs.
  for (size_t k = 1; k < site.loop.size(); ++k) {
    const ForStmt *f = site.loop[k].stmt;
    const DeclRefExpr *outerRef = nullptr;
    std::function<void(const Stmt *)> find = [&](const Stmt *s) {
      if (!s || outerRef)
        return;
      if (const auto *ref = dyn_cast<DeclRefExpr>(s))
        for (size_t outer = 0; outer < k; ++outer)
          if (ref->getDecl()->getName() == site.loop[outer].var)
            outerRef = ref;
      for (const Stmt *child : s->children())
        find(child);
    };
    for (const Stmt *header : {f->getInit(), static_cast<const Stmt *>(f->getCond()),
                               static_cast<const Stmt *>(f->getInc())})
      find(header);
    if (outerRef)
      return error(outerRef->getLocation(),
                   "the bounds of a device loop's inner loop cannot depend on the outer "
                   "index '" + outerRef->getDecl()->getName().str() + "'");
  }
  const ForStmt *outer = site.loop.front().stmt;
  unsigned here = index.offset(d.range.getBegin());
  if (llvm::none_of(replicates, [&](const ReplicateScope &r) {
        return here > r.begin && here < r.end;
      }))
    return error(d.range.getBegin(), "'device loop' must stand inside a 'device "
                                     "replicate' block, which names the arrays it uses");
  site.devBody = site.loop.back().stmt->getBody();
  if (!analyzeDeviceBody(index, diags, site,
                         [&](const VarDecl *var, SourceLocation at, DeviceArray &out) {
                           return replicated(var, at, out, "used in a device loop");
                         }))
    return false;
  deviceNests.push_back({index.offset(outer->getBeginLoc()),
                         index.offset(outer->getEndLoc())});
  return true;
}

/// `device replicate (a, b)` and its block: the arrays, their storage.
bool Analyzer::checkReplicate(const Directive &d, Site &site, const FunctionDecl *fn) {
  const CompoundStmt *block = blockAfter(d, "device replicate");
  site.body = block;
  if (!block)
    return false;
  ReplicateScope scope{index.offset(block->getLBracLoc()),
                       index.offset(block->getRBracLoc()), {}};
  for (const Name &n : d.device.arrays) {
    const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
    if (!var)
      return error(n.loc, "array '" + n.text + "' is not declared");
    const VarDecl *decl = var->decl;
    if (llvm::any_of(scope.arrays, [&](const DeviceArray &a) { return a.decl == decl; }))
      return error(n.loc, "'" + n.text + "' is listed twice");
    DeviceArray array;
    array.decl = decl;
    array.name = n.text;
    array.replica = site.id;
    QualType elem = decl->getType();
    std::vector<int64_t> extents;
    while (const auto *at = ctx.getAsConstantArrayType(elem)) {
      extents.push_back(at->getSize().getSExtValue());
      elem = at->getElementType();
    }
    if (extents.empty())
      return error(n.loc, "'" + n.text + "' in 'device replicate' is not an array "
                          "of constant size");
    auto dist = program.arrays.find(decl);
    if (dist != program.arrays.end()) {
      array.dist = &dist->second;
      array.elemType = dist->second.elemType;
    } else {
      if (var->function && var->function != fn)
        return error(n.loc, "'device replicate' must stand in the function that "
                            "declares '" + n.text + "'");
      array.elemType = elem.getCanonicalType().getUnqualifiedType().getAsString();
      for (size_t k = 1; k < extents.size(); ++k)
        array.rowElems *= extents[k];
      std::string decayed;
      llvm::raw_string_ostream os(decayed);
      ctx.getDecayedType(decl->getType()).print(os, ctx.getPrintingPolicy(), n.text);
      array.paramDecl = os.str();
      array.paramType = ctx.getDecayedType(decl->getType()).getAsString();
    }
    scope.arrays.push_back(array);
  }
  site.devArrays = scope.arrays;
  replicates.push_back(std::move(scope));
  return true;
}

/// The entry of the innermost `device replicate` block around `at` that
/// lists `var`.
bool Analyzer::replicated(const VarDecl *var, SourceLocation at, DeviceArray &out,
                          const char *use) {
  unsigned here = index.offset(at);
  for (auto r = replicates.rbegin(); r != replicates.rend(); ++r) {
    if (here <= r->begin || here >= r->end)
      continue;
    for (const DeviceArray &a : r->arrays)
      if (a.decl == var) {
        out = a;
        return true;
      }
  }
  return error(at, "array '" + var->getName().str() + "' is " + use +
                       " but is not named in an enclosing 'device replicate'");
}

bool Analyzer::checkDeviceSync(const Directive &d, Site &site) {
  site.syncIn = d.device.in;
  for (const Name &n : d.device.arrays) {
    const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
    if (!var)
      return error(n.loc, "array '" + n.text + "' is not declared");
    DeviceArray array;
    if (!replicated(var->decl, n.loc, array, "in 'replicate_sync'"))
      return false;
    site.devArrays.push_back(array);
  }
  return true;
}

bool Analyzer::checkResetWeight(const Directive &d, Site &site) {
  const CExpr &w = d.resetWeight.weight;
  // A literal outside [0, 1] is caught here; other values at run time.
  std::string literal = w.text;
  char *end = nullptr;
  double value = std::strtod(literal.c_str(), &end);
  if (end && *end == '\0' && !literal.empty() && !(value >= 0.0 && value <= 1.0))
    return error(w.loc, "the CPU weight " + literal + " is outside [0, 1]");
  site.exprs.push_back(w.text);
  return true;
}

bool Analyzer::checkReduction(const ReductionClause &c, SourceLocation at,
                              CheckedReduction &out) {
  out.kind = c.kind;
  bool anyLocs = llvm::any_of(c.locs, [](const auto &l) { return !l.empty(); });
  // max/min with location variables mean their 'first' forms (as in Omni).
  if (anyLocs && (c.kind == "max" || c.kind == "min"))
    out.kind = "first" + c.kind;
  bool locKind = StringRef(out.kind).starts_with("first") ||
                 StringRef(out.kind).starts_with("last");
  for (size_t k = 0; k < c.vars.size(); ++k) {
    const Name &v = c.vars[k];
    if (locKind && c.locs[k].empty())
      return error(v.loc, "reduction '" + out.kind + "' needs location variables: '" +
                              out.kind + ": " + v.text + "/i/'");
    if (!locKind && !c.locs[k].empty())
      return error(c.locs[k].front().loc, "reduction '" + c.kind +
                                              "' takes no location variables");
    std::vector<std::string> locs;
    for (const Name &l : c.locs[k]) {
      if (!index.lookupVar(l.text, at))
        return error(l.loc, "location variable '" + l.text + "' is not declared");
      locs.push_back(l.text);
    }
    out.locs.push_back(locs);
    const SourceIndex::Var *var = index.lookupVar(v.text, at);
    if (!var)
      return error(v.loc, "reduction variable '" + v.text + "' is not declared");
    // A C array (a parameter declared as one too: `int a[N]`) is reduced
    // element by element.
    QualType declared = var->decl->getType();
    if (const auto *parm = dyn_cast<ParmVarDecl>(var->decl))
      declared = parm->getOriginalType();
    QualType elem = declared;
    int64_t count = 0;
    if (ctx.getAsArrayType(declared)) {
      std::vector<int64_t> extents;
      if (!constantExtents(ctx, elem, extents))
        return error(v.loc, "reduction array '" + v.text + "' has type '" +
                                declared.getAsString() + "'; its extents must be constants");
      count = 1;
      for (int64_t e : extents) {
        count *= e;
        if (count > INT32_MAX)
          return error(v.loc, "reduction array '" + v.text + "' has more than 2^31-1 "
                                  "elements");
      }
      if (locKind)
        return error(v.loc, "reduction '" + out.kind + "' takes a scalar, not the array '" +
                                v.text + "'");
    }
    std::optional<xmp::ScalarType> type = runtimeType(elem);
    if (!type)
      return error(v.loc, "reduction variable '" + v.text + "' has type '" +
                              declared.getAsString() +
                              "'; reductions apply to arithmetic scalars and arrays of them");
    bool isFloat = elem->isRealFloatingType();
    if (isFloat && (c.kind == "&" || c.kind == "|" || c.kind == "^" ||
                    c.kind == "&&" || c.kind == "||"))
      return error(c.loc, "reduction '" + c.kind + "' does not apply to the "
                          "floating-point variable '" + v.text + "'");
    if (program.arrays.count(var->decl))
      return error(v.loc, "'" + v.text + "' is a distributed array; "
                          "reductions apply to scalars");
    out.vars.push_back(v.text);
    out.types.push_back(*type);
    out.counts.push_back(count);
  }
  return true;
}

/// `on ref`: a whole template or node array gives `sym`; a subscripted one
/// (`on p(1:2)`, `on t(0:9)`) selects nodes, and the directive then runs as
/// a task on them (allowSubset), over that executing node set.
bool Analyzer::checkOn(const std::optional<NodeRef> &on, const FunctionDecl *fn,
                       Site &site, std::string &sym, bool nodesOnly, bool allowSubset) {
  if (!on)
    return true;
  const Name &name = on->name;
  Symbol *s = lookup(name, fn);
  if (!s)
    return error(name.loc, "'" + name.text + "' is neither a template nor a node array");
  if (s->kind == Symbol::Template && !s->distributed)
    return error(name.loc, "template '" + name.text + "' is not distributed");
  if (on->subscripted) {
    if (!allowSubset)
      return error(name.loc, "a subscripted 'on' reference is not supported here yet");
    site.onSubset = true;
    return selection(*on, *s, site);
  }
  if (nodesOnly && s->kind != Symbol::Nodes)
    return error(name.loc, "'on' a whole template is not supported here yet; name a "
                           "node array or template elements");
  sym = s->sym;
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

/// The name of the function a call calls directly, or "".
static StringRef calleeName(const CallExpr *call) {
  const FunctionDecl *f = call->getDirectCallee();
  return f && f->getIdentifier() ? f->getName() : StringRef();
}

/// The allocatable distributed array `e` names (casts aside), or null.
static const DeclRefExpr *allocatableRef(const Program &program, const Expr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenCasts());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  auto it = var ? program.arrays.find(var) : program.arrays.end();
  return it != program.arrays.end() && it->second.allocatable ? ref : nullptr;
}

/// `a = xmp_malloc(xmp_desc_of(a), n0, ...)` and `free(a)` of arrays of
/// pointer type: the only uses of them besides subscripts.
void Analyzer::checkAllocations(std::set<const DeclRefExpr *> &allowed) {
  std::set<const CallExpr *> assigned; // xmp_malloc calls assigned to an array
  for (const BinaryOperator *assign : index.assignments()) {
    const DeclRefExpr *lhs = allocatableRef(program, assign->getLHS());
    if (!lhs)
      continue;
    allowed.insert(lhs);
    const DistArray &array = program.arrays.at(cast<VarDecl>(lhs->getDecl()));
    const auto *call = dyn_cast<CallExpr>(assign->getRHS()->IgnoreParenCasts());
    if (call && calleeName(call) != "xmp_malloc")
      call = nullptr;
    // xmp.h's xmp_desc_of(a) is xmpc_desc_of_name("a").
    const auto *desc = call && call->getNumArgs() > 0
                           ? dyn_cast<CallExpr>(call->getArg(0)->IgnoreParenCasts())
                           : nullptr;
    const auto *of = desc && calleeName(desc) == "xmpc_desc_of_name" &&
                             desc->getNumArgs() == 1
                         ? dyn_cast<StringLiteral>(desc->getArg(0)->IgnoreParenImpCasts())
                         : nullptr;
    const SourceIndex::Var *ofVar =
        of ? index.lookupVar(of->getString(), assign->getBeginLoc()) : nullptr;
    if (call)
      assigned.insert(call);
    if (!ofVar || ofVar->decl != lhs->getDecl()) {
      error(assign->getOperatorLoc(), "distributed array '" + array.name +
                                          "' can only be assigned 'xmp_malloc(xmp_desc_of(" +
                                          array.name + "), ...)'");
      continue;
    }
    if (call->getNumArgs() - 1 != array.extents.size()) {
      error(call->getBeginLoc(), "xmp_malloc of '" + array.name + "' gives " +
                                     std::to_string(call->getNumArgs() - 1) +
                                     " extents but the array has " +
                                     std::to_string(array.extents.size()) + " dimensions");
      continue;
    }
    if (assign->getBeginLoc().isMacroID() || assign->getEndLoc().isMacroID()) {
      error(assign->getOperatorLoc(), "the allocation of distributed array '" + array.name +
                                          "' cannot come from a macro");
      continue;
    }
    if (index.offset(assign->getBeginLoc()) < alignOffset(array)) {
      // XMP 1.4, 4.x align, restrictions: "[C] An align directive for an array must
      // precede any of its appearances in the executable code in the block."
      error(assign->getOperatorLoc(), "distributed array '" + array.name +
                                          "' is allocated before its 'align' directive; "
                                          "the directive must come first (XMP 1.4: it "
                                          "precedes every use of the array in its block)");
      continue;
    }
    Allocation alloc{assign, &array, {}};
    for (unsigned k = 1; k < call->getNumArgs(); ++k)
      alloc.sizes.push_back(text(call->getArg(k)->getSourceRange()));
    program.allocations.push_back(alloc);
  }
  for (const CallExpr *call : index.calls()) {
    if (calleeName(call) == "xmp_malloc" && !assigned.count(call))
      error(call->getBeginLoc(), "xmp_malloc allocates a distributed array of pointer type "
                                 "in an assignment 'a = xmp_malloc(xmp_desc_of(a), ...)'");
    if (calleeName(call) != "free" || call->getNumArgs() != 1)
      continue;
    if (const DeclRefExpr *ref = allocatableRef(program, call->getArg(0))) {
      if (call->getBeginLoc().isMacroID() || call->getEndLoc().isMacroID())
        continue; // reported as a use outside subscripts
      program.allocations.push_back(
          {call, &program.arrays.at(cast<VarDecl>(ref->getDecl())), {}, true});
      allowed.insert(ref);
    }
  }
}

void Analyzer::checkAccesses() {
  std::set<const DeclRefExpr *> allowed;
  checkAllocations(allowed);
  std::set<const Expr *> innerParts;
  for (const ArraySubscriptExpr *s : index.subscripts())
    innerParts.insert(s->getBase()->IgnoreParenImpCasts());
  std::set<const DeclRefExpr *> subscripted;
  for (const ArraySubscriptExpr *s : index.subscripts()) {
    if (innerParts.count(s))
      continue;
    unsigned depth;
    const DistArray *array = distributedRoot(program, s, &depth);
    if (!array)
      continue;
    const Expr *root = s;
    while (const auto *r = dyn_cast<ArraySubscriptExpr>(root->IgnoreParenImpCasts()))
      root = r->getBase();
    subscripted.insert(cast<DeclRefExpr>(root->IgnoreParenImpCasts()));
    if (depth != array->extents.size())
      error(s->getBeginLoc(), "distributed array '" + array->name +
                                  "' must be indexed in all its " +
                                  std::to_string(array->extents.size()) +
                                  " dimensions");
    else if (s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID())
      error(s->getBeginLoc(), "an access to distributed array '" +
                                  array->name +
                                  "' inside a macro expansion is not supported");
    else
      program.accesses.push_back(s);
  }
  for (const DeclRefExpr *ref : index.declRefs()) {
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    if (!var || !program.arrays.count(var) || subscripted.count(ref) || allowed.count(ref))
      continue;
    // Passed whole to a function: the callee gets this node's local part.
    const Expr *arg = ref;
    DynTypedNodeList parents = ctx.getParents(*arg);
    while (!parents.empty() && parents[0].get<Expr>() &&
           (parents[0].get<ImplicitCastExpr>() || parents[0].get<ParenExpr>())) {
      arg = parents[0].get<Expr>();
      parents = ctx.getParents(*arg);
    }
    const CallExpr *call = parents.empty() ? nullptr : parents[0].get<CallExpr>();
    if (call && llvm::is_contained(call->arguments(), arg) && !ref->getBeginLoc().isMacroID())
      program.passedArrays.push_back(ref);
    else
      error(ref->getLocation(), "distributed array '" + var->getName().str() +
                                    "' can only be used through subscripts or passed "
                                    "whole to a function");
  }
  llvm::sort(program.accesses, [&](auto *a, auto *b) {
    return index.offset(a->getBeginLoc()) < index.offset(b->getBeginLoc());
  });
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
    unsigned b = index.offset(site.nest->getBeginLoc()), e = index.offset(site.nest->getEndLoc());
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

/// A loop distributes its indices along the template dimensions whose
/// subscripts name them (spec 4.4.3, by name, not by position). An index that
/// subscripts a dimension of an array aligned with another, distributed,
/// dimension of that template reaches, on some iterations, an element another
/// node owns: this node has no storage for it (the loop's `on` subscripts or
/// its index list are likely swapped).
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
    unsigned end = index.offset(outer->getEndLoc());
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

/// A `tasks` block holds task constructs only: each of its statements must be
/// the body of a `task` directive written inside it.
void Analyzer::checkTasksBlocks() {
  std::set<const Stmt *> taskBodies;
  for (const Site &site : program.sites)
    if (site.dir->kind == DirectiveKind::Task && site.body)
      taskBodies.insert(site.body);
  for (const Site &site : program.sites) {
    const auto *block = dyn_cast_or_null<CompoundStmt>(site.body);
    if (site.dir->kind != DirectiveKind::Tasks || !block)
      continue;
    for (const Stmt *s : block->body())
      if (!isa<NullStmt>(s) && !taskBodies.count(s))
        error(s->getBeginLoc(), "a 'tasks' block may contain only 'task' constructs; this "
                                "statement belongs to no task");
  }
}

/// `xmp_desc_of(x)`: x is a distributed array visible there, else a template
/// or node array of the enclosing function or the file.
void Analyzer::checkDescOfs() {
  for (const CallExpr *call : index.descOfs()) {
    SourceLocation at = call->getBeginLoc();
    const auto *lit = call->getNumArgs() == 1
                          ? dyn_cast<StringLiteral>(call->getArg(0)->IgnoreParenImpCasts())
                          : nullptr;
    // The invocation `xmp_desc_of(x)` as written: in the file, or in an
    // argument of another macro (`xmp_array_gtol(xmp_desc_of(a), ...)`), not
    // in a macro's body.
    const LangOptions &lo = ctx.getLangOpts();
    SourceLocation inv = at;
    while (inv.isMacroID() && !(sm.isMacroBodyExpansion(inv) &&
                                Lexer::getImmediateMacroName(inv, sm, lo) == "xmp_desc_of"))
      inv = sm.getImmediateMacroCallerLoc(inv);
    bool written = lit && inv.isMacroID();
    CharSourceRange range;
    if (written) {
      range = sm.getImmediateExpansionRange(inv);
      auto toFile = [&](SourceLocation l) {
        while (written && l.isMacroID()) {
          written = sm.isMacroArgExpansion(l);
          l = sm.getImmediateMacroCallerLoc(l);
        }
        return l;
      };
      SourceLocation b = toFile(range.getBegin()), e = toFile(range.getEnd());
      written = written && sm.isInMainFile(b) && sm.isInMainFile(e);
      range = CharSourceRange::getTokenRange(b, e);
    }
    if (!written) {
      error(sm.getExpansionLoc(at), "'xmp_desc_of' must be written directly in the program, "
                                    "not inside another macro");
      continue;
    }
    std::string name = lit->getString().str();
    SourceLocation loc = range.getBegin();
    DescOf of{range};
    if (const SourceIndex::Var *var = index.lookupVar(name, loc);
        var && program.arrays.count(var->decl)) {
      of.array = &program.arrays.at(var->decl);
    } else if (const Symbol *s = lookup(Name{name, loc}, index.enclosingFunction(loc))) {
      of.sym = s->sym;
    } else {
      error(loc, "xmp_desc_of: '" + name +
                     "' is not a distributed array, a template or a node array");
      continue;
    }
    program.descOfs.push_back(of);
  }
}

/// The triplets `ref` selects of `target` (all of it when unsubscripted), as
/// 0-based inclusive C expressions in C order.
bool Analyzer::selection(const NodeRef &ref, const Symbol &target, Site &site) {
  bool nodes = target.kind == Symbol::Nodes;
  site.targetSym = target.sym;
  site.targetIsTemplate = !nodes;
  if (ref.subscripted && ref.subscripts.size() != target.rank)
    return error(ref.name.loc, "'" + ref.name.text + "' has " +
                                   std::to_string(target.rank) + " dimensions but " +
                                   std::to_string(ref.subscripts.size()) +
                                   " subscripts are given");
  bool round = ref.style == Bracket::Round;
  for (size_t d = 0; d < target.rank; ++d) {
    RefSubscript sub;
    sub.kind = RefSubscript::All;
    sub.loc = ref.name.loc;
    if (ref.subscripted)
      sub = ref.subscripts[d];
    // Node references in round brackets count from 1.
    auto base0 = [&](const std::string &e) {
      return nodes && round ? "(" + e + ") - 1" : e;
    };
    // An omitted bound of a template dimension is the template's own (declared) bound.
    bool needsBound = sub.kind == RefSubscript::All ||
                      (sub.kind == RefSubscript::Triplet &&
                       (sub.first.empty() || sub.second.empty()));
    if (!nodes && sub.kind == RefSubscript::Own)
      return error(sub.loc, "template references need explicit bounds here");
    if (!nodes && needsBound && (target.deferred || target.lower.size() <= d))
      return error(sub.loc, "template references need explicit bounds here: the shape of "
                            "template '" + ref.name.text + "' is only fixed at run time");
    std::string first = nodes ? "0" : "(" + target.lower[d] + ")";
    std::string last = nodes ? kLastIndex : "(" + target.upper[d] + ")";
    std::string lb, ub, st = sub.step.empty() ? "1" : sub.step;
    switch (sub.kind) {
    case RefSubscript::Index:
      lb = ub = base0(sub.first);
      break;
    case RefSubscript::Own:
      lb = ub = kNodeCoord;
      break;
    case RefSubscript::All:
      lb = first;
      ub = last;
      break;
    case RefSubscript::Triplet:
      lb = sub.first.empty() ? first : base0(sub.first);
      if (sub.second.empty())
        ub = last;
      else if (round)
        ub = base0(sub.second);
      else // square: base:length:step
        ub = "(" + lb + ") + ((" + sub.second + ") - 1) * (" + st + ")";
      break;
    }
    site.lb.push_back(lb);
    site.ub.push_back(ub);
    site.st.push_back(st);
  }
  return true;
}

/// Where the first token after the directive's line stands, past any
/// further directive lines (a task directly followed by another task).
SourceLocation Analyzer::tokenAfter(const Directive &d) {
  FileID fid = sm.getMainFileID();
  StringRef buffer = sm.getBufferData(fid);
  Lexer raw(sm.getLocForStartOfFile(fid), ctx.getLangOpts(), buffer.begin(),
            buffer.begin() + index.offset(d.range.getEnd()), buffer.end());
  Token next;
  raw.LexFromRawLexer(next);
  while (next.is(tok::hash) && next.isAtStartOfLine()) {
    raw.SetKeepWhitespaceMode(true); // the line ends at the first unescaped newline
    do
      raw.LexFromRawLexer(next);
    while (!next.is(tok::eof) &&
           !(next.is(tok::unknown) && StringRef(buffer.data() + index.offset(next.getLocation()),
                                                next.getLength())
                                          .contains('\n')));
    raw.SetKeepWhitespaceMode(false);
    raw.LexFromRawLexer(next);
  }
  return next.getLocation();
}

/// The compound statement that must follow a tasks or device replicate directive.
const CompoundStmt *Analyzer::blockAfter(const Directive &d, const char *directive) {
  SourceLocation next = tokenAfter(d);
  const CompoundStmt *body = index.compoundAt(next);
  if (!body)
    error(next, std::string("'") + directive + "' must be followed by a block '{ ... }'");
  return body;
}

/// The statement a task applies to: a block or a single statement (the
/// spec's structured block), as in `#pragma xmp task on p(1)` + `printf(...);`.
const Stmt *Analyzer::statementAfter(const Directive &d, const char *directive) {
  SourceLocation next = tokenAfter(d);
  const Stmt *body = index.compoundAt(next);
  if (!body)
    body = index.stmtAt(next);
  // An array assignment statement: the parser saw a null statement at its ';'.
  if (auto it = arrayStatementEnds.find(index.offset(next));
      !body && it != arrayStatementEnds.end())
    if (const Stmt *null = index.stmtAt(it->second); null && isa<NullStmt>(null))
      return null;
  if (!body || isa<DeclStmt>(body) || isa<NullStmt>(body))
    error(next, std::string("'") + directive +
                    "' must be followed by a statement or a block '{ ... }'");
  return body && !isa<DeclStmt>(body) && !isa<NullStmt>(body) ? body : nullptr;
}

bool Analyzer::checkTask(const Directive &d, Site &site, const FunctionDecl *fn) {
  Symbol *target = lookup(d.task.on.name, fn);
  if (!target)
    return error(d.task.on.name.loc, "'" + d.task.on.name.text +
                                         "' is neither a template nor a node array");
  if (target->kind == Symbol::Template && !target->distributed)
    return error(d.task.on.name.loc, "template '" + d.task.on.name.text +
                                         "' is not distributed");
  if (!selection(d.task.on, *target, site))
    return false;
  site.body = statementAfter(d, "task");
  return site.body != nullptr;
}

namespace {

/// Whether `var` stands for storage some other name may also reach: a
/// pointer, an array parameter (a pointer too) among them.
bool mayAlias(const VarDecl *var) { return var->getType()->isPointerType(); }

/// The integer a literal length is, if it is one.
std::optional<int64_t> literal(const std::string &text) {
  int64_t v;
  if (llvm::StringRef(text).trim().getAsInteger(0, v))
    return std::nullopt;
  return v;
}

/// The length of a triplet `base::step` with its length omitted: the rest of
/// a dimension of extent `ext`, up to its end for a positive step, down to 0
/// for a negative one.
std::string restLength(const std::string &ext, const std::string &base,
                       const std::string &step) {
  std::string up = "((" + ext + ") - (" + base + ") + (" + step + ") - 1) / (" + step + ")",
              down = "((" + base + ") - (" + step + ")) / -(" + step + ")";
  std::optional<int64_t> st = literal(step);
  return !st ? "((" + step + ") > 0 ? " + up + " : " + down + ")" : *st > 0 ? up : down;
}

} // namespace

bool Analyzer::checkSection(const GmoveSide &side, SourceLocation at, Section &out,
                            QualType &elem) {
  const SourceIndex::Var *var = index.lookupVar(side.name.text, at);
  if (!var)
    return error(side.name.loc, "variable '" + side.name.text + "' is not declared");
  out.var = side.name.text;
  auto dist = program.arrays.find(var->decl);
  out.distributed = dist != program.arrays.end();
  const auto *parm = dyn_cast<ParmVarDecl>(var->decl);
  QualType type = parm ? parm->getOriginalType() : var->decl->getType();
  // A pointer (`int *x`, `double (*x)[M]`, a parameter `double x[]`)
  // addresses elements whose leading extent only the program knows: its
  // sections give their lengths there.
  bool pointer = type->isPointerType() || type->isIncompleteArrayType();
  if (pointer) {
    out.extents.push_back(-1);
    out.extentText.push_back("-1");
    type = type->isPointerType() ? type->getPointeeType()
                                 : ctx.getAsArrayType(type)->getElementType();
  }
  while (const ArrayType *arr = ctx.getAsArrayType(type)) {
    if (const auto *ct = dyn_cast<ConstantArrayType>(arr)) {
      out.extents.push_back(ct->getSize().getSExtValue());
      out.extentText.push_back(std::to_string(out.extents.back()));
    } else if (const auto *vt = dyn_cast<VariableArrayType>(arr); vt && vt->getSizeExpr()) {
      out.extents.push_back(-1);
      out.extentText.push_back("(" + text(vt->getSizeExpr()->getSourceRange()) + ")");
    } else {
      return error(side.name.loc, "'" + side.name.text + "' must give every extent");
    }
    type = arr->getElementType();
  }
  if (type->isArrayType() || type->isPointerType() || type->isIncompleteType() ||
      type->isVoidType())
    return error(side.name.loc, "'" + side.name.text +
                                    "' must be a scalar, an array or a pointer to elements "
                                    "of a complete, non-pointer type");
  // A distributed array's extents are its descriptor's (-1 here: known at run
  // time only, as for one allocated by xmp_malloc).
  if (out.distributed) {
    out.extents = dist->second.extents;
    out.extentText.clear();
    for (int64_t e : out.extents)
      out.extentText.push_back(std::to_string(e));
  }
  elem = type.getCanonicalType().getUnqualifiedType();
  out.elemType = type.getUnqualifiedType().getAsString();
  size_t rank = out.extents.size();
  if (side.subscripted && side.subscripts.size() != rank)
    return error(side.name.loc, "'" + side.name.text + "' has " +
                                    std::to_string(rank) + " dimensions but " +
                                    std::to_string(side.subscripts.size()) +
                                    " subscripts are given");
  for (size_t d = 0; d < rank; ++d) {
    const std::string &ext = out.extentText[d];
    bool unknown = ext == "-1";
    RefSubscript sub;
    sub.kind = RefSubscript::All;
    if (side.subscripted)
      sub = side.subscripts[d];
    std::string lb = "0", st = sub.step.empty() ? "1" : sub.step, len = unknown ? "-1" : ext;
    int64_t scalar = 0;
    if (sub.kind == RefSubscript::Index) {
      lb = sub.first;
      len = "1";
      scalar = 1;
    } else if (sub.kind == RefSubscript::Triplet) {
      lb = sub.first.empty() ? "0" : sub.first;
      // Up to the end (down to 0 for a negative step); the runtime counts the
      // elements of an extent it does not know.
      len = !sub.second.empty() ? sub.second : unknown ? "-1" : restLength(ext, lb, st);
    }
    if (len == "-1" && !out.distributed)
      return error(side.name.loc, "the section of pointer '" + side.name.text +
                                      "' must give its length in dimension " +
                                      std::to_string(d + 1) + " ('" + side.name.text +
                                      "[first:length]')");
    out.lb.push_back(lb);
    out.len.push_back(len);
    out.st.push_back(st);
    out.scalar.push_back(scalar);
  }
  return true;
}

bool Analyzer::checkGmove(const Directive &d, Site &site) {
  QualType dstElem, srcElem;
  if (!checkSection(d.gmove.dst, d.range.getBegin(), site.dst, dstElem) ||
      !checkSection(d.gmove.src, d.range.getBegin(), site.src, srcElem))
    return false;
  if (dstElem != srcElem)
    return error(d.gmove.src.name.loc, "gmove copies elements of one type: '" +
                                           site.dst.elemType + "' and '" +
                                           site.src.elemType + "' differ");
  auto sectionRank = [](const Section &s) {
    return llvm::count(s.scalar, 0);
  };
  // A single element on the right is assigned to every element of the left
  // section (`a[0:n][1:m] = b[3][4];`, `a[:] = s;`).
  if (sectionRank(site.dst) != sectionRank(site.src) && sectionRank(site.src) != 0)
    return error(d.gmove.src.name.loc,
                 "the gmove sections have different ranks (" +
                     std::to_string(sectionRank(site.dst)) + " and " +
                     std::to_string(sectionRank(site.src)) + ")");
  site.gmoveMode = d.gmove.mode;
  if (d.gmove.async)
    site.async = d.gmove.async->text;
  // The remote side of a one-sided gmove is reached through an MPI window on
  // its storage, created when the array is allocated.
  if (!site.gmoveMode.empty()) {
    const GmoveSide &remote = site.gmoveMode == "in" ? d.gmove.src : d.gmove.dst;
    const SourceIndex::Var *var = index.lookupVar(remote.name.text, d.range.getBegin());
    auto it = var ? program.arrays.find(var->decl) : program.arrays.end();
    if (it != program.arrays.end())
      it->second.exposed = true;
  }
  return true;
}

/// `array on t(...)` + `a[..] = expr;`: a loop over the template section, run
/// by its owners, whose body is the statement with each section subscript
/// replaced by its element at the loop's position.
bool Analyzer::checkArray(const Directive &d, Site &site, const FunctionDecl *fn) {
  const ArrayDirective &ad = d.array;
  Symbol *t = lookupKind(ad.on.name, fn, Symbol::Template, "template");
  if (!t)
    return false;
  if (!t->distributed)
    return error(ad.on.name.loc, "template '" + ad.on.name.text + "' is not distributed");
  if (ad.on.subscripted && ad.on.subscripts.size() != t->rank)
    return error(ad.on.name.loc, "'" + ad.on.name.text + "' has " +
                                     std::to_string(t->rank) + " dimensions but " +
                                     std::to_string(ad.on.subscripts.size()) +
                                     " subscripts are given");
  bool round = ad.on.style == Bracket::Round;
  std::vector<size_t> shape; // template dimensions that are triplets
  for (size_t td = 0; td < t->rank; ++td) {
    RefSubscript sub;
    sub.kind = RefSubscript::All;
    if (ad.on.subscripted)
      sub = ad.on.subscripts[td];
    if (t->deferred && sub.kind == RefSubscript::All)
      return error(sub.loc, "template '" + ad.on.name.text + "' has a deferred shape: "
                            "give the template section's bounds");
    std::string lb = t->deferred ? "" : t->lower[td], ub = t->deferred ? "" : t->upper[td],
                st = "1";
    switch (sub.kind) {
    case RefSubscript::Own:
      return error(sub.loc, "'*' cannot select template elements of an 'array' directive");
    case RefSubscript::Index:
      lb = ub = sub.first;
      break;
    case RefSubscript::All:
      shape.push_back(td);
      break;
    case RefSubscript::Triplet:
      shape.push_back(td);
      if (!sub.step.empty())
        st = sub.step;
      if (!sub.first.empty())
        lb = sub.first;
      if (!sub.second.empty())
        ub = round ? sub.second : "(" + lb + ") + ((" + sub.second + ") - 1) * (" + st + ")";
      break;
    }
    site.lb.push_back(lb);
    site.ub.push_back(ub);
    site.st.push_back(st);
        site.arrayCyclic.push_back(t->formats[td] == "cyclic");
  }
  // The section's dimensions follow the template dimensions the assigned
  // array is aligned with (`a[i][j]` with `t(i,j)` puts a's dimension 0 on
  // the template's C dimension 1); positionally when it is not distributed.
  // A dimension of the assigned array that is aligned with no template
  // dimension (`x[i][*]`) is iterated whole by each owner, in a local loop
  // (`array on t(:)` + `x[:][:] = 0;`, as Omni accepts; order[k] = -1 - the
  // local loop's number).
  std::vector<long> order(shape.begin(), shape.end());
  std::vector<std::string> localLengths;
  if (const ArrayPiece &lhs = ad.pieces.front(); lhs.ref) {
    const SourceIndex::Var *var = index.lookupVar(lhs.side.name.text, d.range.getBegin());
    auto dist = var ? program.arrays.find(var->decl) : program.arrays.end();
    if (dist != program.arrays.end() &&
        lhs.side.subscripts.size() == dist->second.tdims.size()) {
      std::vector<size_t> aligned;
      std::vector<long> mapped;
      std::vector<std::string> lengths;
      for (size_t k = 0; k < lhs.side.subscripts.size(); ++k) {
        const RefSubscript &sub = lhs.side.subscripts[k];
        if (sub.kind == RefSubscript::Index)
          continue;
        if (dist->second.tdims[k] >= 0) {
          aligned.push_back(static_cast<size_t>(dist->second.tdims[k]));
          mapped.push_back(dist->second.tdims[k]);
          continue;
        }
        mapped.push_back(-1 - static_cast<long>(lengths.size()));
        std::string base = sub.first.empty() ? "0" : sub.first,
                    step = sub.step.empty() ? "1" : sub.step;
        lengths.push_back(!sub.second.empty()
                              ? sub.second
                              : restLength(std::to_string(dist->second.extents[k]), base, step));
      }
      if (std::is_permutation(aligned.begin(), aligned.end(), shape.begin(), shape.end())) {
        order = mapped;
        localLengths = lengths;
      }
    }
  }
    for (const ArrayPiece &piece : ad.pieces) {
    if (!piece.ref) {
      // Plain text: a distributed array may not appear without subscripts.
      llvm::SmallVector<llvm::StringRef> words;
      llvm::StringRef(piece.text).split(words, ' ');
      for (llvm::StringRef word : words) {
        const SourceIndex::Var *var = index.lookupVar(word.str(), d.range.getBegin());
        if (var && program.arrays.count(var->decl))
          return error(d.range.getBegin(), "distributed array '" + word.str() +
                                               "' can only be used through subscripts");
      }
      site.arrayPieces.push_back({piece.text});
      continue;
    }
    const GmoveSide &side = piece.side;
    const SourceIndex::Var *var = index.lookupVar(side.name.text, d.range.getBegin());
    if (!var)
      return error(side.name.loc, "variable '" + side.name.text + "' is not declared");
    auto dist = program.arrays.find(var->decl);
    size_t rank = 0;
    if (dist != program.arrays.end()) {
      rank = dist->second.extents.size();
    } else {
      for (QualType ty = var->decl->getType(); ctx.getAsArrayType(ty);
           ty = ctx.getAsArrayType(ty)->getElementType())
        ++rank;
      if (const auto *pt = var->decl->getType()->getAs<PointerType>(); pt && rank == 0) {
        rank = 1;
        for (QualType ty = pt->getPointeeType(); ctx.getAsArrayType(ty);
             ty = ctx.getAsArrayType(ty)->getElementType())
          ++rank;
      }
    }
    if (side.subscripts.size() != rank)
      return error(side.name.loc, "'" + side.name.text + "' has " + std::to_string(rank) +
                                      " dimensions but " +
                                      std::to_string(side.subscripts.size()) +
                                      " subscripts are given");
    size_t triplets = llvm::count_if(side.subscripts, [](const RefSubscript &s) {
      return s.kind != RefSubscript::Index;
    });
    if (triplets != order.size())
      return error(side.name.loc,
                   "the section of '" + side.name.text + "' has rank " +
                       std::to_string(triplets) + " but the template section of 'on' has rank " +
                       std::to_string(shape.size()) +
                       (localLengths.empty() ? std::string()
                                             : " (and the assigned section " +
                                                   std::to_string(localLengths.size()) +
                                                   " more, not distributed)"));
        ArrayStmtPiece ref;
    ref.var = side.name.text;
    ref.dist = dist != program.arrays.end() ? &dist->second : nullptr;
    size_t k = 0;
    for (const RefSubscript &sub : side.subscripts) {
      if (sub.kind == RefSubscript::Index) {
        ref.subs.push_back({ArraySub::Index, sub.first});
        continue;
      }
      // The section's element at the position along the template section (or
      // the local loop).
      long td = order[k++];
      ref.subs.push_back({td < 0 ? ArraySub::Local : ArraySub::Dim,
                          sub.first.empty() ? "0" : sub.first,
                          sub.step.empty() ? "1" : sub.step, td < 0 ? -1 - td : td});
    }
    site.arrayPieces.push_back(ref);
  }
  site.arrayLocalLengths = localLengths;
  site.tmplSym = t->sym;
  return true;
}


/// An array assignment statement with no `array` directive (`y[i][:] = 0;`,
/// `a[0:n] = b[0:n] * 2 + c[1:n];`): nested loops over the section's shape in
/// C order, every base, step, length and index subscript evaluated once
/// before them. Where the right-hand side may read what the statement writes
/// (the assigned array other than at the same element, a pointer, a call),
/// the values are computed into a temporary first, then stored (spec 1.4,
/// 3.2: every element of the right-hand side is evaluated before any is
/// assigned).
bool Analyzer::checkArrayStatement(const Directive &d, Site &site) {
  const std::vector<ArrayPiece> &pieces = d.array.pieces;
    SourceLocation at = d.range.getBegin();
  auto isIndex = [](const RefSubscript &s) { return s.kind == RefSubscript::Index; };
  const VarDecl *lhsVar = nullptr;
  std::vector<Section> sections(pieces.size());
    std::vector<const VarDecl *> vars(pieces.size(), nullptr);
  std::vector<std::string> lhsLengths; // per dimension of the section's shape
  bool overlap = false;
  size_t rank = 0;
  for (size_t p = 0; p < pieces.size(); ++p) {
    const ArrayPiece &piece = pieces[p];
    if (!piece.ref) {
      // Text: a call may read the assigned array, a pointer may reach it.
      llvm::SmallVector<llvm::StringRef> words;
      llvm::StringRef(piece.text).split(words, ' ', -1, /*KeepEmpty=*/false);
      for (size_t w = 0; w < words.size(); ++w) {
        if (w + 1 < words.size() && words[w + 1] == "(" &&
            (isalpha(words[w].front()) || words[w].front() == '_'))
          overlap = true;
        const SourceIndex::Var *var = index.lookupVar(words[w].str(), at);
        if (!var)
          continue;
        if (program.arrays.count(var->decl))
          return error(at, "distributed array '" + words[w].str() +
                               "' cannot be used in an array assignment statement without "
                               "an 'array' directive");
        if (var->decl == lhsVar || mayAlias(var->decl))
          overlap = true;
      }
      continue;
    }
    const GmoveSide &side = piece.side;
    const SourceIndex::Var *var = index.lookupVar(side.name.text, at);
    if (!var)
      return error(side.name.loc, "variable '" + side.name.text + "' is not declared");
    vars[p] = var->decl;
    // A distributed array is reached in the executing node's own storage,
    // by global indices, as in other C code (an element, `x[i][:]` of
    // `x[i][*]` in a loop on the owner of i); a section along a distributed
    // dimension belongs to several nodes: the array directive shares it out.
    auto dist = program.arrays.find(var->decl);
    if (dist != program.arrays.end()) {
      const std::vector<int64_t> &tdims = dist->second.tdims;
      for (size_t k = 0; k < side.subscripts.size() && k < tdims.size(); ++k)
        if (!isIndex(side.subscripts[k]) && tdims[k] >= 0)
          return error(side.name.loc,
                       p == 0 ? "an assignment to a section of distributed array '" +
                                    side.name.text +
                                    "' along a distributed dimension must be preceded by "
                                    "an 'array' directive ('#pragma xmp array on "
                                    "template-ref', XMP 1.4 3.2 and 4.6.1)"
                              : "a section of distributed array '" + side.name.text +
                                    "' along a distributed dimension cannot be used in an "
                                    "array assignment statement without an 'array' "
                                    "directive; copy it with 'gmove'");
    }
    bool element = llvm::all_of(side.subscripts, isIndex);
    if (p == 0 && element)
      return error(side.name.loc, "the assigned reference is not an array section");
    if (p == 0)
      lhsVar = var->decl;
    else if (var->decl == lhsVar) {
      // Only the very element being assigned may be read without a temporary.
      const GmoveSide &lhs = pieces[0].side;
      bool same = side.subscripts.size() == lhs.subscripts.size();
      for (size_t k = 0; same && k < side.subscripts.size(); ++k) {
        const RefSubscript &a = side.subscripts[k], &b = lhs.subscripts[k];
        same = (a.kind == RefSubscript::Index) == (b.kind == RefSubscript::Index) &&
               a.first == b.first && a.second == b.second && a.step == b.step;
      }
      if (!same)
        overlap = true;
    } else if (mayAlias(var->decl) || mayAlias(lhsVar)) {
      overlap = true;
    }
    if (element)
      continue; // an element: a scalar, written as it is
    QualType elem;
    Section &sec = sections[p];
    if (!checkSection(side, at, sec, elem))
      return false;
    for (size_t dim = 0; dim < sec.len.size(); ++dim)
      if (sec.len[dim] == "-1")
        return error(side.name.loc, "the section of '" + side.name.text +
                                        "' must give its length in dimension " +
                                        std::to_string(dim + 1) +
                                        ": its extent is known at run time only");
    size_t r = llvm::count(sec.scalar, 0);
    if (p == 0) {
      rank = r;
    } else if (r != rank) {
      return error(side.name.loc, "the section of '" + side.name.text + "' has rank " +
                                      std::to_string(r) + " but the assigned section has rank " +
                                      std::to_string(rank));
    }
        // The assigned section's lengths are the loops'; the others must match.
    size_t k = 0;
    for (size_t dim = 0; dim < sec.lb.size(); ++dim) {
      if (sec.scalar[dim])
        continue;
      if (p == 0) {
        lhsLengths.push_back(sec.len[dim]);
      } else {
        std::optional<int64_t> mine = literal(sec.len[dim]),
                               theirs = literal(lhsLengths[k]);
        if (mine && theirs && *mine != *theirs)
          return error(side.name.loc,
                       "the section of '" + side.name.text + "' has length " +
                           std::to_string(*mine) + " in its dimension " +
                           std::to_string(dim + 1) + " but the assigned section has " +
                           std::to_string(*theirs) + " there: they must have the same shape");
      }
      ++k;
    }
  }
  if (pieces.size() < 2 || !pieces[0].ref || pieces[1].ref)
    return error(at, "expected an array assignment 'a[lb:len] = ...;'");
    // The references, an element's indices as written; the right-hand side
  // after the operator, references by number.
  for (size_t p = 0; p < pieces.size(); ++p) {
    if (!pieces[p].ref)
      continue;
    AssignRef ref;
    auto dist = program.arrays.find(vars[p]);
    ref.dist = dist != program.arrays.end() ? &dist->second : nullptr;
    ref.sec = sections[p];
    ref.sec.var = pieces[p].side.name.text;
    if ((ref.element = sections[p].lb.empty()))
      for (const RefSubscript &s : pieces[p].side.subscripts)
        ref.sec.lb.push_back(s.first);
    site.assignRefs.push_back(ref);
  }
  site.assignOp = pieces[1].text.substr(0, pieces[1].text.find(' '));
  site.assignRhs.push_back({pieces[1].text.substr(site.assignOp.size())});
  for (size_t p = 2, r = 1; p < pieces.size(); ++p)
    site.assignRhs.push_back(pieces[p].ref ? AssignPiece{"", static_cast<int64_t>(r++)}
                                           : AssignPiece{pieces[p].text});
  site.assignOverlap = overlap;
  return true;
}

Program Analyzer::run(const std::vector<Directive> &directives) {
  for (const Directive &d : directives)
    if (d.kind == DirectiveKind::Array && d.array.statementOnly)
      arrayStatementEnds[index.offset(d.range.getBegin())] = d.range.getEnd().getLocWithOffset(-1);
  for (const Directive &d : directives) {
    Site site;
    site.dir = &d;
    site.id = nextSite++;
    const FunctionDecl *fn = index.enclosingFunction(d.range.getBegin());
    site.fileScope = fn == nullptr;
    bool executable = d.kind == DirectiveKind::Loop ||
                      d.kind == DirectiveKind::Reduction ||
                      d.kind == DirectiveKind::Barrier ||
                      d.kind == DirectiveKind::Reflect ||
                      d.kind == DirectiveKind::ReflectInit ||
                      d.kind == DirectiveKind::ReflectDo ||
                      d.kind == DirectiveKind::ReduceShadow ||
                      d.kind == DirectiveKind::Array ||
                      d.kind == DirectiveKind::TemplateFix ||
                      d.kind == DirectiveKind::WaitAsync ||
                      d.kind == DirectiveKind::Bcast ||
                      d.kind == DirectiveKind::Task ||
                      d.kind == DirectiveKind::Gmove ||
                      d.kind == DirectiveKind::Tasks ||
                      d.kind == DirectiveKind::DeviceReplicate ||
                      d.kind == DirectiveKind::DeviceSync ||
                      d.kind == DirectiveKind::DeviceLoop ||
                      d.kind == DirectiveKind::DeviceResetWeight;
    unsigned at = index.offset(d.range.getBegin());
    if (llvm::any_of(deviceNests, [&](auto r) { return at > r.first && at < r.second; })) {
      error(d.range.getBegin(), "no directive may stand inside a device loop");
      continue;
    }
    if (executable && site.fileScope) {
      error(d.range.getBegin(), "'" + d.text.substr(0, d.text.find(' ')) +
                                    "' is an executable directive and must "
                                    "stand inside a function");
      continue;
    }
    bool ok = false;
    switch (d.kind) {
    case DirectiveKind::Nodes: ok = checkNodes(d, site, fn); break;
    case DirectiveKind::Template: ok = checkTemplate(d, site, fn); break;
    case DirectiveKind::Distribute: ok = checkDistribute(d, site, fn); break;
    case DirectiveKind::TemplateFix: ok = checkTemplateFix(d, site, fn); break;
    case DirectiveKind::Align: ok = checkAlign(d, site, fn); break;
    case DirectiveKind::Loop: ok = checkLoop(d, site, fn); break;
    case DirectiveKind::Reduction: {
      CheckedReduction r;
      ok = checkReduction(d.reduction.clause, d.range.getBegin(), r) &&
           checkOn(d.reduction.on, fn, site, r.on, /*nodesOnly=*/false,
                   /*allowSubset=*/true);
      // Location variables are host scalars: no device copy to reduce.
      if (ok && d.reduction.acc &&
          llvm::any_of(r.locs, [](const auto &l) { return !l.empty(); }))
        ok = error(d.reduction.accLoc,
                   "'acc' on the location reduction '" + r.kind +
                       "' is not supported; its location variables are "
                       "host scalars");
      site.reductions.push_back(r);
      if (d.reduction.async)
        site.async = d.reduction.async->text;
      break;
    }
    case DirectiveKind::Barrier:
      ok = checkOn(d.barrier.on, fn, site, site.barrierOn, /*nodesOnly=*/true,
                   /*allowSubset=*/true);
      break;
    case DirectiveKind::Shadow: ok = checkShadow(d, site); break;
    case DirectiveKind::Reflect: ok = checkReflect(d, site); break;
    case DirectiveKind::ReflectInit:
    case DirectiveKind::ReflectDo: ok = checkReflectPlan(d, site); break;
    case DirectiveKind::ReduceShadow: ok = checkReduceShadow(d, site); break;
    case DirectiveKind::WaitAsync:
      for (const CExpr &id : d.waitAsync.ids)
        site.exprs.push_back(id.text);
      ok = true;
      // `on p(...)`: only those nodes wait (they issued the operations);
      // it runs as a task on them.
      if (const std::optional<NodeRef> &on = d.waitAsync.on) {
        Symbol *s = lookup(on->name, fn);
        if (s && s->kind == Symbol::Nodes && !on->subscripted) {
          site.onSubset = true;
          ok = selection(*on, *s, site);
        } else {
          std::string unused;
          ok = checkOn(on, fn, site, unused, /*nodesOnly=*/true, /*allowSubset=*/true);
        }
      }
      break;
    case DirectiveKind::Bcast: ok = checkBcast(d, site, fn); break;
    case DirectiveKind::Task: ok = checkTask(d, site, fn); break;
    case DirectiveKind::Gmove: ok = checkGmove(d, site); break;
    case DirectiveKind::Array:
      ok = d.array.statementOnly ? checkArrayStatement(d, site) : checkArray(d, site, fn);
      break;
    case DirectiveKind::Tasks:
      site.body = blockAfter(d, "tasks");
      ok = site.body != nullptr;
      break;
    case DirectiveKind::DeviceReplicate: ok = checkReplicate(d, site, fn); break;
    case DirectiveKind::DeviceSync: ok = checkDeviceSync(d, site); break;
    case DirectiveKind::DeviceLoop: ok = checkLoop(d, site, fn, /*device=*/true); break;
    case DirectiveKind::DeviceResetWeight: ok = checkResetWeight(d, site); break;
    }
    if (ok)
      program.sites.push_back(std::move(site));
  }
  checkAccesses();
  checkLoopAccesses();
  planNestLocals();
  checkDescOfs();
  // A main that calls xmp_init (Omni XMP's MPI_Init, xmp_init(comm), ...,
  // xmp_finalize(), MPI_Finalize()) starts and ends MPI and the runtime itself.
  program.wrappedMain = index.mainFunction();
  if (program.wrappedMain && llvm::any_of(index.calls(), [&](const CallExpr *call) {
        const FunctionDecl *callee = call->getDirectCallee();
        return callee && callee->getName() == "xmp_init" &&
               index.enclosingFunction(call->getBeginLoc()) == program.wrappedMain;
      }))
    program.wrappedMain = nullptr;
  checkTasksBlocks();
  return std::move(program);
}

} // namespace

Program xmp::frontend::analyze(const std::vector<Directive> &directives,
                               const SourceIndex &index,
                               DiagnosticsEngine &diags) {
  return Analyzer(index, diags).run(directives);
}

const DistArray *xmp::frontend::distributedRoot(const Program &program,
                                                const Expr *e, unsigned *depth) {
  unsigned n = 0;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts())) {
    ++n;
    e = s->getBase();
  }
  if (depth)
    *depth = n;
  const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  auto it = var ? program.arrays.find(var) : program.arrays.end();
  return it == program.arrays.end() ? nullptr : &it->second;
}
