//===- SemaArray.cpp - array statements, allocations, accesses --------------===//

#include "SemaAnalyzer.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

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

/// `[1:1][0:0]`-like text of an array's declared shadow; "none" where it has
/// none or only zero widths (the same layout).
static std::string shadowText(const DistArray &a) {
  std::string out;
  bool none = true;
  for (const Width &w : a.shadow) {
    out += "[" + (w.full ? std::string("*") : w.lo + ":" + w.hi) + "]";
    none = none && !w.full && w.lo == "0" && w.hi == "0";
  }
  return none ? "none" : out;
}

/// A distributed array passed whole to a function of this file whose
/// parameter is aligned: the callee lays out the caller's storage with the
/// parameter's mapping, so a different alignment or shadow reads other
/// elements than the caller's.
void Analyzer::checkPassedMapping(const DistArray &array, const CallExpr *call, const Expr *arg) {
  const FunctionDecl *callee = call->getDirectCallee();
  const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
  unsigned k = 0;
  while (k < call->getNumArgs() && call->getArg(k) != arg)
    ++k;
  if (!def || k >= def->getNumParams())
    return;
  const ParmVarDecl *param = def->getParamDecl(k);
  auto it = program.arrays.find(param);
  if (it == program.arrays.end())
    return;
  const DistArray &p = it->second;
  std::string what;
  if (p.tdims != array.tdims || p.extents != array.extents)
    what = "aligned otherwise (other extents or aligned dimensions)";
  else if (shadowText(p) != shadowText(array))
    what = "given shadow " + shadowText(p) + " where the caller's array has " +
           shadowText(array);
  if (!what.empty())
    warning(arg->getBeginLoc(),
            "'" + array.name + "' is passed to '" + def->getName().str() + "', whose parameter '" +
                param->getName().str() + "' is " + what +
                ": the callee would lay out this node's storage differently and reach other "
                "elements; give both the same align and shadow");
}

/// XMP 1.4, align, restrictions: "[C] An align directive for an array must precede
/// any of its appearances in the executable code in the block." An appearance
/// before it, in C code or in a directive or the statement one takes, would use
/// the plain C array that the generated program no longer has. The block: the
/// file for an align at file scope, else the function body (a file-scope
/// array aligned in main may be used by the functions before main).
void Analyzer::checkUsesBeforeAlign(const std::set<const DeclRefExpr *> &allocations) {
  FileID fid = sm.getMainFileID();
  StringRef buffer = sm.getBufferData(fid);
  for (const Site &align : program.sites) {
    if (align.dir->kind != DirectiveKind::Align || !align.array)
      continue;
    const DistArray &array = *align.array;
    unsigned at = index.offset(align.dir->range.getBegin());
    unsigned from = index.offset(array.decl->getLocation());
    if (const FunctionDecl *fn = index.enclosingFunction(align.dir->range.getBegin()))
      from = std::max(from, index.offset(fn->getBody()->getBeginLoc()));
    SourceLocation first;
    auto found = [&](SourceLocation loc) {
      unsigned off = index.offset(loc);
      if (off > from && off < at && (first.isInvalid() || off < index.offset(first)))
        first = loc;
    };
    for (const DeclRefExpr *ref : index.declRefs())
      if (ref->getDecl() == array.decl && !allocations.count(ref))
        found(ref->getLocation());
    for (const Site &s : program.sites) {
      unsigned begin = index.offset(s.dir->range.getBegin());
      unsigned end = index.offset(s.dir->range.getEnd());
      // Directives that name no variable but in expressions (SemaExpr rejects
      // distributed arrays there).
      DirectiveKind kind = s.dir->kind;
      if (begin <= from || begin >= at || kind == DirectiveKind::Nodes ||
          kind == DirectiveKind::Template || kind == DirectiveKind::Distribute ||
          kind == DirectiveKind::TemplateFix || kind == DirectiveKind::Task ||
          kind == DirectiveKind::Barrier || kind == DirectiveKind::WaitAsync)
        continue;
      Lexer raw(sm.getLocForStartOfFile(fid), ctx.getLangOpts(), buffer.begin(),
                buffer.begin() + begin, buffer.end());
      Token t;
      bool refersToNodes = false; // after 'on', 'with', 'from': a template or node array
      for (raw.LexFromRawLexer(t); t.isNot(tok::eof) && index.offset(t.getLocation()) <= end;
           raw.LexFromRawLexer(t)) {
        bool after = refersToNodes;
        refersToNodes =
            t.is(tok::raw_identifier) &&
            llvm::is_contained({"on", "with", "from", "onto"}, t.getRawIdentifier().lower());
        if (after || !t.is(tok::raw_identifier) || t.getRawIdentifier() != array.name)
          continue;
        const SourceIndex::Var *var = index.lookupVar(array.name, t.getLocation());
        if (var && var->decl == array.decl)
          found(t.getLocation());
      }
    }
    if (first.isValid())
      error(first, "distributed array '" + array.name +
                       "' is used before its 'align' directive; the directive must come "
                       "first (XMP 1.4: it precedes every use of the array in its block)");
  }
}

void Analyzer::checkAccesses() {
  std::set<const DeclRefExpr *> allowed = hostDataRefs;
  checkAllocations(allowed);
  checkUsesBeforeAlign(allowed);
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
    if (call && llvm::is_contained(call->arguments(), arg) && !ref->getBeginLoc().isMacroID()) {
      program.passedArrays.push_back(ref);
      checkPassedMapping(program.arrays.at(var), call, arg);
    } else
      error(ref->getLocation(), "distributed array '" + var->getName().str() +
                                    "' can only be used through subscripts or passed "
                                    "whole to a function");
  }
  llvm::sort(program.accesses, [&](auto *a, auto *b) {
    return index.offset(a->getBeginLoc()) < index.offset(b->getBeginLoc());
  });
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

} // namespace xmp::frontend::sema
