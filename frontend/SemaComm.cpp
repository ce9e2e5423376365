//===- SemaComm.cpp - reflect, reductions, bcast, gmove, task ---------------===//

#include "SemaAnalyzer.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

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

/// An integer literal's value, if the width is one.
std::optional<long long> literalWidth(const std::string &text) {
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

/// `acc` on an array no device region holds where the compiler can see it:
/// in `main` outside every region that names it, or in a static function of
/// a file no region of which names it. (Another function may be called from
/// inside a region elsewhere; the runtime checks there.)
bool Analyzer::deviceCopyMayExist(const Directive &d, const DistArray &array, const Name &n) {
  unsigned here = index.offset(d.range.getBegin());
  const FunctionDecl *fn = index.enclosingFunction(d.range.getBegin());
  auto holds = [&](const ReplicateScope &r) {
    return llvm::any_of(r.arrays, [&](const DeviceArray &a) { return a.dist == &array; });
  };
  bool inside = llvm::any_of(replicates, [&](const ReplicateScope &r) {
    return here > r.begin && here < r.end && holds(r);
  });
  if (inside || !fn)
    return true;
  std::string what = d.text.substr(0, d.text.find(' '));
  if (fn->isMain())
    return error(n.loc, "'" + what + " ... acc' of array '" + n.text +
                            "' outside every 'acc data' region and 'device replicate' block "
                            "that holds it: there is no device copy here");
  if (!fn->isExternallyVisible() && !replicatedInFile.count(array.decl->getCanonicalDecl()))
    return error(n.loc, "'" + what + " ... acc' of array '" + n.text + "', which no 'acc data' "
                            "region or 'device replicate' block of this file holds, in static "
                            "function '" + fn->getName().str() + "': there is no device copy");
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
    if (r.acc && !deviceCopyMayExist(d, *array, n))
      return false;
    if (!r.widths.empty() && r.widths.size() != array->extents.size())
      return error(n.loc, "'width' gives " + std::to_string(r.widths.size()) +
                              " widths but array '" + n.text + "' has " +
                              std::to_string(array->extents.size()) +
                              " dimensions");
    // An array without shadow has nothing to exchange: most likely its
    // shadow directive is missing (its neighbours' values would be wrong).
    if (array->shadow.empty())
      warning(n.loc, std::string("array '") + n.text + "' has no shadow: '" + what +
                         "' exchanges nothing (declare one with '#pragma xmp shadow " + n.text +
                         "[...]')");
    // Widths within the declared shadow (no shadow directive: none), where
    // both are numbers; the runtime checks the others.
    for (size_t dim = 0; dim < r.widths.size(); ++dim) {
      const Width &w = r.widths[dim];
      for (const std::string *side : {&w.lo, &w.hi})
        if (!checkConstant(*side, w.loc, "the width"))
          return false;
      for (const std::string *side : {&w.lo, &w.hi})
        if (std::optional<int64_t> v = literal(*side); v && *v < 0)
          return error(w.loc, "width " + std::to_string(*v) + " of dimension " +
                                  std::to_string(dim) + " of array '" + n.text +
                                  "' is negative");
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
      const SourceIndex::Var *loc = index.lookupVar(l.text, at);
      if (!loc)
        return error(l.loc, "location variable '" + l.text + "' is not declared");
      // The generated program has no such variable: its storage is the runtime's.
      if (program.arrays.count(loc->decl))
        return error(l.loc, "location variable '" + l.text + "' is a distributed array");
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
    // A distributed array: the part each node owns, combined over nodes
    // that own the same part (checked when it runs).
    // (firstmax and the like were refused above: an array.)
    if (program.arrays.count(var->decl->getCanonicalDecl()))
      count = -1;
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

/// The triplets `ref` selects of `target` (all of it when unsubscripted), as
/// 0-based inclusive C expressions in C order.
bool Analyzer::selection(const NodeRef &ref, const Symbol &target, Site &site) {
  bool nodes = target.kind == Symbol::Nodes;
  for (const RefSubscript &sub : ref.subscripts)
    for (const std::string *e : {&sub.first, &sub.second, &sub.step})
      if (!e->empty() && *e != "*" &&
          !checkConstant(*e, sub.loc, nodes ? "the node index" : "the template index"))
        return false;
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
    // (A template whose declaration was in error has no bounds: its own error
    // is reported.)
    bool bounds = d < target.lower.size() && d < target.upper.size();
    std::string first = nodes ? "0" : bounds ? "(" + target.lower[d] + ")" : "";
    std::string last = nodes ? kLastIndex : bounds ? "(" + target.upper[d] + ")" : "";
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

} // namespace xmp::frontend::sema
